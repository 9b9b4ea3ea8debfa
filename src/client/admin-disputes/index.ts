export { AdminDisputesPage } from './admin-disputes-page';
