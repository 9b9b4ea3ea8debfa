import { and, asc, count, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoiceList, InvoiceSortKey, invoiceListQuerySchema } from '~/shared/billing';
import type { Database } from '../db/client';
import { invoices } from '../db/schema';
import { loadInvoiceViews } from '../kernels/payments/invoice-views';
import { AppError } from '../platform/errors';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

// Status sorts by its word, as the table shows it.
const sortColumns: Record<InvoiceSortKey, SQL | typeof invoices.invoiceNumber> = {
  invoiceNumber: invoices.invoiceNumber,
  issueDate: sql`${invoices.issueDate}`,
  dueDate: sql`${invoices.dueDate}`,
  amount: sql`${invoices.totalCents}`,
  status: sql`${invoices.status}::text`,
};

// The company's invoices (docs/spec/admin-billing-and-content.md §5, §9): the number contains q (any case), a status,
// issued within from–to (inclusive); sorted by a column, then by number in the same direction; a page at a time.
export async function findInvoices({
  db,
  companyId,
  query,
}: {
  db: Database;
  companyId: string;
  query: z.output<typeof invoiceListQuerySchema>;
}): Promise<InvoiceList> {
  const { q, status, from, to, sort, order, page, page_size: pageSize } = query;
  if (from && to && from > to) {
    throw new AppError('validation', 'The start date must be on or before the end date.', {
      from: 'The start date must be on or before the end date.',
    });
  }
  const where = and(
    eq(invoices.companyId, companyId),
    q ? ilike(invoices.invoiceNumber, `%${escapeLike(q)}%`) : undefined,
    status ? eq(invoices.status, status) : undefined,
    from ? gte(invoices.issueDate, from) : undefined,
    to ? lte(invoices.issueDate, to) : undefined,
  );
  const direction = order === 'asc' ? asc : desc;
  const [[counted], rows] = await Promise.all([
    db.select({ total: count() }).from(invoices).where(where),
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(where)
      .orderBy(direction(sortColumns[sort]), direction(invoices.invoiceNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const items = await loadInvoiceViews({ db, companyId, ids: rows.map((row) => row.id) });
  return { items, total: counted?.total ?? 0, page, page_size: pageSize };
}
