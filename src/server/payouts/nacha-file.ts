import type { Currency } from '~/shared/currencies';
import { payoutTexts } from '~/shared/payouts';
import type { AchOriginator } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { bankReferenceOf, findBankFileLines, linesIn } from './bank-file-lines';
import { findPayoutRun } from './find-payout-run';

const RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;
// PPD credits to a checking account: payouts go to the talent's own account, and the method does not say
// savings (transaction code 32), so checking (22) is the default US banks expect.
const CHECKING_CREDIT = '22';
// Credits only: the file pays out, and the debit of Tandem's account is the bank's own offsetting entry.
const CREDITS_ONLY = '220';

// NACHA (ACH), the file a US bank takes (docs/decisions/045): one PPD batch of credits, one entry per payout
// to a US routing number, each with an addenda carrying the payout's 32-digit reference (bank-file-lines.ts),
// since the entry's own identification holds only 15 characters. 94-character records, the batch and file
// controls (counts, entry hash, totals) and the file padded to whole blocks of ten. ACH moves US dollars
// only: a payout in another currency is never written here (formatOf sends it to the CSV), and asking for
// one is refused in words.
export async function renderNachaFile({
  db,
  runId,
  currency = 'USD',
  originator,
  now = new Date(),
}: {
  db: Database;
  runId: string;
  currency?: Currency;
  originator: AchOriginator | null;
  now?: Date;
}): Promise<{ fileName: string; ach: string }> {
  const run = await findPayoutRun({ db, runId });
  if (currency !== 'USD') throw new AppError('validation', payoutTexts.nachaUsdOnly(currency));
  if (!originator) throw new AppError('conflict', payoutTexts.achMissing);
  const entries = linesIn(await findBankFileLines(db, runId), 'nacha');
  if (entries.length === 0) throw new AppError('conflict', payoutTexts.noNachaPayouts);
  const odfi = originator.routing.slice(0, 8);
  const batchNumber = '0000001';
  const totalCents = entries.reduce((sum, { line }) => sum + line.amount_cents, 0);
  // The sum of the receiving banks' 8-digit routing numbers, its last ten digits: the check a bank runs.
  const entryHash = String(entries.reduce((sum, { choice }) => sum + Number(choice.routing.slice(0, 8)), 0)).slice(-10);
  const companyName = alpha(originator.name, 16);
  const companyId = alpha(originator.companyId, 10);
  const records = [
    // File header: priority 01, destination and origin, created (YYMMDD HHMM UTC), modifier A, 094, 10, 1.
    [
      '1',
      '01',
      ` ${originator.routing}`,
      ` ${originator.routing}`,
      yymmdd(now),
      now.toISOString().slice(11, 16).replace(':', ''),
      'A',
      '094',
      '10',
      '1',
      alpha('', 23),
      alpha(originator.name, 23),
      alpha('', 8),
    ],
    // Batch header: credits only, PPD, "PAYOUT", effective the run's day (or today when it is past).
    [
      '5',
      CREDITS_ONLY,
      companyName,
      alpha('', 20),
      companyId,
      'PPD',
      alpha('PAYOUT', 10),
      yymmdd(new Date(`${run.scheduled_for}T00:00:00Z`)),
      yymmdd(effectiveDay(run.scheduled_for, now)),
      '   ',
      '1',
      odfi,
      batchNumber,
    ],
    ...entries.flatMap(({ line, choice }, index) => {
      const sequence = String(index + 1).padStart(7, '0');
      return [
        [
          '6',
          CHECKING_CREDIT,
          choice.routing,
          alpha(choice.account, 17),
          digits(line.amount_cents, 10),
          alpha(bankReferenceOf(line.id).slice(0, 15), 15),
          alpha(line.holder_name ?? line.name, 22),
          '  ',
          '1',
          `${odfi}${sequence}`,
        ],
        ['7', '05', alpha(`TANDEM PAYOUT ${bankReferenceOf(line.id)}`, 80), '0001', sequence],
      ];
    }),
    // Batch control: entries and addenda counted, the hash, no debits, the credits.
    [
      '8',
      CREDITS_ONLY,
      digits(entries.length * 2, 6),
      entryHash.padStart(10, '0'),
      digits(0, 12),
      digits(totalCents, 12),
      companyId,
      alpha('', 19),
      alpha('', 6),
      odfi,
      batchNumber,
    ],
  ].map((fields) => fields.join(''));
  const blocks = Math.ceil((records.length + 1) / BLOCKING_FACTOR);
  records.push(
    [
      '9',
      digits(1, 6),
      digits(blocks, 6),
      digits(entries.length * 2, 8),
      entryHash.padStart(10, '0'),
      digits(0, 12),
      digits(totalCents, 12),
      alpha('', 39),
    ].join(''),
  );
  while (records.length % BLOCKING_FACTOR !== 0) records.push('9'.repeat(RECORD_LENGTH));
  const wrong = records.find((record) => record.length !== RECORD_LENGTH);
  if (wrong) throw new Error(`A NACHA record is ${wrong.length} characters, not ${RECORD_LENGTH}: ${wrong}`);
  return { fileName: `tandem-payouts-${run.scheduled_for}.ach`, ach: `${records.join('\n')}\n` };
}

// NACHA's alphanumeric fields: upper-case ASCII, accents dropped, left-justified and space-filled.
function alpha(value: string, length: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,&'/-]/g, ' ');
  return ascii.slice(0, length).padEnd(length, ' ');
}

const digits = (value: number, length: number) => String(value).padStart(length, '0');

const yymmdd = (day: Date) => day.toISOString().slice(2, 10).replace(/-/g, '');

// The day the bank settles the entries: the run's day, or the next weekday when that has passed.
function effectiveDay(scheduledFor: string, now: Date): Date {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const scheduled = new Date(`${scheduledFor}T00:00:00Z`);
  let day = scheduled > today ? scheduled : new Date(today.getTime() + 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day;
}
