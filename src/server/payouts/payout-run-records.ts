import { eq, sql } from 'drizzle-orm';
import { payoutTexts } from '~/shared/payouts';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { payoutRuns } from '../db/schema';
import { uuidArray } from '../kernels/money/invoice-drafts';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { postMissingTransactions } from '../kernels/money/post-missing-transactions';
import { AppError } from '../platform/errors';
import { getPlatformSettings } from '../platform/get-platform-settings';

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

// The exception of a talent, from their hold, account, default method and tax form, in the order an
// administrator resolves them; null when they can be paid. Shared by the run's lines and the talent's own
// balance. A tax form counts while it is in force and not expired, when System Settings ask for one (issue 56).
export const exceptionSql = (now: string, requireTaxForm: boolean) => sql`case
    when h.id is not null then 'on_hold'
    when u.status = 'suspended' then 'suspended'
    when m.id is null then 'no_method'
    when m.usable_from > ${now}::timestamptz then 'method_waiting'
    when m.kind = 'stripe_connect' and m.onboarded_at is null then 'not_onboarded'
    when ${requireTaxForm}::boolean and not exists (
        select 1 from tax_forms tf
        where tf.applicant_id = u.id and tf.status = 'active'
          and (tf.expires_at is null or tf.expires_at > ${now}::timestamptz)) then 'tax_form_missing'
  end`;

// Whether payouts wait for a tax form now: read when a run is prepared or approved and for a talent's balance.
export async function isTaxFormRequired(db: Database): Promise<boolean> {
  return (await getPlatformSettings({ db })).payouts_require_tax_form;
}

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

// Payouts' money moved, a transaction each, in one statement (a run of ten thousand is one insert of
// transactions and one of lines). Sent: each part leaves the talent's available balance in its currency
// and, when converted, passes through fx_conversion into the payout's currency, the margin to fx_margin
// (decision 051); paid: in transit to paid out; failed: the sent transaction undone line by line, so the
// talent has back exactly what left, in the currencies it left in.
export async function postPayoutMoves({
  tx,
  payoutIds,
  kind,
  at,
}: {
  tx: Database;
  payoutIds: readonly string[];
  kind: 'payout_sent' | 'payout_paid' | 'payout_failed';
  at: Date;
}) {
  if (payoutIds.length === 0) return;
  const keyPrefix = `${kind.replace('_', '-')}:`;
  const posted = sql`posted as (
      insert into ledger_transactions (key, kind, applicant_id, payout_id, occurred_at)
      select ${keyPrefix} || p.id, ${kind}::ledger_transaction_kind, p.applicant_id, p.id, ${at.toISOString()}::timestamptz
      from payouts p where p.id = any(${uuidArray(payoutIds)}::uuid[])
      on conflict (key) do nothing
      returning id, payout_id
    )`;
  const lines = {
    payout_sent: sql`select posted.id, side.account::ledger_account, side.cents, side.currency,
                            case when side.account in ('talent_available', 'payouts_in_transit') then p.applicant_id end
        from posted join payouts p on p.id = posted.payout_id join payout_parts pp on pp.payout_id = p.id
        cross join lateral (values
          ('talent_available', pp.source_cents, pp.source_currency),
          ('fx_conversion', case when pp.rate is null then 0 else -pp.source_cents end, pp.source_currency),
          ('fx_conversion', case when pp.rate is null then 0 else pp.amount_cents + pp.margin_cents end, p.currency),
          ('payouts_in_transit', -pp.amount_cents, p.currency),
          ('fx_margin', -pp.margin_cents, p.currency)) as side(account, cents, currency)
        where side.cents <> 0`,
    payout_paid: sql`select posted.id, side.account::ledger_account, side.cents, p.currency, p.applicant_id
        from posted join payouts p on p.id = posted.payout_id
        cross join lateral (values ('payouts_in_transit', p.amount_cents::bigint), ('paid_out', -p.amount_cents::bigint))
          as side(account, cents)
        where side.cents <> 0`,
    payout_failed: sql`select posted.id, e.account, -e.amount_cents, e.currency, e.applicant_id
        from posted join ledger_transactions s on s.key = 'payout-sent:' || posted.payout_id
        join ledger_entries e on e.transaction_id = s.id`,
  }[kind];
  await tx.execute(
    sql`with ${posted}
        insert into ledger_entries (transaction_id, account, amount_cents, currency, applicant_id) ${lines}`,
  );
}
