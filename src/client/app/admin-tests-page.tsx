import { AdminTestsPage } from '~/client/admin-tests/admin-tests-page';
import type { PageProps } from '~/client/routes';

// /admin/tests: Tests & Content Management (the admin-tests feature).
export default function AdminTestsRoute(props: PageProps) {
  return <AdminTestsPage {...props} />;
}
