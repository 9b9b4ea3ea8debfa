import { API_TOKENS_SECTION_ID, ApiTokensSection } from '~/client/api-tokens';
import type { PageProps } from '~/client/routes';
import { SystemSettingsPage } from '~/client/system-settings';

// /admin/settings: the admin's settings — System Settings (system-settings/) and, below, the admin's own
// personal API tokens (api-tokens/), which the API Settings tab links to. Composed here so neither
// feature imports the other.
export default function AdminSettingsRoute(props: PageProps) {
  return (
    <SystemSettingsPage {...props} apiTokensHref={`#${API_TOKENS_SECTION_ID}`}>
      <ApiTokensSection />
    </SystemSettingsPage>
  );
}
