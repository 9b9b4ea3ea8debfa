import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type BillingSummary, OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing';
import { currencyOf, DEFAULT_CURRENCY } from '~/shared/currencies';
import type { Database } from '../db/client';
import { billingProfiles, companies, invoices } from '../db/schema';

// The four cards of Billing & Invoices (docs/spec/admin-billing-and-content.md §9): outstanding = pending + unpaid +
// overdue; overdue; the last payment = the invoice paid most recently (an older one paid late is the latest
// payment); the next auto-pay = the earliest due date
// among outstanding invoices and what falls due that day, or null ('Off') unless auto-pay is on.
export async function getBillingSummary({
  db,
  companyId,
}: {
  db: Database;
  companyId: string;
}): Promise<BillingSummary> {
  const isOutstanding = inArray(invoices.status, [...OUTSTANDING_INVOICE_STATUSES]);
  const [[sums], [lastPaid], [profile]] = await Promise.all([
    db
      .select({
        outstanding: sql<string>`coalesce(sum(${invoices.totalCents}) filter (where ${isOutstanding}), 0)::bigint`,
        overdue: sql<string>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.status} = 'overdue'), 0)::bigint`,
      })
      .from(invoices)
      .where(eq(invoices.companyId, companyId)),
    db
      .select({ totalCents: invoices.totalCents, issueDate: invoices.issueDate, paidAt: invoices.paidAt })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.status, 'paid')))
      .orderBy(desc(invoices.paidAt), desc(invoices.invoiceNumber))
      .limit(1),
    db
      .select({ autoPay: billingProfiles.autoPay, currency: companies.billingCurrency })
      .from(companies)
      .leftJoin(billingProfiles, eq(billingProfiles.companyId, companies.id))
      .where(eq(companies.id, companyId)),
  ]);

  let nextAutoPay: BillingSummary['next_auto_pay'] = null;
  if (profile?.autoPay) {
    const [due] = await db
      .select({ dueDate: invoices.dueDate, amount: sql<string>`sum(${invoices.totalCents})::bigint` })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), isOutstanding))
      .groupBy(invoices.dueDate)
      .orderBy(asc(invoices.dueDate))
      .limit(1);
    if (due) nextAutoPay = { date: due.dueDate, amount_cents: Number(due.amount) };
  }

  return {
    outstanding_cents: Number(sums?.outstanding ?? 0),
    overdue_cents: Number(sums?.overdue ?? 0),
    last_payment:
      lastPaid?.paidAt != null
        ? { amount_cents: lastPaid.totalCents, issue_date: lastPaid.issueDate, paid_at: lastPaid.paidAt.toISOString() }
        : null,
    next_auto_pay: nextAutoPay,
    currency: profile ? currencyOf(profile.currency) : DEFAULT_CURRENCY,
  };
}
