import { AdminJobsPage } from '~/client/admin-jobs/admin-jobs-page';
import type { PageProps } from '~/client/routes';

// /admin/jobs: Job Management (the admin-jobs feature).
export default function AdminJobsRoute(props: PageProps) {
  return <AdminJobsPage {...props} />;
}
