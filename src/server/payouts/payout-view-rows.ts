import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type PayoutRun,
  payoutRunStatuses,
  type RunLineStatus,
  runLineStatuses,
  type TalentBalanceRow,
} from '~/shared/payouts';
import { integerColumn, momentColumn, uuidColumn } from '../db/row-columns';

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
  total_cents: integerColumn,
  bank_file_count: integerColumn,
  reminded_at: momentColumn.nullable(),
  remindable_count: integerColumn,
});
type RunRow = z.output<typeof runRow>;

export const runSelect = sql`select r.id, r.scheduled_for::text, r.status, r.created_at, r.approved_at, a.name as approved_by_name,
    (select json_object_agg(status, n) from (select status, count(*)::int as n from payouts p
       where p.run_id = r.id group by status) as c) as counts,
    (select coalesce(sum(amount_cents), 0)::bigint from payouts p
       where p.run_id = r.id and p.status in ('planned', 'sent', 'paid')) as total_cents,
    (select count(*)::int from payouts p where p.run_id = r.id and p.status = 'sent' and p.provider = 'bank_file')
       as bank_file_count,
    r.reminded_at,
    (select count(*)::int from payouts p where p.run_id = r.id and p.status = 'exception'
       and p.exception in ('no_method', 'not_onboarded')) as remindable_count
  from payout_runs r left join users a on a.id = r.approved_by`;

export function runOf(row: RunRow): PayoutRun {
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
    total_cents: row.total_cents,
    payout_count: counts.planned + counts.sent + counts.paid + counts.failed,
    exception_count: counts.exception,
    counts,
    bank_file_count: row.bank_file_count,
    reminded_at: iso(row.reminded_at),
    remindable_count: row.remindable_count,
  };
}

export const lineSelect = sql`select p.id, p.applicant_id, u.name as talent_name, u.email as talent_email, p.amount_cents,
    p.status, p.exception, p.provider, p.method_label, p.reference, p.failure_reason
  from payouts p join users u on u.id = p.applicant_id`;

export const balanceRow = z.object({
  applicant_id: uuidColumn,
  name: z.string(),
  email: z.string(),
  pending: integerColumn,
  available: integerColumn,
  in_transit: integerColumn,
  paid_out: integerColumn,
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
  pending_cents: row.pending,
  available_cents: row.available,
  in_transit_cents: row.in_transit,
  paid_out_cents: row.paid_out,
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

// Per talent: everyone the ledger owes or has paid, and anyone on hold.
export const balancesSql = sql`with sums as (
    select applicant_id,
           (-sum(amount_cents) filter (where account = 'talent_pending'))::bigint as pending,
           (-sum(amount_cents) filter (where account = 'talent_available'))::bigint as available,
           (-sum(amount_cents) filter (where account = 'payouts_in_transit'))::bigint as in_transit,
           (-sum(amount_cents) filter (where account = 'paid_out'))::bigint as paid_out
    from ledger_entries where applicant_id is not null
      and account in ('talent_pending', 'talent_available', 'payouts_in_transit', 'paid_out')
    group by applicant_id
  ), people as (
    select applicant_id from sums union select applicant_id from payout_holds where released_at is null
  )
  select u.id as applicant_id, u.name, u.email,
         coalesce(s.pending, 0) as pending, coalesce(s.available, 0) as available,
         coalesce(s.in_transit, 0) as in_transit, coalesce(s.paid_out, 0) as paid_out,
         h.id as hold_id, h.reason as hold_reason, h.placed_at, placer.name as placed_by_name
  from people join users u on u.id = people.applicant_id
  left join sums s on s.applicant_id = u.id
  left join payout_holds h on h.applicant_id = u.id and h.released_at is null
  left join users placer on placer.id = h.placed_by`;
