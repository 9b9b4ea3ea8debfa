import { PortalShell } from '~/client/app/portal-shell/portal-shell';

export default function ApplicantLayout() {
  return <PortalShell portalRole="applicant" />;
}
