import { sql } from 'drizzle-orm';
import {
  type LedgerSummary,
  ledgerAccounts,
  type PayoutBalance,
  type PayoutException,
  type PayoutRun,
  type PayoutRunList,
  payoutTexts,
  type RunLine,
  type RunLineList,
  type RunLineStatus,
  runLineStatuses,
  type TalentBalanceList,
  type TalentBalanceRow,
  type TalentPayoutList,
} from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { accountSums, talentBalanceOf } from '../platform/ledger';
import { defaultMethodJoin, exceptionSql } from './payout-runs';

// What the payout screens read (docs/decisions/036): every figure of money is a sum of ledger lines.

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function talentBalance({
  db,
  applicantId,
  settings,
  nextRunAt,
  now = new Date(),
}: {
  db: Database;
  applicantId: string;
  settings: Pick<PlatformSettings, 'payout_minimum_cents'>;
  nextRunAt: Date;
  now?: Date;
}): Promise<PayoutBalance> {
  const [balance, [standing]] = await Promise.all([
    talentBalanceOf(db, applicantId),
    selectRows<{ exception: PayoutException | null; on_hold: boolean }>(
      db,
      sql`select ${exceptionSql(now.toISOString())} as exception, h.id is not null as on_hold
          from users u ${defaultMethodJoin} where u.id = ${applicantId}`,
    ),
  ]);
  const reachesMinimum = balance.availableCents >= settings.payout_minimum_cents;
  return {
    pending_cents: balance.pendingCents,
    available_cents: balance.availableCents,
    in_transit_cents: balance.inTransitCents,
    paid_out_cents: balance.paidOutCents,
    minimum_cents: settings.payout_minimum_cents,
    next_payout: {
      runs_at: nextRunAt.toISOString(),
      amount_cents: reachesMinimum && !standing?.exception ? balance.availableCents : 0,
      blocked_by: standing?.exception ?? null,
    },
    on_hold: standing?.on_hold ?? false,
  };
}

export async function talentPayouts({
  db,
  applicantId,
  page,
  pageSize,
}: {
  db: Database;
  applicantId: string;
  page: number;
  pageSize: number;
}): Promise<TalentPayoutList> {
  const sentStatuses = sql`('sent', 'paid', 'failed')`;
  const [rows, [counted]] = await Promise.all([
    selectRows<{
      id: string;
      amount_cents: number;
      status: 'sent' | 'paid' | 'failed';
      method_label: string | null;
      reference: string | null;
      failure_reason: string | null;
      sent_at: Date | string;
      paid_at: Date | string | null;
      failed_at: Date | string | null;
    }>(
      db,
      sql`select id, amount_cents, status, method_label, reference, failure_reason, sent_at, paid_at, failed_at
          from payouts where applicant_id = ${applicantId} and status in ${sentStatuses}
          order by sent_at desc, id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from payouts where applicant_id = ${applicantId} and status in ${sentStatuses}`,
    ),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      amount_cents: row.amount_cents,
      status: row.status,
      method_label: row.method_label ?? '',
      reference: row.reference,
      failure_reason: row.failure_reason,
      sent_at: new Date(row.sent_at).toISOString(),
      paid_at: iso(row.paid_at),
      failed_at: iso(row.failed_at),
    })),
    total: counted?.total ?? 0,
    page,
    page_size: pageSize,
  };
}

interface RunRow {
  id: string;
  scheduled_for: string;
  status: PayoutRun['status'];
  created_at: Date | string;
  approved_at: Date | string | null;
  approved_by_name: string | null;
  counts: Record<string, number> | null;
  total_cents: string;
  bank_file_count: number;
  reminded_at: Date | string | null;
  remindable_count: number;
}

const runSelect = sql`select r.id, r.scheduled_for::text, r.status, r.created_at, r.approved_at, a.name as approved_by_name,
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

function runOf(row: RunRow): PayoutRun {
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
    total_cents: Number(row.total_cents),
    payout_count: counts.planned + counts.sent + counts.paid + counts.failed,
    exception_count: counts.exception,
    counts,
    bank_file_count: row.bank_file_count,
    reminded_at: iso(row.reminded_at),
    remindable_count: row.remindable_count,
  };
}

export async function findPayoutRun(db: Database, runId: string): Promise<PayoutRun> {
  const [row] = await selectRows<RunRow>(db, sql`${runSelect} where r.id = ${runId}`);
  if (!row) throw new AppError('not_found', payoutTexts.runNotFound);
  return runOf(row);
}

export async function findPayoutRuns(db: Database, page: number, pageSize: number): Promise<PayoutRunList> {
  const [rows, [counted]] = await Promise.all([
    selectRows<RunRow>(
      db,
      sql`${runSelect} order by r.scheduled_for desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from payout_runs`),
  ]);
  return { items: rows.map(runOf), total: counted?.total ?? 0, page, page_size: pageSize };
}

const lineSelect = sql`select p.id, p.applicant_id, u.name as talent_name, u.email as talent_email, p.amount_cents,
    p.status, p.exception, p.provider, p.method_label, p.reference, p.failure_reason
  from payouts p join users u on u.id = p.applicant_id`;

export async function findRunLines(
  db: Database,
  { runId, status, page, pageSize }: { runId: string; status?: RunLineStatus; page: number; pageSize: number },
): Promise<RunLineList> {
  await findPayoutRun(db, runId);
  const where = sql`where p.run_id = ${runId} ${status ? sql`and p.status = ${status}` : sql``}`;
  const [rows, [counted]] = await Promise.all([
    selectRows<RunLine>(
      db,
      sql`${lineSelect} ${where} order by u.name, p.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from payouts p ${where}`),
  ]);
  return { items: rows, total: counted?.total ?? 0, page, page_size: pageSize };
}

export async function findRunLine(db: Database, payoutId: string): Promise<RunLine> {
  const [row] = await selectRows<RunLine>(db, sql`${lineSelect} where p.id = ${payoutId}`);
  if (!row) throw new AppError('not_found', payoutTexts.payoutNotFound);
  return row;
}

interface BalanceRow {
  applicant_id: string;
  name: string;
  email: string;
  pending: string;
  available: string;
  in_transit: string;
  paid_out: string;
  hold_id: string | null;
  hold_reason: string | null;
  placed_at: Date | string | null;
  placed_by_name: string | null;
}

const balanceOf = (row: BalanceRow): TalentBalanceRow => ({
  applicant_id: row.applicant_id,
  name: row.name,
  email: row.email,
  pending_cents: Number(row.pending),
  available_cents: Number(row.available),
  in_transit_cents: Number(row.in_transit),
  paid_out_cents: Number(row.paid_out),
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
const balancesSql = sql`with sums as (
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

export async function findTalentBalances(
  db: Database,
  { q, only, page, pageSize }: { q?: string; only?: 'owed' | 'negative' | 'on_hold'; page: number; pageSize: number },
): Promise<TalentBalanceList> {
  const conditions = [
    q ? sql`(b.name ilike ${containingPattern(q)} or b.email ilike ${containingPattern(q)})` : null,
    only === 'owed' ? sql`(b.pending + b.available + b.in_transit) > 0` : null,
    only === 'negative' ? sql`b.available < 0` : null,
    only === 'on_hold' ? sql`b.hold_id is not null` : null,
  ].filter((condition) => condition !== null);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, [counted]] = await Promise.all([
    selectRows<BalanceRow>(
      db,
      sql`select * from (${balancesSql}) as b ${where}
          order by b.available desc, b.name, b.applicant_id limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from (${balancesSql}) as b ${where}`),
  ]);
  return { items: rows.map(balanceOf), total: counted?.total ?? 0, page, page_size: pageSize };
}

export async function findTalentBalance(db: Database, applicantId: string): Promise<TalentBalanceRow> {
  const [row] = await selectRows<BalanceRow>(
    db,
    sql`select * from (${balancesSql}) as b where b.applicant_id = ${applicantId}`,
  );
  if (row) return balanceOf(row);
  const [person] = await selectRows<{ name: string; email: string }>(
    db,
    sql`select name, email from users where id = ${applicantId} and role = 'applicant'`,
  );
  if (!person) throw new AppError('not_found', payoutTexts.talentNotFound);
  return balanceOf({
    applicant_id: applicantId,
    ...person,
    pending: '0',
    available: '0',
    in_transit: '0',
    paid_out: '0',
    hold_id: null,
    hold_reason: null,
    placed_at: null,
    placed_by_name: null,
  });
}

export async function ledgerSummary(db: Database): Promise<LedgerSummary> {
  const { sums, total } = await accountSums(db);
  return {
    accounts: ledgerAccounts.map((account) => ({ account, balance_cents: sums.get(account) ?? 0 })),
    imbalance_cents: total,
  };
}
