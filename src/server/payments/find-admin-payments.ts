import { and, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AdminPayment, AdminPaymentList, AdminPaymentStatus, AdminPaymentSummary } from '~/shared/admin-payments';
import { currencyOf } from '~/shared/currencies';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { companies, invoices, milestones, payments } from '../db/schema';
import { lastRefundAtOf, refundFieldsOf } from '../kernels/payments/payment-views';

export interface AdminPaymentFilter {
  q?: string;
  status?: AdminPaymentStatus;
}

// A refunded payment completed once and was given back: it shows as refunded, not completed.
const statusCondition: Record<AdminPaymentStatus, SQL | undefined> = {
  completed: and(eq(payments.status, 'completed'), isNull(payments.refundedAt)),
  pending: eq(payments.status, 'pending'),
  failed: eq(payments.status, 'failed'),
  refunded: isNotNull(payments.refundedAt),
};

// The payments the filter matches, as (id, created_at). The search finds company names, invoice numbers and
// milestone titles, anywhere in the text, any case, each through its own trigram index, and reaches the
// payments by their keys (an OR over the three joined tables read every payment and every invoice).
function matchingPayments(db: Database, { q, status }: AdminPaymentFilter) {
  const search = q?.trim();
  const inStatus = status ? statusCondition[status] : undefined;
  const keys = { id: payments.id, createdAt: payments.createdAt };
  if (!search) return db.select(keys).from(payments).where(inStatus).as('matched');
  const pattern = containingPattern(search);
  return union(
    db
      .select(keys)
      .from(payments)
      .innerJoin(companies, eq(companies.id, payments.companyId))
      .where(and(ilike(companies.name, pattern), inStatus)),
    db
      .select(keys)
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(and(ilike(invoices.invoiceNumber, pattern), inStatus)),
    db
      .select(keys)
      .from(payments)
      .innerJoin(milestones, eq(milestones.id, payments.milestoneId))
      .where(and(ilike(milestones.title, pattern), inStatus)),
  ).as('matched');
}

const columns = {
  payment: payments,
  invoiceNumber: invoices.invoiceNumber,
  milestoneTitle: milestones.title,
  companyName: companies.name,
  lastRefundAt: lastRefundAtOf,
};
type Row = {
  payment: typeof payments.$inferSelect;
  invoiceNumber: string | null;
  milestoneTitle: string | null;
  companyName: string;
  lastRefundAt: string | null;
};

function adminPaymentView({ payment, invoiceNumber, milestoneTitle, companyName, lastRefundAt }: Row): AdminPayment {
  return {
    ...refundFieldsOf(payment, lastRefundAt),
    id: payment.id,
    invoice_id: payment.invoiceId,
    invoice_number: invoiceNumber,
    milestone_id: payment.milestoneId,
    milestone_title: milestoneTitle,
    company_id: payment.companyId,
    company_name: companyName,
    amount_cents: payment.amountCents,
    currency: currencyOf(payment.currency),
    status: payment.status,
    display_status: payment.refundedAt ? 'refunded' : payment.status,
    method_label: payment.methodLabel,
    failure_message: payment.failureMessage,
    provider: payment.provider,
    provider_ref: payment.providerRef,
    created_at: payment.createdAt.toISOString(),
    completed_at: payment.completedAt?.toISOString() ?? null,
  };
}

const joined = (db: Database) =>
  db
    .select(columns)
    .from(payments)
    // A milestone's funding pays no invoice (decision 035).
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(milestones, eq(milestones.id, payments.milestoneId))
    .innerJoin(companies, eq(companies.id, payments.companyId));

export async function loadAdminPayment(db: Database, id: string): Promise<AdminPayment | undefined> {
  const [row] = await joined(db).where(eq(payments.id, id));
  return row && adminPaymentView(row);
}

// Every payment on the platform, newest first, a page at a time.
export async function findAdminPayments({
  db,
  filter,
  page,
  pageSize,
}: {
  db: Database;
  filter: AdminPaymentFilter;
  page: number;
  pageSize: number;
}): Promise<AdminPaymentList> {
  const matched = matchingPayments(db, filter);
  // The page's keys come in order from an index of payments (or the few the search found); only those 20
  // rows are joined for display. Every payment has its company and at most one invoice or milestone, so
  // the count needs no join either.
  const pageIds = db
    .select({ id: matched.id })
    .from(matched)
    .orderBy(desc(matched.createdAt), desc(matched.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [rows, [counted]] = await Promise.all([
    joined(db).where(inArray(payments.id, pageIds)).orderBy(desc(payments.createdAt), desc(payments.id)),
    db.select({ total: sql<number>`count(*)::int` }).from(matched),
  ]);
  return { items: rows.map(adminPaymentView), total: counted?.total ?? 0, page, page_size: pageSize };
}

// The export's rows: every payment the filter matches, newest first (capped, as a spreadsheet is).
const EXPORT_ROW_LIMIT = 50_000;
export async function findAdminPaymentsForExport({
  db,
  filter,
}: {
  db: Database;
  filter: AdminPaymentFilter;
}): Promise<AdminPayment[]> {
  const matched = matchingPayments(db, filter);
  const rows = await joined(db)
    .where(inArray(payments.id, db.select({ id: matched.id }).from(matched)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(EXPORT_ROW_LIMIT);
  return rows.map(adminPaymentView);
}

export const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

// The three cards: received this month (completed, not refunded), pending now, failed or refunded this
// month. Months are calendar months in UTC.
export async function getAdminPaymentSummary({
  db,
  now = new Date(),
}: {
  db: Database;
  now?: Date;
}): Promise<AdminPaymentSummary> {
  const monthStart = monthStartOf(now);
  const sumWhere = (condition: SQL | undefined) =>
    sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${condition}), 0)::bigint`;
  const countWhere = (condition: SQL | undefined) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const received = and(
    eq(payments.status, 'completed'),
    isNull(payments.refundedAt),
    gte(payments.completedAt, monthStart),
  );
  const pending = eq(payments.status, 'pending');
  const lost = or(
    and(eq(payments.status, 'failed'), gte(payments.createdAt, monthStart)),
    gte(payments.refundedAt, monthStart),
  );
  const [row] = await db
    .select({
      receivedCents: sumWhere(received),
      receivedCount: countWhere(received),
      pendingCents: sumWhere(pending),
      pendingCount: countWhere(pending),
      lostCents: sumWhere(lost),
      lostCount: countWhere(lost),
    })
    .from(payments);
  return {
    received_this_month: { amount_cents: Number(row?.receivedCents ?? 0), count: row?.receivedCount ?? 0 },
    pending: { amount_cents: Number(row?.pendingCents ?? 0), count: row?.pendingCount ?? 0 },
    failed_or_refunded_this_month: { amount_cents: Number(row?.lostCents ?? 0), count: row?.lostCount ?? 0 },
  };
}
