import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Payment, type PaymentMethod, paymentDisplayStatusOf } from '~/shared/billing';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../../db/client';
import { companies, creditNotes, invoices, milestones, paymentMethods, payments } from '../../db/schema';

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

// When money last went back of a payment: the newest of its credit notes (decision 048), or the time it
// was marked refunded (a refund older than credit notes has one from the migration, at that time).
export const lastRefundAtOf = sql<string | null>`coalesce(${payments.refundedAt},
  (select max(${creditNotes.issuedAt}) from ${creditNotes} where ${creditNotes.paymentId} = ${payments.id}))`.mapWith(
  (value: string | Date | null) => (value === null ? null : new Date(value).toISOString()),
);

// What a payment's refund fields say, as paymentSchema has them.
export const refundFieldsOf = (payment: typeof payments.$inferSelect, lastRefundAt: string | null) => ({
  refunded_cents: payment.refundedCents,
  refunded_at: lastRefundAt,
  display_status: paymentDisplayStatusOf({
    status: payment.status,
    amount_cents: payment.amountCents,
    refunded_cents: payment.refundedCents,
  }),
});

// Payments as the API answers them (paymentSchema), in the order of the ids asked for.
export async function loadPaymentViews(db: Database, ids: readonly string[]): Promise<Payment[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      payment: payments,
      invoiceNumber: invoices.invoiceNumber,
      milestoneTitle: milestones.title,
      companyName: companies.name,
      lastRefundAt: lastRefundAtOf,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(milestones, eq(milestones.id, payments.milestoneId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(inArray(payments.id, [...ids]));
  const byId = new Map(
    rows.map(({ payment, invoiceNumber, milestoneTitle, companyName, lastRefundAt }): [string, Payment] => [
      payment.id,
      {
        id: payment.id,
        invoice_id: payment.invoiceId,
        invoice_number: invoiceNumber,
        milestone_id: payment.milestoneId,
        milestone_title: milestoneTitle,
        company_name: companyName,
        amount_cents: payment.amountCents,
        currency: currencyOf(payment.currency),
        status: payment.status,
        method_label: payment.methodLabel,
        failure_message: payment.failureMessage,
        created_at: payment.createdAt.toISOString(),
        completed_at: payment.completedAt?.toISOString() ?? null,
        ...refundFieldsOf(payment, lastRefundAt),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
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
