import { and, eq, sql } from 'drizzle-orm';
import { type LedgerAccount, payoutTexts } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { payoutRuns, payouts } from '../db/schema';
import { selectRows } from '../db/select-rows';
import type { Mailer } from '../mail/mailer';
import { payoutFailedEmail } from '../mail/templates/payout-failed';
import { payoutSentEmail } from '../mail/templates/payout-sent';
import { AppError } from '../platform/errors';
import { uuidArray } from '../platform/invoice-drafts';
import { makeEarningsAvailable, postMissingTransactions } from '../platform/ledger';
import { recordAuditEvent, recordAuditEvents } from '../platform/record-audit-event';
import { type ConnectProvider, TransientPayoutError } from './payout-provider';

// Payout runs (docs/decisions/036). A run is prepared for a day — by the weekly schedule or an
// administrator — with one line per talent whose available balance reaches the minimum: a planned payout
// to their default method, or an exception (on hold, suspended, no method, a method in its 72-hour wait,
// a Stripe account not set up). An administrator approves it; each planned payout then leaves the
// talent's balance (available → in transit) under a lock on the talent, so no cent is sent twice
// whichever runs or instances approve at once, and goes out: a Stripe Connect transfer, or a line of
// the bank file the finance team uploads and later marks paid or imports the results of. A failed payout
// puts the money back in the balance, and the talent is emailed either way.

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
}): Promise<string> {
  return (await preparePayoutRunOf({ db, settings, day, now })).runId;
}

// The same, saying whether the run was made now or already awaited approval.
export async function preparePayoutRunOf({
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

async function lockRun(tx: Database, runId: string) {
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
async function postPayoutMoves(
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

async function completeIfDone(tx: Database, runId: string, now: Date) {
  await tx.execute(
    sql`update payout_runs set status = 'completed', completed_at = ${now.toISOString()}::timestamptz
        where id = ${runId} and status = 'approved'
          and not exists (select 1 from payouts where run_id = ${runId} and status in ('planned', 'sent'))`,
  );
}

interface SettleContext {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

type Settlement = { status: 'paid'; reference: string } | { status: 'failed'; reason: string };

// Payouts on their way, settled once each: paid (in transit → paid out) or failed (back to available),
// every talent emailed, in a handful of statements however many (a bank file of ten thousand). Answers how
// many were on their way; the others (settled already, never sent) are left as they are.
export async function settlePayouts(
  tx: Database,
  { mailer, publicUrl }: Omit<SettleContext, 'db'>,
  payoutIds: readonly string[],
  settlement: Settlement,
  audit?: { actorId: string; ipAddress?: string },
): Promise<number> {
  if (payoutIds.length === 0) return 0;
  const now = new Date();
  const at = now.toISOString();
  const paid = settlement.status === 'paid';
  const settled = await selectRows<{
    id: string;
    applicant_id: string;
    amount_cents: number;
    method_label: string | null;
    run_id: string;
    name: string;
    email: string;
  }>(
    tx,
    sql`update payouts p
        set status = ${settlement.status}::payout_line_status,
            ${paid ? sql`paid_at = ${at}::timestamptz, reference = ${settlement.reference}` : sql`failed_at = ${at}::timestamptz, failure_reason = ${settlement.reason}`}
        from users u
        where p.id = any(${uuidArray(payoutIds)}::uuid[]) and p.status = 'sent' and u.id = p.applicant_id
        returning p.id, p.applicant_id, p.amount_cents, p.method_label, p.run_id, u.name, u.email`,
  );
  if (settled.length === 0) return 0;
  await postPayoutMoves(tx, settled, {
    kind: paid ? 'payout_paid' : 'payout_failed',
    from: 'payouts_in_transit',
    to: paid ? 'paid_out' : 'talent_available',
    at: now,
  });
  const earningsUrl = `${publicUrl}${paths.applicantEarnings.getHref()}`;
  for (const line of settled) {
    const method = line.method_label ?? 'your payout method';
    const details = { name: line.name, amountCents: line.amount_cents, method, earningsUrl };
    await mailer.send(
      line.email,
      settlement.status === 'paid'
        ? payoutSentEmail({ ...details, reference: settlement.reference })
        : payoutFailedEmail({ ...details, reason: settlement.reason }),
      { transaction: tx },
    );
  }
  if (audit) {
    await recordAuditEvents({
      db: tx,
      events: settled.map((line) => ({
        actorId: audit.actorId,
        action: paid ? 'payout.marked_paid' : 'payout.marked_failed',
        targetType: 'payout',
        targetId: line.id,
        details: {
          amount_cents: line.amount_cents,
          before: { status: 'sent' },
          after:
            settlement.status === 'paid'
              ? { status: 'paid', reference: settlement.reference }
              : { status: 'failed', reason: settlement.reason },
        },
        ipAddress: audit.ipAddress,
      })),
    });
  }
  for (const runId of new Set(settled.map((line) => line.run_id))) await completeIfDone(tx, runId, now);
  return settled.length;
}

// One payout marked by an administrator (the bank's answer for one line).
export async function markPayout(
  context: SettleContext & { actorId: string; ipAddress?: string },
  payoutId: string,
  settlement: Settlement,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [line] = await tx
      .select({ status: payouts.status })
      .from(payouts)
      .where(eq(payouts.id, payoutId))
      .for('update');
    if (!line) throw new AppError('not_found', payoutTexts.payoutNotFound);
    const settled = await settlePayouts(tx, context, [payoutId], settlement, context);
    if (settled === 0) throw new AppError('conflict', payoutTexts.payoutNotInTransit);
  });
}

// Every bank-file payout of the run still on its way, paid with the batch's reference.
export async function markRunPaid(
  context: SettleContext & { actorId: string; ipAddress?: string },
  runId: string,
  reference: string,
): Promise<void> {
  await context.db.transaction(async (tx) => {
    await lockRun(tx, runId);
    const lines = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.runId, runId), eq(payouts.status, 'sent'), eq(payouts.provider, 'bank_file')));
    if (lines.length === 0) throw new AppError('conflict', payoutTexts.nothingToMark);
    await settlePayouts(
      tx,
      context,
      lines.map((line) => line.id),
      { status: 'paid', reference },
      context,
    );
  });
}

const resultHeader = ['payout_id', 'status', 'reference', 'reason'];

// The bank's results, one line per payout of this run: paid (with its reference) or failed (with why).
// The whole file is checked before anything is marked; lines already settled are left as they are.
export async function importRunResults(
  context: SettleContext & { actorId: string; ipAddress?: string },
  runId: string,
  csv: string,
): Promise<void> {
  const rows = parseCsv(csv);
  const [header, ...lines] = rows;
  if (!header || resultHeader.some((name, index) => header[index]?.trim().toLowerCase() !== name)) {
    throw new AppError('validation', payoutTexts.resultsFile);
  }
  const results = lines
    .filter((cells) => cells.some((cell) => cell.trim() !== ''))
    .map(([payoutId = '', status = '', reference = '', reason = '']) => ({
      payoutId: payoutId.trim(),
      status: status.trim().toLowerCase(),
      reference: reference.trim(),
      reason: reason.trim(),
    }));
  const malformed = results.find(
    (result) =>
      !/^[0-9a-f-]{36}$/i.test(result.payoutId) ||
      (result.status !== 'paid' && result.status !== 'failed') ||
      (result.status === 'paid' && result.reference === '') ||
      (result.status === 'failed' && result.reason.length < 3),
  );
  if (malformed) throw new AppError('validation', payoutTexts.resultsFile);
  await context.db.transaction(async (tx) => {
    await lockRun(tx, runId);
    const ofRun = new Set(
      (await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.runId, runId))).map((line) => line.id),
    );
    const stranger = results.find((result) => !ofRun.has(result.payoutId));
    if (stranger)
      throw new AppError('validation', `${payoutTexts.resultsFile} ${stranger.payoutId} is not a payout of this run.`);
    for (const result of results) {
      await settlePayouts(
        tx,
        context,
        [result.payoutId],
        result.status === 'paid'
          ? { status: 'paid', reference: result.reference }
          : { status: 'failed', reason: result.reason },
        context,
      );
    }
  });
}

// RFC 4180: quoted fields may hold commas, quotes ("") and line breaks.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      row.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += character;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// The Stripe transfers of a run's payouts on their way. Each is sent with the payout's id as Stripe's
// idempotency key, so a retry after a lost answer never pays twice; a transfer Stripe could not be asked
// about stays on its way, and the job is retried.
export async function sendStripeTransfers({
  db,
  mailer,
  publicUrl,
  connect,
  runId,
}: SettleContext & { connect: ConnectProvider | null; runId: string }): Promise<void> {
  const lines = await selectRows<{ id: string; amount_cents: number; account: string | null }>(
    db,
    sql`select p.id, p.amount_cents, m.stripe_account_id as account
        from payouts p left join payout_methods m on m.id = p.method_id
        where p.run_id = ${runId} and p.status = 'sent' and p.provider = 'stripe'`,
  );
  let unknown = 0;
  for (const line of lines) {
    const outcome =
      connect && line.account
        ? await connect
            .transfer({ payoutId: line.id, amountCents: line.amount_cents, destination: line.account, runId })
            .catch((error: unknown) => {
              if (error instanceof TransientPayoutError) return null;
              throw error;
            })
        : ({ status: 'failed', reason: payoutTexts.connectUnavailable } as const);
    if (!outcome) {
      unknown += 1;
      continue;
    }
    await db.transaction((tx) => settlePayouts(tx, { mailer, publicUrl }, [line.id], outcome));
  }
  if (unknown > 0) throw new TransientPayoutError(`${unknown} Stripe transfers of run ${runId} are still unknown.`);
}
