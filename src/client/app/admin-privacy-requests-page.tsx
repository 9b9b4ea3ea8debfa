import { PrivacyRequestsPage } from '~/client/privacy/privacy-requests-page';
import type { PageProps } from '~/client/routes';

// /admin/privacy-requests: the privacy requests administrators process (the privacy feature).
export default function AdminPrivacyRequestsRoute(props: PageProps) {
  return <PrivacyRequestsPage {...props} />;
}
