import { AdminAuditLogsPage } from '~/client/audit';
import type { PageProps } from '~/client/routes';

// /admin/audit-logs: Audit Logs (the audit-logs feature).
export default function AdminAuditLogsRoute(props: PageProps) {
  return <AdminAuditLogsPage {...props} />;
}
