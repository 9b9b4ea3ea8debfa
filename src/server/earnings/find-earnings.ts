import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { currencyOf } from '~/shared/currencies';
import type { EarningsList, EarningsSummary } from '~/shared/earnings';
import { payoutTexts } from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { integerColumn, momentColumn, totalRow, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { uuidArray } from '../kernels/money/invoice-drafts';
import { humanDay, isoDay } from '../platform/work-calendar';

// The talent's earnings (decision 024): their approved weeks, each with what it earns them — the pay fixed
// at approval (approve-timesheet.ts: each day's minutes at that day's pay rate) — and whether the company
// has been invoiced for it; and their fixed-price milestones released (decision 035), each its amount,
// invoiced at release. Tenancy in the query: only the talent's own assignments are read.

// Approval always fixes the pay; a week written to the table without it counts nothing rather than a guess.
// A milestone is earned when it is approved, or, released in part by a dispute's settlement, when settled.
const earned = (applicantId: string) => sql`
  select 'week' as kind, t.id as timesheet_id, null::uuid as milestone_id, null as milestone_title,
         a.id as assignment_id, c.name as company_name, a.role, t.week_start::text as week_start,
         t.week_start::text as earned_on,
         coalesce((select sum(e.minutes) from time_entries e where e.timesheet_id = t.id), 0)::int as minutes,
         coalesce(t.talent_pay_cents, 0)::int as amount, t.approved_at, i.issue_date::text as invoiced_on,
         t.id as sort_id, i.status = 'paid' as invoice_paid, greatest(t.approved_at, i.paid_at) as ready_from,
         c.billing_currency as currency
  from timesheets t
  join assignments a on a.id = t.assignment_id
  join companies c on c.id = a.company_id
  left join invoices i on i.id = t.invoice_id
  where a.applicant_id = ${applicantId} and t.status = 'approved'
  union all
  select 'milestone', null, m.id, m.title, a.id, c.name, a.role, null,
         (coalesce(m.approved_at, m.settled_at) at time zone 'UTC')::date::text,
         0, m.released_cents, m.approved_at, i.issue_date::text, m.id, true, i.created_at, c.billing_currency
  from milestones m
  join assignments a on a.id = m.assignment_id
  join companies c on c.id = a.company_id
  left join invoices i on i.milestone_id = m.id
  where a.applicant_id = ${applicantId} and m.released_cents > 0`;

const earnedRow = z.object({
  kind: z.enum(['week', 'milestone']),
  timesheet_id: uuidColumn.nullable(),
  milestone_id: uuidColumn.nullable(),
  milestone_title: z.string().nullable(),
  assignment_id: uuidColumn,
  company_name: z.string(),
  role: z.string(),
  week_start: z.string().nullable(),
  earned_on: z.string(),
  minutes: integerColumn,
  amount: integerColumn,
  approved_at: momentColumn.nullable(),
  invoiced_on: z.string().nullable(),
  invoice_paid: z.boolean().nullable(),
  ready_from: momentColumn.nullable(),
  currency: z.string().transform(currencyOf),
});
type EarnedRow = z.output<typeof earnedRow>;

interface LedgerState {
  pending: number;
  reclaimed: boolean;
}

// Where each listed earning is in the ledger (decision 036): what of it is still pending, and whether a
// refund took it back once.
async function ledgerStates(db: Database, rows: EarnedRow[]): Promise<Map<string, LedgerState>> {
  const ids = rows.map((row) => row.timesheet_id ?? row.milestone_id ?? '');
  if (ids.length === 0) return new Map();
  const states = await selectRows(
    db,
    z.object({ earning_id: uuidColumn, pending: integerColumn.nullable(), reclaimed: z.boolean() }),
    sql`select coalesce(e.timesheet_id, e.milestone_id) as earning_id,
               (-sum(e.amount_cents) filter (where e.account = 'talent_pending'))::bigint as pending,
               bool_or(l.kind = 'earnings_reclaimed') as reclaimed
        from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
        where e.timesheet_id = any(${uuidArray(ids)}::uuid[]) or e.milestone_id = any(${uuidArray(ids)}::uuid[])
        group by 1`,
  );
  return new Map(
    states.map((state) => [state.earning_id, { pending: state.pending ?? 0, reclaimed: state.reclaimed }]),
  );
}

type PayoutSettings = Pick<PlatformSettings, 'payouts_wait_for_payment' | 'payout_security_days'>;

function payoutStageOf(row: EarnedRow, state: LedgerState | undefined, settings: PayoutSettings) {
  // Posted and nothing left pending: available (or paid out since, from the pooled balance).
  if (state && state.pending === 0)
    return { payout_stage: 'available' as const, pending_reason: null, available_on: null };
  const pending = (pending_reason: string, available_on: string | null = null) => ({
    payout_stage: 'pending' as const,
    pending_reason,
    available_on,
  });
  if (row.kind === 'week' && !row.invoiced_on) return pending(payoutTexts.pendingAwaitingInvoice);
  if (row.kind === 'week' && settings.payouts_wait_for_payment && !row.invoice_paid) {
    return pending(state?.reclaimed ? payoutTexts.pendingReclaimed : payoutTexts.pendingAwaitingPayment);
  }
  const from = new Date(
    settings.payouts_wait_for_payment || row.kind === 'milestone'
      ? (row.ready_from ?? row.approved_at ?? Date.now())
      : (row.approved_at ?? Date.now()),
  );
  const until = new Date(from.getTime() + settings.payout_security_days * 86_400_000);
  return pending(payoutTexts.pendingSecurity(humanDay(isoDay(until))), isoDay(until));
}

export async function findEarnings({
  db,
  applicantId,
  settings,
  page,
  pageSize,
}: {
  db: Database;
  applicantId: string;
  settings: PayoutSettings;
  page: number;
  pageSize: number;
}): Promise<EarningsList> {
  const [rows, [counted]] = await Promise.all([
    selectRows(
      db,
      earnedRow,
      sql`select * from (${earned(applicantId)}) as earned
          order by earned_on desc, role, sort_id
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows(db, totalRow, sql`select count(*)::int as total from (${earned(applicantId)}) as earned`),
  ]);
  const states = await ledgerStates(db, rows);
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      timesheet_id: row.timesheet_id,
      milestone_id: row.milestone_id,
      milestone_title: row.milestone_title,
      assignment_id: row.assignment_id,
      company_name: row.company_name,
      role: row.role,
      week_start: row.week_start,
      earned_on: row.earned_on,
      total_minutes: row.minutes,
      amount_cents: row.amount,
      currency: row.currency,
      approved_at: row.approved_at?.toISOString() ?? null,
      stage: row.invoiced_on ? 'invoiced' : 'approved',
      invoiced_on: row.invoiced_on ?? null,
      ...payoutStageOf(row, states.get(row.timesheet_id ?? row.milestone_id ?? ''), settings),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}

export async function getEarningsSummary({
  db,
  applicantId,
}: {
  db: Database;
  applicantId: string;
}): Promise<EarningsSummary> {
  // A row per currency the talent earned in (each company's billing currency).
  const sums = await selectRows(
    db,
    z.object({
      currency: z.string().transform(currencyOf),
      weeks: integerColumn,
      milestones: integerColumn,
      minutes: integerColumn,
      approved: integerColumn,
      invoiced: integerColumn,
    }),
    sql`select currency,
               count(*) filter (where kind = 'week')::int as weeks,
               count(*) filter (where kind = 'milestone')::int as milestones,
               coalesce(sum(minutes), 0)::bigint as minutes,
               coalesce(sum(amount), 0)::bigint as approved,
               coalesce(sum(amount) filter (where invoiced_on is not null), 0)::bigint as invoiced
        from (${earned(applicantId)}) as earned
        group by currency
        order by currency`,
  );
  const total = (pick: (row: (typeof sums)[number]) => number) => sums.reduce((sum, row) => sum + pick(row), 0);
  const approved = total((row) => row.approved);
  const invoiced = total((row) => row.invoiced);
  return {
    weeks: total((row) => row.weeks),
    milestones: total((row) => row.milestones),
    total_minutes: total((row) => row.minutes),
    approved_cents: approved,
    invoiced_cents: invoiced,
    awaiting_invoice_cents: approved - invoiced,
    currencies: sums.map((row) => ({
      currency: row.currency,
      approved_cents: row.approved,
      invoiced_cents: row.invoiced,
      awaiting_invoice_cents: row.approved - row.invoiced,
    })),
  };
}
