import { eq, sql } from 'drizzle-orm';
import { formatCents } from '~/shared/billing-texts';
import { type LedgerAccount, payoutTexts } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { payoutRuns } from '../db/schema';
import { selectRows } from '../db/select-rows';
import type { Mailer } from '../mail/mailer';
import { payoutMethodReminderEmail } from '../mail/templates/payout-method-reminder';
import { AppError } from '../platform/errors';
import { makeEarningsAvailable, postMissingTransactions } from '../platform/ledger';
import { notify } from '../platform/notify';
import { recordAuditEvent } from '../platform/record-audit-event';

// Payout runs (docs/decisions/036). A run is prepared for a day — by the weekly schedule or an
// administrator — with one line per talent whose available balance reaches the minimum: a planned payout
// to their default method, or an exception (on hold, suspended, no method, a method in its 72-hour wait,
// a Stripe account not set up). An administrator approves it; each planned payout then leaves the
// talent's balance (available → in transit) under a lock on the talent, so no cent is sent twice
// whichever runs or instances approve at once, and goes out: a Stripe Connect transfer, or a line of
// the bank file the finance team uploads. How each then settles is settle-payouts.ts.

type PayoutSettings = Pick<
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
export async function bringLedgerUpToDate(db: Database, settings: PayoutSettings, now: Date) {
  await postMissingTransactions(db);
  await makeEarningsAvailable(db, { now, settings });
}

// A run for `day`, unless one awaits approval: then that one is the answer (a retry, another instance, an
// administrator after the schedule), and nothing is added to it.
export async function preparePayoutRun({
  db,
  settings,
  day,
  now = new Date(),
}: {
  db: Database;
  settings: PayoutSettings;
  day: string;
  now?: Date;
}): Promise<{ runId: string; wasWaiting: boolean }> {
  await bringLedgerUpToDate(db, settings, now);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(payoutRuns)
      .values({ scheduledFor: day, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: payoutRuns.id });
    if (!created) {
      const [draft] = await tx.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.status, 'draft'));
      if (!draft) throw new Error(`The payout run of ${day} was neither made nor found.`);
      return { runId: draft.id, wasWaiting: true };
    }
    const at = now.toISOString();
    await tx.execute(
      sql`with balances as (
            select applicant_id, (-sum(amount_cents))::bigint as available
            from ledger_entries where account = 'talent_available' and applicant_id is not null
            group by applicant_id
            having -sum(amount_cents) >= ${settings.payout_minimum_cents}
          ), lines as (
            select b.applicant_id, b.available, m.id as method_id, m.kind, m.label,
                   ${exceptionSql(at)} as exception
            from balances b join users u on u.id = b.applicant_id
            ${defaultMethodJoin}
          )
          insert into payouts (run_id, applicant_id, method_id, amount_cents, status, exception, provider, method_label, created_at)
          select ${created.id}::uuid, applicant_id, method_id, available,
                 (case when exception is null then 'planned' else 'exception' end)::payout_line_status,
                 exception::payout_exception,
                 (case when kind = 'stripe_connect' then 'stripe' when kind is not null then 'bank_file' end)::payout_provider,
                 label, ${at}::timestamptz
          from lines`,
    );
    return { runId: created.id, wasWaiting: false };
  });
}

export async function lockRun(tx: Database, runId: string) {
  const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).for('update');
  if (!run) throw new AppError('not_found', payoutTexts.runNotFound);
  return run;
}

// Approves a draft run. Every planned payout leaves its talent's available balance in one transaction,
// with every talent of the run locked (in id order, so two approvals cannot deadlock): a payout larger
// than what is available now (a refund took some back, or another run paid it) is cancelled. Stripe
// transfers go out after, by the job this sends.
export async function approvePayoutRun({
  db,
  runId,
  actorId,
  ipAddress,
  now = new Date(),
  afterCommit,
}: {
  db: Database;
  runId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
  // Sends the Stripe transfers' job once the approval is committed.
  afterCommit: (tx: Database) => Promise<void>;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.status !== 'draft') throw new AppError('conflict', payoutTexts.runAlreadyApproved);
    await tx
      .update(payoutRuns)
      .set({ status: 'approved', approvedBy: actorId, approvedAt: now })
      .where(eq(payoutRuns.id, runId));
    await tx.execute(
      sql`select u.id from users u
          where u.id in (select applicant_id from payouts where run_id = ${runId} and status = 'planned')
          order by u.id for update`,
    );
    const at = now.toISOString();
    // What changed since the run was prepared counts: a hold placed, an account suspended, the default
    // method changed (the payout goes to the one chosen now, if it may be paid).
    await tx.execute(
      sql`update payouts p
          set status = (case when now_.exception is null then 'planned' else 'exception' end)::payout_line_status,
              exception = now_.exception::payout_exception,
              method_id = now_.method_id, method_label = now_.label,
              provider = (case when now_.kind = 'stripe_connect' then 'stripe'
                               when now_.kind is not null then 'bank_file' end)::payout_provider
          from (select u.id as applicant_id, m.id as method_id, m.kind, m.label, ${exceptionSql(at)} as exception
                from users u ${defaultMethodJoin}
                where u.id in (select applicant_id from payouts where run_id = ${runId} and status = 'planned')) as now_
          where p.run_id = ${runId} and p.status = 'planned' and p.applicant_id = now_.applicant_id`,
    );
    // Cancelled: what the talent has available now does not cover the planned amount.
    await tx.execute(
      sql`update payouts p set status = 'cancelled', failure_reason = 'The available balance changed before approval.'
          where p.run_id = ${runId} and p.status = 'planned'
            and p.amount_cents > coalesce((select -sum(e.amount_cents) from ledger_entries e
                                           where e.applicant_id = p.applicant_id and e.account = 'talent_available'), 0)`,
    );
    const sent = await selectRows<{ id: string; applicant_id: string; amount_cents: number }>(
      tx,
      sql`update payouts set status = 'sent', sent_at = ${at}::timestamptz
          where run_id = ${runId} and status = 'planned'
          returning id, applicant_id, amount_cents`,
    );
    await postPayoutMoves(tx, sent, {
      kind: 'payout_sent',
      from: 'talent_available',
      to: 'payouts_in_transit',
      at: now,
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'payout_run.approved',
        targetType: 'payout_run',
        targetId: runId,
        details: {
          scheduled_for: run.scheduledFor,
          before: { status: 'draft' },
          after: { status: 'approved' },
          payouts: sent.length,
          total_cents: sent.reduce((total, line) => total + line.amount_cents, 0),
        },
        ipAddress,
      },
    });
    await completeIfDone(tx, runId, now);
    await afterCommit(tx);
  });
}

// Payouts' money moved from one account to another, a transaction each, in one statement (a run of ten
// thousand is one insert of transactions and one of lines).
export async function postPayoutMoves(
  tx: Database,
  lines: readonly { id: string; applicant_id: string; amount_cents: number }[],
  move: { kind: 'payout_sent' | 'payout_paid' | 'payout_failed'; from: LedgerAccount; to: LedgerAccount; at: Date },
) {
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

export async function completeIfDone(tx: Database, runId: string, now: Date) {
  await tx.execute(
    sql`update payout_runs set status = 'completed', completed_at = ${now.toISOString()}::timestamptz
        where id = ${runId} and status = 'approved'
          and not exists (select 1 from payouts where run_id = ${runId} and status in ('planned', 'sent'))`,
  );
}

// Writes once (a run's reminded_at) to each talent of the run not paid for want of a payout method of
// their own — none yet, or a Stripe account not finished — by email and in Tandem, with what they are owed
// and where to add it. Holds, suspensions and a method's 72-hour wait are the platform's to resolve, not
// theirs, so they are not written to.
export async function remindRunTalents({
  db,
  mailer,
  publicUrl,
  runId,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  runId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.remindedAt) throw new AppError('conflict', payoutTexts.alreadyReminded);
    const waiting = await selectRows<{
      applicant_id: string;
      amount_cents: number;
      exception: 'no_method' | 'not_onboarded';
      name: string;
      email: string;
    }>(
      tx,
      sql`select p.applicant_id, p.amount_cents, p.exception, u.name, u.email
          from payouts p join users u on u.id = p.applicant_id
          where p.run_id = ${runId} and p.status = 'exception' and p.exception in ('no_method', 'not_onboarded')
          order by u.id`,
    );
    if (waiting.length === 0) throw new AppError('conflict', payoutTexts.nobodyToRemind);
    await tx.update(payoutRuns).set({ remindedAt: now }).where(eq(payoutRuns.id, runId));
    const earningsPath = paths.applicantEarnings.getHref();
    for (const talent of waiting) {
      await mailer.send(
        talent.email,
        payoutMethodReminderEmail({
          name: talent.name,
          amountCents: talent.amount_cents,
          todo: talent.exception === 'no_method' ? 'add' : 'finish',
          earningsUrl: `${publicUrl}${earningsPath}`,
        }),
        { transaction: tx },
      );
    }
    await notify(
      tx,
      waiting.map((talent) => ({
        userId: talent.applicant_id,
        type: 'earnings_changed' as const,
        title: `${formatCents(talent.amount_cents)} is waiting for you`,
        body:
          talent.exception === 'no_method'
            ? 'Add a payout method in Earnings and the next payout run pays you.'
            : 'Finish setting up your Stripe account in Earnings and the next payout run pays you.',
        link: earningsPath,
      })),
    );
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'payout_run.reminded',
        targetType: 'payout_run',
        targetId: runId,
        details: { scheduled_for: run.scheduledFor, reminded: waiting.length },
        ipAddress,
      },
    });
    return waiting.length;
  });
}
