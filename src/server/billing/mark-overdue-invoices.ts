import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idRow } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import type { AuditAction } from '../platform/record-audit-event';
import { isoDay } from '../platform/work-calendar';

const MARKED_ACTION: AuditAction = 'invoice.marked_overdue';

// The daily sweep: an invoice not paid by its due date is overdue from the day after. One statement for
// every company, each change in the audit log (without an actor: nobody asked); a second run the same
// day finds nothing left to mark.
export async function markOverdueInvoices({
  db,
  today = isoDay(new Date()),
}: {
  db: Database;
  // YYYY-MM-DD (UTC).
  today?: string;
}): Promise<{ marked: string[] }> {
  const rows = await selectRows(
    db,
    idRow,
    sql`with marked as (
          update invoices set status = 'overdue', updated_at = now()
          where status in ('pending', 'unpaid') and due_date < ${today}::date
          returning id, invoice_number, company_id, due_date
        ), logged as (
          insert into audit_logs (action, target_type, target_id, details)
          select ${MARKED_ACTION}, 'invoice', id::text,
                 jsonb_build_object('invoice_number', invoice_number, 'company_id', company_id, 'due_date', due_date)
          from marked
        )
        select id from marked`,
  );
  return { marked: rows.map((row) => row.id) };
}
