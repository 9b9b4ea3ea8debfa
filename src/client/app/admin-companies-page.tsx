import { AdminCompaniesPage } from '~/client/admin-companies/admin-companies-page';
import type { PageProps } from '~/client/routes';

// /admin/companies: Company Management (the admin-companies feature).
export default function AdminCompaniesRoute(props: PageProps) {
  return <AdminCompaniesPage {...props} />;
}
