import { and, eq, sql } from 'drizzle-orm';
import { payoutTexts } from '~/shared/payouts';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import { payouts } from '../db/schema';
import { selectRows } from '../db/select-rows';
import type { Mailer } from '../mail/mailer';
import { payoutFailedEmail } from '../mail/templates/payout-failed';
import { payoutSentEmail } from '../mail/templates/payout-sent';
import { AppError } from '../platform/errors';
import { uuidArray } from '../platform/invoice-drafts';
import { recordAuditEvents } from '../platform/record-audit-event';
import { type ConnectProvider, TransientPayoutError } from './payout-provider';
import { completeIfDone, lockRun, postPayoutMoves } from './payout-runs';

// Settling payouts on their way (docs/decisions/036): paid or failed — by an administrator one at a time
// or for a whole bank file, from the bank's results file, or by Stripe's answer to a transfer. Each
// payout settles once, its talent emailed; a run whose payouts are all settled is completed.

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
    const ofRun = new Map(
      (await tx.select({ id: payouts.id, status: payouts.status }).from(payouts).where(eq(payouts.runId, runId))).map(
        (line) => [line.id, line.status],
      ),
    );
    const stranger = results.find((result) => !ofRun.has(result.payoutId));
    if (stranger)
      throw new AppError('validation', `${payoutTexts.resultsFile} ${stranger.payoutId} is not a payout of this run.`);
    // A line already settled the same way is left as it is (the file sent twice); the other way round, the
    // file contradicts what happened, and it is refused as a whole rather than answered as if applied.
    const contradiction = results.find((result) => {
      const status = ofRun.get(result.payoutId);
      return (status === 'paid' || status === 'failed') && status !== result.status;
    });
    if (contradiction) {
      throw new AppError(
        'conflict',
        payoutTexts.resultContradicts(contradiction.payoutId, ofRun.get(contradiction.payoutId) ?? ''),
      );
    }
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
