export { AdminPaymentsPage } from './admin-payments-page';
