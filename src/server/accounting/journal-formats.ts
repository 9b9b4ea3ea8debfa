import { type AccountCodes, decimalOfMinor } from '~/shared/accounting';
import { ledgerAccountLabels } from '~/shared/payouts';
import { buildCsv } from '../platform/build-csv';
import type { Journal } from './ledger-journals';

export const journalFormats = ['xero', 'quickbooks'] as const;
export type JournalFormat = (typeof journalFormats)[number];

// A day YYYY-MM-DD as its year, month and day, to write it the way each program reads dates.
const ymd = (day: string) => day.split('-');

// Xero's manual journal import (help.xero.com/nz/ManualJournalsImport, "Enter multiple manual journals using an
// import template"): the columns Narration, Date, Description, AccountCode, TaxRate, Amount; rows sharing a
// narration and a date are one journal; the date dd/mm/yyyy; AccountCode the chart's code, not its name; TaxRate
// the rate's full name and mandatory; Amount one signed column, positive a debit and negative a credit — the
// ledger's own sign. Xero imports up to 300 lines a file: a longer period is split by the accountant.
// A Xero manual journal has no currency: it is in the organisation's base currency, and the template has no
// column for one. So each journal here is one currency's lines (a transaction in two currencies is two journals,
// ledger-journals.ts), its amounts in that currency's decimals, the currency named in the narration ("(EUR)")
// for the accountant to convert a foreign one, or to leave it out, before importing.
const XERO_HEADER = ['Narration', 'Date', 'Description', 'AccountCode', 'TaxRate', 'Amount'];

export function xeroJournalCsv(journals: Journal[], codes: AccountCodes): string {
  return buildCsv([
    XERO_HEADER,
    ...journals.flatMap((journal) => {
      const [year, month, day] = ymd(journal.day);
      return journal.lines.map((line) => [
        journal.narration,
        `${day}/${month}/${year}`,
        ledgerAccountLabels[line.account],
        codes.accounts[line.account].code,
        codes.xero_tax_rate,
        decimalOfMinor(line.cents, journal.currency),
      ]);
    }),
  ]);
}

// QuickBooks Online's journal entry import (quickbooks.intuit.com/learn-support, "Import journal entries"): the
// columns Journal No., Journal Date, Account Name, Debits, Credits, Description and Name; rows sharing a journal
// number are one entry, whose debits must equal its credits; the account by its name (account numbers turned
// off while importing); amounts positive, in Debits or in Credits, the other left empty; a line on Accounts
// Receivable names its customer. The date MM/DD/YYYY, as a US company's file has it. With multicurrency on, the
// Currency column names the entry's currency: an entry is in one currency (and the home one), so a transaction in
// two currencies is two entries, their numbers suffixed with their currencies.
const QUICKBOOKS_HEADER = [
  'Journal No.',
  'Journal Date',
  'Currency',
  'Account Name',
  'Debits',
  'Credits',
  'Description',
  'Name',
];

// The transaction's id, short enough for the journal number's 21 characters and stable from one export to the
// next; a transaction in two currencies gives each entry its currency after it (19 characters).
export const quickbooksJournalNumber = (transactionId: string, currency?: string) =>
  `TD-${transactionId.slice(0, 8)}${transactionId.slice(9, 13)}${currency ? `-${currency}` : ''}`;

export function quickbooksJournalCsv(journals: Journal[], codes: AccountCodes): string {
  return buildCsv([
    QUICKBOOKS_HEADER,
    ...journals.flatMap((journal) => {
      const [year, month, day] = ymd(journal.day);
      const number = quickbooksJournalNumber(
        journal.transactionId,
        journal.isPartOfTransaction ? journal.currency : undefined,
      );
      return journal.lines.map((line) => [
        number,
        `${month}/${day}/${year}`,
        journal.currency,
        codes.accounts[line.account].name,
        line.cents > 0 ? decimalOfMinor(line.cents, journal.currency) : '',
        line.cents < 0 ? decimalOfMinor(-line.cents, journal.currency) : '',
        journal.narration,
        line.partyName ?? '',
      ]);
    }),
  ]);
}
