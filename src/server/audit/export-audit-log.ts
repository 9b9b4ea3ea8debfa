import type { AuditLogEntry, AuditLogFilter } from '~/shared/audit-logs';
import type { Database } from '../db/client';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findAuditLogsForExport } from './find-audit-logs';

// The whole platform's audit log as a CSV, read a batch at a time. Taking it is itself recorded, once
// the first batch is read (a search the database refuses is answered before anything is written).
export async function exportAuditLog({
  db,
  filter,
  actorId,
  ipAddress,
}: {
  db: Database;
  filter: AuditLogFilter;
  actorId: string;
  ipAddress?: string;
}): Promise<{ first: AuditLogEntry[] | undefined; rest: AsyncGenerator<AuditLogEntry[]> }> {
  const batches = findAuditLogsForExport({ db, scope: { kind: 'platform' }, filter });
  const first = await batches.next();
  await recordAuditEvent({ db, event: { actorId, action: 'audit_log.exported', details: { filter }, ipAddress } });
  return { first: first.done ? undefined : first.value, rest: batches };
}
