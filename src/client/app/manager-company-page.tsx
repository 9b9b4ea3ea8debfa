import { ManagedCompanyPage } from '~/client/manager-portal/managed-company-page';
import type { PageProps } from '~/client/routes';

// /manager/companies/:id: one of the account manager's companies (the manager-portal feature).
export default function ManagerCompanyRoute(props: PageProps) {
  return <ManagedCompanyPage {...props} />;
}
