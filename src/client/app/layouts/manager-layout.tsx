import { PortalShell } from '~/client/app/portal-shell/portal-shell';

export default function ManagerLayout() {
  return <PortalShell portalRole="manager" />;
}
