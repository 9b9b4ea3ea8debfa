export { AdminPayoutsPage } from './admin-payouts-page';
