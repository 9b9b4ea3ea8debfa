import { eq } from 'drizzle-orm';
import { isCurrency } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import { payouts } from '../db/schema';
import { AppError } from '../platform/errors';
import { decimalOf, minorOfDecimal } from './bank-file-lines';
import { isXmlText, parseCamt054, type RunResult } from './camt054';
import { lockRun } from './payout-run-records';
import { type SettleContext, settlePayouts } from './settle-payouts';

const resultHeader = ['payout_id', 'status', 'reference', 'reason'];

// The bank's results, one per payout of this run: paid (with its reference) or failed (with why), from our
// CSV or from the bank's own camt.054 notification (camt054.ts, docs/decisions/045), settled the same way.
// The whole file is checked before anything is marked; lines already settled are left as they are.
export async function importRunResults({
  runId,
  text,
  ...context
}: SettleContext & { actorId: string; ipAddress?: string; runId: string; text: string }): Promise<void> {
  const results = isXmlText(text) ? parseCamt054(text) : parseResultsCsv(text);
  await context.db.transaction(async (tx) => {
    await lockRun({ tx, runId });
    const lines = await tx
      .select({ id: payouts.id, status: payouts.status, amountCents: payouts.amountCents, currency: payouts.currency })
      .from(payouts)
      .where(eq(payouts.runId, runId));
    const ofRun = new Map(lines.map((line) => [line.id, line.status]));
    const byId = new Map(lines.map((line) => [line.id, line]));
    const stranger = results.find((result) => !ofRun.has(result.payoutId));
    if (stranger)
      throw new AppError('validation', `${payoutTexts.resultsFile} ${stranger.payoutId} is not a payout of this run.`);
    // A bank's file says what it moved: a payout paid in another currency, or for another sum at its
    // currency's minor unit, is not this one.
    for (const { payoutId, amount } of results) {
      const payout = byId.get(payoutId);
      if (!amount || !payout) continue;
      const { currency } = payout;
      if (!isCurrency(currency)) throw new Error(`Payout ${payoutId} is in an unknown currency, ${currency}.`);
      const paid = amount.currency === currency ? minorOfDecimal(amount.decimal, currency) : null;
      if (paid === payout.amountCents) continue;
      throw new AppError(
        'validation',
        payoutTexts.resultAmountDiffers(
          payoutId,
          bankAmountOf(amount),
          `${decimalOf(payout.amountCents, currency)} ${currency}`,
        ),
      );
    }
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
      await settlePayouts({
        ...context,
        tx,
        payoutIds: [result.payoutId],
        settlement:
          result.status === 'paid'
            ? { status: 'paid', reference: result.reference }
            : { status: 'failed', reason: result.reason },
        audit: context,
      });
    }
  });
}

// The bank's amount as a refusal names it: in its currency's decimals when it has them, else as written.
function bankAmountOf({ decimal, currency }: { decimal: string; currency: string }): string {
  if (!isCurrency(currency)) return `${decimal} ${currency}`;
  const minor = minorOfDecimal(decimal, currency);
  return `${minor === null ? decimal : decimalOf(minor, currency)} ${currency}`;
}

// Our CSV: the header, then one line per payout; every line checked before any is answered.
function parseResultsCsv(csv: string): RunResult[] {
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
  return results;
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
