import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InvoiceStatus } from '~/shared/billing';
import type { Database } from '../db/client';
import { companyMembers, invoiceItems, invoices } from '../db/schema';

// Invoices for the payment tests, written straight to the tables (not through the invoice run): one work
// item, the 10% fee and a tax item, with totals that are the items' sum.

let period = 0;

export async function companyIdOf(db: Database, userId: string): Promise<string> {
  const [member] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId));
  if (!member) throw new Error('The account belongs to no company.');
  return member.companyId;
}

export async function insertTestInvoice(
  db: Database,
  {
    companyId,
    workCents = 120_000,
    status = 'pending',
    dueDate = '2026-12-08',
  }: { companyId: string; workCents?: number; status?: InvoiceStatus; dueDate?: string },
) {
  period += 1;
  // A distinct billing week per invoice (one invoice per company and period).
  const periodStart = new Date(Date.UTC(2020, 0, 5 + 7 * period)).toISOString().slice(0, 10);
  const periodEnd = new Date(Date.UTC(2020, 0, 11 + 7 * period)).toISOString().slice(0, 10);
  const feeCents = Math.round(workCents / 10);
  const taxCents = Math.round((workCents + feeCents) * 0.05);
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber: `TEST-${randomBytes(5).toString('hex').toUpperCase()}`,
      companyId,
      periodStart,
      periodEnd,
      billingWeek: periodStart,
      issueDate: '2026-11-24',
      dueDate,
      status,
      subtotalCents: workCents,
      feeBasisPoints: 1000,
      feeCents,
      taxBasisPoints: 500,
      taxCents,
      totalCents: workCents + feeCents + taxCents,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning();
  if (!invoice) throw new Error('The invoice was not stored.');
  await db.insert(invoiceItems).values([
    {
      invoiceId: invoice.id,
      position: 1,
      kind: 'work',
      description: 'Support Engineer: 24 hours',
      quantity: 24 * 60,
      unit: 'minute',
      rateCents: Math.round(workCents / 24),
      amountCents: workCents,
      minutes: 24 * 60,
      workStart: periodStart,
      workEnd: periodEnd,
    },
    {
      invoiceId: invoice.id,
      position: 2,
      kind: 'fee',
      description: 'Platform fee (10%)',
      quantity: 1,
      unit: 'each',
      rateCents: feeCents,
      amountCents: feeCents,
    },
    {
      invoiceId: invoice.id,
      position: 3,
      kind: 'tax',
      description: 'Tax (5%)',
      quantity: 1,
      unit: 'each',
      rateCents: taxCents,
      amountCents: taxCents,
    },
  ]);
  return invoice;
}
