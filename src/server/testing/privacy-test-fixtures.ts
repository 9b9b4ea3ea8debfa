import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices, payments } from '../db/schema';
import { insertTestInvoice } from './payment-test-invoices';

// A paid invoice (issued on the day given, else as insertTestInvoice issues it) and its completed payment.
export async function insertPaidInvoice(
  db: Database,
  { companyId, issueDate }: { companyId: string; issueDate?: string },
) {
  const invoice = await insertTestInvoice(db, { companyId, status: 'paid' });
  if (issueDate) await db.update(invoices).set({ issueDate }).where(eq(invoices.id, invoice.id));
  await db.insert(payments).values({
    invoiceId: invoice.id,
    companyId,
    methodLabel: 'Visa ending in 4242',
    amountCents: invoice.totalCents,
    status: 'completed',
    idempotencyKey: randomUUID(),
    provider: 'test',
    providerRef: `ch_${randomUUID()}`,
    completedAt: new Date(),
  });
  return invoice;
}
