import { TimeZoneSection } from '~/client/account/time-zone-section';
import type { PageProps } from '~/client/routes';
import { SystemSettingsPage } from '~/client/system-settings';
import { WebhooksSection } from '~/client/webhooks';

// /admin/settings: System Settings (system-settings/), then the administrator's own time zone
// (account/), the one personal setting on this page (docs/decisions/022), and the platform's webhook endpoints
// (webhooks/, issue 58). Administrators have no personal API tokens.
export default function AdminSettingsRoute(props: PageProps) {
  return (
    <div className="grid min-w-0 gap-6">
      <SystemSettingsPage {...props} />
      <WebhooksSection owner="platform" />
      <TimeZoneSection />
    </div>
  );
}
