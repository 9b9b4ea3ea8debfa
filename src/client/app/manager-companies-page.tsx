import { ManagedCompaniesPage } from '~/client/manager-portal/managed-companies-page';
import type { PageProps } from '~/client/routes';

// /manager: the account manager's companies (the manager-portal feature).
export default function ManagerCompaniesRoute(props: PageProps) {
  return <ManagedCompaniesPage {...props} />;
}
