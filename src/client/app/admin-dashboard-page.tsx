import { AdminDashboardPage } from '~/client/admin-dashboard';
import type { PageProps } from '~/client/routes';

// /admin-dashboard: the admin dashboard (the admin-dashboard feature).
export default function AdminDashboardRoute(props: PageProps) {
  return <AdminDashboardPage {...props} />;
}
