import type { PageProps } from '~/client/routes';
import { SystemSettingsPage } from '~/client/system-settings';

// /admin/settings: System Settings (system-settings/). Administrators have no personal API tokens.
export default function AdminSettingsRoute(props: PageProps) {
  return <SystemSettingsPage {...props} />;
}
