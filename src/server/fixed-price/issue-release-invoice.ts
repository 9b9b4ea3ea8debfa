import { eq } from 'drizzle-orm';
import { decimalOfMinor } from '~/shared/accounting';
import { type Currency, currencyOf } from '~/shared/currencies';
import type { Database } from '../db/client';
import { invoiceItems, invoices, type milestones, users } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { buildMilestoneItems } from '../kernels/money/invoice-arithmetic';
import { takeInvoiceNumbers } from '../kernels/money/issue-invoices';
import { postInvoiceIssued } from '../kernels/money/post-invoice-issued';
import { isoDay } from '../platform/work-calendar';

// The paid invoice of a release (whole, or a settlement's part): the milestone's released amount, the fee
// and the tax at the rates fixed at funding, computed on what is released; the next gapless number; paid
// by the funding charge.
export async function issueReleaseInvoice({
  tx,
  released,
  applicantId,
  assignmentId,
  companyId,
  currency,
  now,
}: {
  tx: Database;
  released: typeof milestones.$inferSelect;
  applicantId: string;
  assignmentId: string;
  companyId: string;
  // The company's billing currency, which the invoice's lines name their amounts in.
  currency: Currency;
  now: Date;
}): Promise<{ id: string; number: string; totalCents: number }> {
  const [talent] = await tx.select({ name: users.name }).from(users).where(eq(users.id, applicantId));
  const arithmetic = buildMilestoneItems({
    assignmentId,
    title: released.title,
    talentName: talent?.name ?? 'Talent',
    amountCents: released.releasedCents,
    feeBasisPoints: released.feeBasisPoints ?? 0,
    taxBasisPoints: released.taxBasisPoints ?? 0,
    taxName: released.taxName ?? 'Tax',
    currency,
  });
  const today = isoDay(now);
  const [number] = await takeInvoiceNumbers({ tx, year: Number(today.slice(0, 4)), count: 1 });
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: number ?? '',
      companyId,
      periodStart: today,
      periodEnd: today,
      issueDate: today,
      dueDate: today,
      status: 'paid',
      subtotalCents: arithmetic.subtotalCents,
      feeBasisPoints: released.feeBasisPoints ?? 0,
      feeCents: arithmetic.feeCents,
      taxBasisPoints: released.taxBasisPoints ?? 0,
      taxCents: arithmetic.taxCents,
      // The rule fixed at funding, as the charge was (decision 053).
      taxCategory: released.taxCategory ?? 'sales_tax',
      taxName: released.taxName ?? 'Tax',
      taxNote: released.taxNote ?? '',
      totalCents: arithmetic.totalCents,
      paidAt: now,
      milestoneId: released.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: invoices.id, number: invoices.invoiceNumber, currency: invoices.currency });
  if (!invoice) throw new Error('The release invoice was not stored.');
  await tx.insert(invoiceItems).values(
    arithmetic.items.map((item, index) => ({
      invoiceId: invoice.id,
      position: index + 1,
      kind: item.kind,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit,
      rateCents: item.rateCents,
      amountCents: item.amountCents,
      assignmentId: item.assignmentId,
      minutes: item.minutes,
      workStart: item.workStart,
      workEnd: item.workEnd,
    })),
  );
  await postInvoiceIssued(tx, invoice.id);
  // Issued already paid by the funding charge: a receiver hears both, as of an invoice paid at once.
  const amounts = {
    invoice_id: invoice.id,
    number: invoice.number,
    currency: invoice.currency,
    total: decimalOfMinor(arithmetic.totalCents, currencyOf(invoice.currency)),
  };
  await emitWebhookEvent({ db: tx, companyId, type: 'invoice.issued', data: { ...amounts, due_date: today } });
  await emitWebhookEvent({ db: tx, companyId, type: 'invoice.paid', data: amounts });
  return { id: invoice.id, number: invoice.number, totalCents: arithmetic.totalCents };
}
