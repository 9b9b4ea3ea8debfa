import { PageMeta } from '~/client/components/page-meta';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { AuditLogList } from './audit-log-list';

// /admin/audit-logs (docs/spec/admin-billing-and-content.md §2 item 8): every recorded action on the platform.
export function AdminAuditLogsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Who did what on the platform, and when: every change with its values before and after.
        </p>
      </div>
      <AuditLogList source="admin" showsTypeFilter showsExport />
    </div>
  );
}
