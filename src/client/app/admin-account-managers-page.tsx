import { AccountManagersPage } from '~/client/account-managers/account-managers-page';
import type { PageProps } from '~/client/routes';

// /admin/account-managers: Account Manager Management (the account-managers feature).
export default function AdminAccountManagersRoute(props: PageProps) {
  return <AccountManagersPage {...props} />;
}
