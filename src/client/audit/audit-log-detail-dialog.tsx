import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Dialog, DialogContent } from '~/client/components/ui/dialog';
import { type AuditLogEntry, auditChange } from '~/shared/audit-logs';
import { actorOf, formatAuditTime } from './audit-log-format';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="grid min-w-0 gap-1">
      <h3 className="text-sm font-semibold">{label}</h3>
      <pre className="max-h-64 overflow-auto rounded-md border border-border bg-muted p-3 text-xs whitespace-pre-wrap [overflow-wrap:anywhere]">
        {value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

interface AuditLogDetailDialogProps {
  entry: AuditLogEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

// One audit row: who did what to which record, when and from where, with the values before and after
// the change when the row kept them (else its details as they are).
export function AuditLogDetailDialog({ entry, open, onOpenChange }: AuditLogDetailDialogProps) {
  const change = auditChange(entry.details);
  // What else the row kept beside the change (the company's name, the sessions signed out…).
  const { before: _before, after: _after, ...rest } = entry.details;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={entry.action_label} description={formatAuditTime(entry.created_at)} className="max-w-2xl">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Fact label="Action">
            {entry.action_label} <span className="font-normal text-muted-foreground">({entry.action})</span>
          </Fact>
          <Fact label="User">
            {actorOf(entry)} {entry.actor_kind === 'system' && <Badge variant="neutral">System</Badge>}
          </Fact>
          <Fact label="Target Type">{entry.target_type ?? '—'}</Fact>
          <Fact label="Target ID">{entry.target_id ?? '—'}</Fact>
          <Fact label="Timestamp">{formatAuditTime(entry.created_at)}</Fact>
          {entry.ip_address && <Fact label="IP Address">{entry.ip_address}</Fact>}
          <Fact label="Entry ID">{entry.id}</Fact>
        </dl>
        {change ? (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <Json label="Before" value={change.before} />
              <Json label="After" value={change.after} />
            </div>
            {Object.keys(rest).length > 0 && <Json label="Other Details" value={rest} />}
          </>
        ) : (
          <Json label="Details" value={entry.details} />
        )}
      </DialogContent>
    </Dialog>
  );
}
