import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Invoice, Payment, PaymentMethod } from '~/shared/billing';
import type { Database } from '../db/client';
import { companies, invoiceItems, invoices, paymentMethods, payments } from '../db/schema';

type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export function paymentMethodView(method: PaymentMethodRow, defaultMethodId: string | null): PaymentMethod {
  return {
    id: method.id,
    kind: method.kind,
    label: method.label,
    last4: method.last4,
    is_default: method.id === defaultMethodId,
    created_at: method.createdAt.toISOString(),
  };
}

// Payments as the API answers them (paymentSchema), in the order of the ids asked for.
export async function loadPaymentViews(db: Database, ids: readonly string[]): Promise<Payment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ payment: payments, invoiceNumber: invoices.invoiceNumber, companyName: companies.name })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(inArray(payments.id, [...ids]));
  const byId = new Map(
    rows.map(({ payment, invoiceNumber, companyName }): [string, Payment] => [
      payment.id,
      {
        id: payment.id,
        invoice_id: payment.invoiceId,
        invoice_number: invoiceNumber,
        company_name: companyName,
        amount_cents: payment.amountCents,
        status: payment.status,
        method_label: payment.methodLabel,
        failure_message: payment.failureMessage,
        created_at: payment.createdAt.toISOString(),
        completed_at: payment.completedAt?.toISOString() ?? null,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// The invoice a payment answer carries (invoiceSchema), its items in position order.
export async function loadPaidInvoiceView(db: Database, invoiceId: string): Promise<Invoice | undefined> {
  const [[row], items] = await Promise.all([
    db
      .select({ invoice: invoices, companyName: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(eq(invoices.id, invoiceId)),
    db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoiceId)).orderBy(asc(invoiceItems.position)),
  ]);
  if (!row) return undefined;
  const { invoice, companyName } = row;
  return {
    id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    company_id: invoice.companyId,
    company_name: companyName,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    status: invoice.status,
    subtotal_cents: invoice.subtotalCents,
    fee_cents: invoice.feeCents,
    tax_cents: invoice.taxCents,
    amount_cents: invoice.totalCents,
    paid_at: invoice.paidAt?.toISOString() ?? null,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      description: item.description,
      quantity: Number(item.quantity),
      rate_cents: item.rateCents,
      amount_cents: item.amountCents,
    })),
  };
}

// A saved method of this company that can still be charged: not removed, and of the provider in use
// (a test-mode method means nothing to Stripe).
export function liveMethodOf(companyId: string, id: string, providerName: string) {
  return and(
    eq(paymentMethods.id, id),
    eq(paymentMethods.companyId, companyId),
    eq(paymentMethods.provider, providerName),
    isNull(paymentMethods.removedAt),
  );
}
