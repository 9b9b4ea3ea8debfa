import { PortalShell } from '~/client/app/portal-shell/portal-shell';

export default function CompanyLayout() {
  return <PortalShell portalRole="company" />;
}
