import { count, desc, eq } from 'drizzle-orm';
import type { CreditNoteList } from '~/shared/billing';
import type { Database } from '../db/client';
import { creditNotes } from '../db/schema';
import { loadCreditNoteViews } from '../kernels/payments/credit-note-views';

// The company's credit notes (decision 048), newest first, a page at a time.
export async function findCreditNotes({
  db,
  companyId,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  page: number;
  pageSize: number;
}): Promise<CreditNoteList> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: creditNotes.id })
      .from(creditNotes)
      .where(eq(creditNotes.companyId, companyId))
      .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.creditNoteNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(creditNotes).where(eq(creditNotes.companyId, companyId)),
  ]);
  const items = await loadCreditNoteViews({ db, companyId, ids: rows.map((row) => row.id) });
  return { items, total: counted?.total ?? 0, page, page_size: pageSize };
}
