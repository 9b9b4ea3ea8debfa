import { PortalShell } from '~/client/app/portal-shell/portal-shell';

export default function AdminLayout() {
  return <PortalShell portalRole="admin" />;
}
