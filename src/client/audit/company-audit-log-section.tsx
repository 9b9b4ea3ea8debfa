import { AuditLogList } from './audit-log-list';

// Company settings: what the company's own people changed, and when.
export function CompanyAuditLogSection() {
  return (
    <section aria-labelledby="company-audit-log-title" className="grid min-w-0 gap-3">
      <div className="space-y-1">
        <h2 id="company-audit-log-title" className="text-lg font-semibold">
          Audit log
        </h2>
        <p className="text-sm text-muted-foreground">Who in your company changed what, and when.</p>
      </div>
      <AuditLogList source="company" searchPrefix="audit_" />
    </section>
  );
}
