import { count, desc, eq } from 'drizzle-orm';
import type { PaymentList } from '~/shared/billing';
import type { Database } from '../db/client';
import { payments } from '../db/schema';
import { loadPaymentViews } from '../kernels/payments/payment-views';

// The company's payments (every attempt: completed, failed and pending), newest first, a page at a time.
export async function findPayments({
  db,
  companyId,
  page,
  pageSize,
}: {
  db: Database;
  companyId: string;
  page: number;
  pageSize: number;
}): Promise<PaymentList> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.companyId, companyId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(payments).where(eq(payments.companyId, companyId)),
  ]);
  const items = await loadPaymentViews(
    db,
    rows.map((row) => row.id),
  );
  return { items, total: counted?.total ?? 0, page, page_size: pageSize };
}
