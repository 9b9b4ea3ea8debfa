import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices } from '../db/schema';
import { isoDay } from './billing-period';

// The daily sweep: an invoice not paid by its due date is overdue from the day after. One statement for
// every company; a second run the same day finds nothing left to mark.
export async function markOverdueInvoices({
  db,
  today = isoDay(new Date()),
}: {
  db: Database;
  // YYYY-MM-DD (UTC).
  today?: string;
}): Promise<{ marked: string[] }> {
  const marked = await db
    .update(invoices)
    .set({ status: 'overdue', updatedAt: sql`now()` })
    .where(and(inArray(invoices.status, ['pending', 'unpaid']), lt(invoices.dueDate, today)))
    .returning({ id: invoices.id });
  return { marked: marked.map((row) => row.id) };
}
