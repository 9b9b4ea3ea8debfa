import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type PayoutRun,
  payoutRunStatuses,
  type RunLineStatus,
  type RunRate,
  runLineSchema,
  runLineStatuses,
  type TalentBalanceRow,
} from '~/shared/payouts';
import { integerColumn, momentColumn, uuidColumn } from '../db/row-columns';
import { currencyColumn } from './find-payout-parts';

// What the payout screens read (docs/decisions/036): every figure of money is a sum of ledger lines. Each read
// is a file of its own (find-payout-run.ts, find-talent-balances.ts, …); this one holds the rows and the SQL
// they share.

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const runRow = z.object({
  id: uuidColumn,
  scheduled_for: z.string(),
  status: z.enum(payoutRunStatuses),
  created_at: momentColumn,
  approved_at: momentColumn.nullable(),
  approved_by_name: z.string().nullable(),
  counts: z.record(z.string(), z.number()).nullable(),
  totals: z.array(z.object({ currency: currencyColumn, amount_cents: integerColumn })).nullable(),
  bank_file_count: integerColumn,
  reminded_at: momentColumn.nullable(),
  remindable_count: integerColumn,
});
type RunRow = z.output<typeof runRow>;

export const runSelect = sql`select r.id, r.scheduled_for::text, r.status, r.created_at, r.approved_at, a.name as approved_by_name,
    (select json_object_agg(status, n) from (select status, count(*)::int as n from payouts p
       where p.run_id = r.id group by status) as c) as counts,
    (select json_agg(json_build_object('currency', t.currency, 'amount_cents', t.amount_cents) order by t.currency)
       from (select p.currency, sum(p.amount_cents)::bigint as amount_cents from payouts p
             where p.run_id = r.id and p.status in ('planned', 'sent', 'paid') group by p.currency) as t) as totals,
    (select count(*)::int from payouts p where p.run_id = r.id and p.status = 'sent' and p.provider = 'bank_file')
       as bank_file_count,
    r.reminded_at,
    (select count(*)::int from payouts p where p.run_id = r.id and p.status = 'exception'
       and p.exception in ('no_method', 'not_onboarded')) as remindable_count
  from payout_runs r left join users a on a.id = r.approved_by`;

// A run as the API answers it, with its rates (find-run-rates.ts).
export function runOf(row: RunRow, rates: RunRate[]): PayoutRun {
  const counts = Object.fromEntries(runLineStatuses.map((status) => [status, row.counts?.[status] ?? 0])) as Record<
    RunLineStatus,
    number
  >;
  return {
    id: row.id,
    scheduled_for: row.scheduled_for,
    status: row.status,
    created_at: new Date(row.created_at).toISOString(),
    approved_at: iso(row.approved_at),
    approved_by_name: row.approved_by_name,
    totals: row.totals ?? [],
    payout_count: counts.planned + counts.sent + counts.paid + counts.failed,
    exception_count: counts.exception,
    counts,
    bank_file_count: row.bank_file_count,
    reminded_at: iso(row.reminded_at),
    remindable_count: row.remindable_count,
    rates,
  };
}

// A run's lines, without their parts (find-payout-parts.ts reads those for a page of lines at once).
export const lineRow = runLineSchema.omit({ parts: true });
export const lineSelect = sql`select p.id, p.applicant_id, u.name as talent_name, u.email as talent_email, p.amount_cents,
    p.currency, p.status, p.exception, p.provider, p.method_label, p.reference, p.failure_reason
  from payouts p join users u on u.id = p.applicant_id`;

const currencySumsRow = z.object({
  currency: currencyColumn,
  pending: integerColumn,
  available: integerColumn,
  in_transit: integerColumn,
  paid_out: integerColumn,
});

export const balanceRow = z.object({
  applicant_id: uuidColumn,
  name: z.string(),
  email: z.string(),
  balances: z.array(currencySumsRow).nullable(),
  hold_id: uuidColumn.nullable(),
  hold_reason: z.string().nullable(),
  placed_at: momentColumn.nullable(),
  placed_by_name: z.string().nullable(),
});
type BalanceRow = z.output<typeof balanceRow>;

export const balanceOf = (row: BalanceRow): TalentBalanceRow => ({
  applicant_id: row.applicant_id,
  name: row.name,
  email: row.email,
  balances: (row.balances ?? []).map((sums) => ({
    currency: sums.currency,
    pending_cents: sums.pending,
    available_cents: sums.available,
    in_transit_cents: sums.in_transit,
    paid_out_cents: sums.paid_out,
  })),
  hold:
    row.hold_id && row.hold_reason && row.placed_at
      ? {
          id: row.hold_id,
          reason: row.hold_reason,
          placed_at: new Date(row.placed_at).toISOString(),
          placed_by_name: row.placed_by_name,
        }
      : null,
});

// Per talent: everyone the ledger owes or has paid, and anyone on hold; their sums a currency at a time (in
// code order), never added across currencies. `owed` and `negative` say whether any currency is.
export const balancesSql = sql`with sums as (
    select applicant_id, currency,
           coalesce(-sum(amount_cents) filter (where account = 'talent_pending'), 0)::bigint as pending,
           coalesce(-sum(amount_cents) filter (where account = 'talent_available'), 0)::bigint as available,
           coalesce(-sum(amount_cents) filter (where account = 'payouts_in_transit'), 0)::bigint as in_transit,
           coalesce(-sum(amount_cents) filter (where account = 'paid_out'), 0)::bigint as paid_out
    from ledger_entries where applicant_id is not null
      and account in ('talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out')
    group by applicant_id, currency
  ), talents as (
    select applicant_id,
           json_agg(json_build_object('currency', currency, 'pending', pending, 'available', available,
                                      'in_transit', in_transit, 'paid_out', paid_out) order by currency) as balances,
           bool_or(available > 0) as has_available,
           bool_or(pending + available + in_transit > 0) as owed,
           bool_or(available < 0) as negative
    from sums group by applicant_id
  ), people as (
    select applicant_id from talents union select applicant_id from payout_holds where released_at is null
  )
  select u.id as applicant_id, u.name, u.email, t.balances,
         coalesce(t.has_available, false) as has_available, coalesce(t.owed, false) as owed,
         coalesce(t.negative, false) as negative,
         h.id as hold_id, h.reason as hold_reason, h.placed_at, placer.name as placed_by_name
  from people join users u on u.id = people.applicant_id
  left join talents t on t.applicant_id = u.id
  left join payout_holds h on h.applicant_id = u.id and h.released_at is null
  left join users placer on placer.id = h.placed_by`;
