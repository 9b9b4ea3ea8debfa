import { AdminDisputesPage } from '~/client/admin-disputes';
import type { PageProps } from '~/client/routes';

// /admin/disputes: Disputes (the admin-disputes feature).
export default function AdminDisputesRoute(props: PageProps) {
  return <AdminDisputesPage {...props} />;
}
