import { eq, sql } from 'drizzle-orm';
import { type LedgerAccount, payoutTexts } from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { payoutRuns } from '../db/schema';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { postMissingTransactions } from '../kernels/money/post-missing-transactions';
import { AppError } from '../platform/errors';

// Payout runs (docs/decisions/036). A run is prepared for a day — by the weekly schedule or an
// administrator — with one line per talent whose available balance reaches the minimum: a planned payout
// to their default method, or an exception (on hold, suspended, no method, a method in its 72-hour wait,
// a Stripe account not set up). An administrator approves it; each planned payout then leaves the
// talent's balance (available → in transit) under a lock on the talent, so no cent is sent twice
// whichever runs or instances approve at once, and goes out: a Stripe Connect transfer, or a line of
// the bank file the finance team uploads. How each then settles is settle-payouts.ts.
// The operations are files of their own (prepare-payout-run.ts, approve-payout-run.ts, remind-run-talents.ts);
// this one holds what they and the settling share.

export type PayoutSettings = Pick<
  PlatformSettings,
  'payouts_wait_for_payment' | 'payout_security_days' | 'payout_minimum_cents'
>;

// The exception of a talent, from their hold, account and default method, in the order an administrator
// resolves them; null when they can be paid. Shared by the run's lines and the talent's own balance.
export const exceptionSql = (now: string) => sql`case
    when h.id is not null then 'on_hold'
    when u.status = 'suspended' then 'suspended'
    when m.id is null then 'no_method'
    when m.usable_from > ${now}::timestamptz then 'method_waiting'
    when m.kind = 'stripe_connect' and m.onboarded_at is null then 'not_onboarded'
  end`;

export const defaultMethodJoin = sql`left join payout_methods m
    on m.applicant_id = u.id and m.is_default and m.removed_at is null
  left join payout_holds h on h.applicant_id = u.id and h.released_at is null`;

// Posts what is missing and moves what has matured to available: a run pays what the ledger says now.
export async function bringLedgerUpToDate({
  db,
  settings,
  now,
}: {
  db: Database;
  settings: PayoutSettings;
  now: Date;
}) {
  await postMissingTransactions(db);
  await makeEarningsAvailable({ db, now, settings });
}

// The run, locked for the change; 404 when there is none.
export async function lockRun({ tx, runId }: { tx: Database; runId: string }) {
  const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).for('update');
  if (!run) throw new AppError('not_found', payoutTexts.runNotFound);
  return run;
}

// Payouts' money moved from one account to another, a transaction each, in one statement (a run of ten
// thousand is one insert of transactions and one of lines).
export async function postPayoutMoves({
  tx,
  lines,
  move,
}: {
  tx: Database;
  lines: readonly { id: string; applicant_id: string; amount_cents: number }[];
  move: { kind: 'payout_sent' | 'payout_paid' | 'payout_failed'; from: LedgerAccount; to: LedgerAccount; at: Date };
}) {
  if (lines.length === 0) return;
  const rows = JSON.stringify(
    lines.map((line) => ({ id: line.id, applicant_id: line.applicant_id, cents: line.amount_cents })),
  );
  const keyPrefix = `${move.kind.replace('_', '-')}:`;
  await tx.execute(
    sql`with line as (
          select * from json_to_recordset(${rows}::json) as line(id uuid, applicant_id uuid, cents bigint)
        ), posted as (
          insert into ledger_transactions (key, kind, applicant_id, payout_id, occurred_at)
          select ${keyPrefix} || id, ${move.kind}::ledger_transaction_kind, applicant_id, id, ${move.at.toISOString()}::timestamptz
          from line
          on conflict (key) do nothing
          returning id, payout_id
        )
        insert into ledger_entries (transaction_id, account, amount_cents, applicant_id)
        select posted.id, side.account::ledger_account, side.sign * line.cents, line.applicant_id
        from posted join line on line.id = posted.payout_id
        cross join (values (${move.from}, 1), (${move.to}, -1)) as side(account, sign)`,
  );
}
