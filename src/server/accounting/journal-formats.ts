import { type AccountCodes, decimalOfCents } from '~/shared/accounting';
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
        decimalOfCents(line.cents),
      ]);
    }),
  ]);
}

// QuickBooks Online's journal entry import (quickbooks.intuit.com/learn-support, "Import journal entries"): the
// columns Journal No., Journal Date, Account Name, Debits, Credits, Description and Name; rows sharing a journal
// number are one entry, whose debits must equal its credits; the account by its name (account numbers turned
// off while importing); amounts positive, in Debits or in Credits, the other left empty; a line on Accounts
// Receivable names its customer. The date MM/DD/YYYY, as a US company's file has it.
const QUICKBOOKS_HEADER = ['Journal No.', 'Journal Date', 'Account Name', 'Debits', 'Credits', 'Description', 'Name'];

// The transaction's id, short enough for the journal number's 21 characters and stable from one export to the next.
export const quickbooksJournalNumber = (transactionId: string) =>
  `TD-${transactionId.slice(0, 8)}${transactionId.slice(9, 13)}`;

export function quickbooksJournalCsv(journals: Journal[], codes: AccountCodes): string {
  return buildCsv([
    QUICKBOOKS_HEADER,
    ...journals.flatMap((journal) => {
      const [year, month, day] = ymd(journal.day);
      return journal.lines.map((line) => [
        quickbooksJournalNumber(journal.transactionId),
        `${month}/${day}/${year}`,
        codes.accounts[line.account].name,
        line.cents > 0 ? decimalOfCents(line.cents) : '',
        line.cents < 0 ? decimalOfCents(-line.cents) : '',
        journal.narration,
        line.partyName ?? '',
      ]);
    }),
  ]);
}
