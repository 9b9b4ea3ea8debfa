import { sql } from 'drizzle-orm';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { type Currency, currencies, minorUnitsOf } from '~/shared/currencies';
import { minorToDecimal } from '~/shared/money-format';
import {
  abaChecksumIsValid,
  type BankFormat,
  bankCodeTypes,
  payoutMethodKindLabels,
  payoutMethodKinds,
  type RunBankFormats,
} from '~/shared/payouts';
import type { Database } from '../db/client';
import { integerColumn, uuidColumn } from '../db/row-columns';
import { selectRows } from '../db/select-rows';
import { findPayoutRun } from './find-payout-run';

const bankFileLineRow = z.object({
  id: uuidColumn,
  name: z.string(),
  email: z.string(),
  // In the payout's currency (payouts.currency), which every file writes beside it.
  amount_cents: integerColumn,
  currency: z.enum(currencies),
  kind: z.enum(payoutMethodKinds).nullable(),
  holder_name: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  bank_code_type: z.enum(bankCodeTypes).nullable(),
  bank_code: z.string().nullable(),
  wallet_email: z.string().nullable(),
});
export type BankFileLine = z.infer<typeof bankFileLineRow>;

// The run's bank-file payouts on their way, with the whole account of the method each goes to: what every
// bank file (the CSV, pain.001, NACHA) is made of.
export function findBankFileLines(db: Database, runId: string): Promise<BankFileLine[]> {
  return selectRows(
    db,
    bankFileLineRow,
    sql`select p.id, u.name, u.email, p.amount_cents, p.currency, m.kind, m.holder_name, m.bank_name, m.account_number,
               m.bank_code_type, m.bank_code, m.email as wallet_email
        from payouts p join users u on u.id = p.applicant_id left join payout_methods m on m.id = p.method_id
        where p.run_id = ${runId} and p.status = 'sent' and p.provider = 'bank_file'
        order by p.currency, u.name, p.id`,
  );
}

// A payout's reference in the bank's files. ISO 20022's EndToEndId holds 35 characters and a uuid is 36:
// the uuid without its hyphens (32 hex digits) fits, maps back to exactly one payout without a table, and
// the bank returns it untouched in its camt.054. NACHA carries the same 32 digits in the entry's addenda.
export const bankReferenceOf = (payoutId: string) => payoutId.replace(/-/g, '').toLowerCase();

// The payout id a bank reference names, or null when it is not one of ours (another payment on the account).
export function payoutIdOfBankReference(reference: string): string | null {
  const hex = reference.trim().replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type FormatChoice =
  | { format: 'pain001'; iban: string; bic: string | null }
  | { format: 'nacha'; routing: string; account: string }
  | { format: null; reason: string };

// Which file can pay a line: an IBAN goes in the pain.001 of the payout's currency (with its BIC when the
// talent gave one, checked); a US routing number whose checksum holds, with an account of at most 17 digits
// (NACHA's field), in the NACHA file when the payout is in dollars; anything else is paid from the CSV, and
// the reason says so.
export function formatOf(line: BankFileLine): FormatChoice {
  if (line.kind !== 'bank_account' || !line.account_number) {
    const label = line.kind ? payoutMethodKindLabels[line.kind] : 'No method';
    return { format: null, reason: `${label}: not a bank account, paid from the CSV bank file.` };
  }
  const account = line.account_number.replace(/\s/g, '').toUpperCase();
  if (/^[A-Z]{2}/.test(account)) {
    if (!isValidIBAN(account)) return { format: null, reason: 'The IBAN’s check digits do not match.' };
    if (line.bank_code_type === 'swift' && line.bank_code && !isValidBIC(line.bank_code)) {
      return { format: null, reason: `The BIC ${line.bank_code} is not valid.` };
    }
    return { format: 'pain001', iban: account, bic: line.bank_code_type === 'swift' ? line.bank_code : null };
  }
  if (line.bank_code_type === 'aba') {
    if (!line.bank_code || !abaChecksumIsValid(line.bank_code)) {
      return { format: null, reason: 'The US routing number’s checksum does not match.' };
    }
    if (!/^\d{1,17}$/.test(account)) {
      return { format: null, reason: 'The account number is longer than NACHA’s 17 digits.' };
    }
    if (line.currency !== 'USD') {
      return {
        format: null,
        reason: `NACHA pays US dollars only: this ${line.currency} payout is paid from the CSV bank file.`,
      };
    }
    return { format: 'nacha', routing: line.bank_code, account };
  }
  return {
    format: null,
    reason: 'Neither an IBAN nor a US routing number: paid from the CSV bank file.',
  };
}

// The lines one file pays, each with what that file needs of its account.
export function linesIn<Format extends BankFormat>(
  lines: BankFileLine[],
  format: Format,
): { line: BankFileLine; choice: Extract<FormatChoice, { format: Format }> }[] {
  return lines.flatMap((line) => {
    const choice = formatOf(line);
    return choice.format === format ? [{ line, choice: choice as Extract<FormatChoice, { format: Format }> }] : [];
  });
}

// The currencies of the lines one file pays, in code order.
export const currenciesIn = (chosen: readonly { line: BankFileLine }[]): Currency[] =>
  [...new Set(chosen.map(({ line }) => line.currency))].sort();

// How the run's bank-file payouts split between the files (a pain.001 per currency), and why the others are
// in neither.
export function splitByFormat(lines: BankFileLine[]): RunBankFormats {
  const totalOf = (chosen: readonly { line: BankFileLine }[]) => ({
    count: chosen.length,
    total_cents: chosen.reduce((sum, { line }) => sum + line.amount_cents, 0),
  });
  const pain001 = linesIn(lines, 'pain001');
  return {
    pain001: currenciesIn(pain001).map((currency) => ({
      currency,
      ...totalOf(pain001.filter(({ line }) => line.currency === currency)),
    })),
    nacha: totalOf(linesIn(lines, 'nacha')),
    skipped: lines.flatMap((line) => {
      const choice = formatOf(line);
      return choice.format === null
        ? [
            {
              payout_id: line.id,
              talent_name: line.name,
              amount_cents: line.amount_cents,
              currency: line.currency,
              reason: choice.reason,
            },
          ]
        : [];
    }),
  };
}

// An amount in minor units as the decimal a bank file writes, with its currency's ISO decimals ("1234.50"
// USD, "1234500" VND, "12.345" KWD), by string arithmetic: no float in between.
export const decimalOf = (minor: number, currency: Currency) => minorToDecimal(minor, minorUnitsOf(currency));

// A bank's decimal ("160.00", "2715900", "12.3450") as minor units of `currency`; null when it is not a
// decimal, or has a digit below the currency's minor unit (half a cent, a fraction of a dong).
export function minorOfDecimal(text: string, currency: Currency): number | null {
  const match = /^(\d{1,15})(?:\.(\d{1,5}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  const decimals = minorUnitsOf(currency);
  const fraction = match[2] ?? '';
  if (/[1-9]/.test(fraction.slice(decimals))) return null;
  const minor = Number(`${match[1]}${fraction.slice(0, decimals).padEnd(decimals, '0')}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

// GET …/bank-formats: the run's bank-file payouts by the file that pays each (404 for no such run).
export async function findRunBankFormats({ db, runId }: { db: Database; runId: string }): Promise<RunBankFormats> {
  await findPayoutRun({ db, runId });
  return splitByFormat(await findBankFileLines(db, runId));
}
