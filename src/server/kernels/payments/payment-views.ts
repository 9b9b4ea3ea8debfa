import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Payment, PaymentMethod } from '~/shared/billing';
import type { Database } from '../../db/client';
import { companies, invoices, milestones, paymentMethods, payments } from '../../db/schema';

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
    .select({
      payment: payments,
      invoiceNumber: invoices.invoiceNumber,
      milestoneTitle: milestones.title,
      companyName: companies.name,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(milestones, eq(milestones.id, payments.milestoneId))
    .innerJoin(companies, eq(companies.id, payments.companyId))
    .where(inArray(payments.id, [...ids]));
  const byId = new Map(
    rows.map(({ payment, invoiceNumber, milestoneTitle, companyName }): [string, Payment] => [
      payment.id,
      {
        id: payment.id,
        invoice_id: payment.invoiceId,
        invoice_number: invoiceNumber,
        milestone_id: payment.milestoneId,
        milestone_title: milestoneTitle,
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
