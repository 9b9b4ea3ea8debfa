import { AdminApplicantsPage } from '~/client/admin-applicants/admin-applicants-page';
import type { PageProps } from '~/client/routes';

// /admin/applicants: Applicant Management (the admin-applicants feature).
export default function AdminApplicantsRoute(props: PageProps) {
  return <AdminApplicantsPage {...props} />;
}
