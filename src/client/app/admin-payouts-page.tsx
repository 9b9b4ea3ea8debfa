import { AdminPayoutsPage } from '~/client/admin-payouts';
import type { PageProps } from '~/client/routes';

// /admin/payouts: Payouts (the admin-payouts feature).
export default function AdminPayoutsRoute(props: PageProps) {
  return <AdminPayoutsPage {...props} />;
}
