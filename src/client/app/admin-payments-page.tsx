import { AdminPaymentsPage } from '~/client/admin-payments';
import type { PageProps } from '~/client/routes';

// /admin/payments: Payment Management (the admin-payments feature).
export default function AdminPaymentsRoute(props: PageProps) {
  return <AdminPaymentsPage {...props} />;
}
