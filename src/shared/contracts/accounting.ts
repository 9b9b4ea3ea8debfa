import {
  asOfQuerySchema,
  monthEndReportSchema,
  monthQuerySchema,
  periodQuerySchema,
  trialBalanceSchema,
  vatReportSchema,
} from '../accounting';
import { defineContract, fileOf } from '../contract';

// The books an accountant imports (docs/decisions/046): the ledger of a period as manual journals for Xero and
// QuickBooks Online, the trial balance at a day's end and the month-end report, as JSON and CSV.
export const accountingContract = defineContract(
  { name: 'accounting', tags: ['admin', 'accounting'] },
  {
    xeroJournal: {
      method: 'GET',
      path: '/api/admin/accounting/journal-xero.csv',
      summary:
        'The ledger’s transactions of a period (UTC days, both included), one Xero manual journal for each currency of each, the currency named in the narration, for Xero’s manual journal import (CSV)',
      query: periodQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    quickbooksJournal: {
      method: 'GET',
      path: '/api/admin/accounting/journal-quickbooks.csv',
      summary:
        'The ledger’s transactions of a period (UTC days, both included), one journal entry for each currency of each, with its Currency, for QuickBooks Online’s journal entry import (CSV)',
      query: periodQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    trialBalance: {
      method: 'GET',
      path: '/api/admin/accounting/trial-balance',
      summary:
        'Each account’s debit or credit balance at the end of a day (UTC), a currency at a time, under the accountant’s codes; each currency’s total converted to the reporting currency at the latest rate recorded on or before the day',
      query: asOfQuerySchema,
      responses: { 200: trialBalanceSchema },
    },
    trialBalanceCsv: {
      method: 'GET',
      path: '/api/admin/accounting/trial-balance.csv',
      summary: 'The trial balance at the end of a day (UTC), as CSV',
      query: asOfQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    monthEnd: {
      method: 'GET',
      path: '/api/admin/accounting/month-end',
      summary:
        'A month’s report from the ledger, a currency at a time: revenue, FX margin, processor fees, tax collected, paid out; escrow, owed to talent, in transit and receivable at its end; each figure converted to the reporting currency at the latest rate recorded on or before the month’s last day, and added up',
      query: monthQuerySchema,
      responses: { 200: monthEndReportSchema },
    },
    vatReport: {
      method: 'GET',
      path: '/api/admin/accounting/vat',
      summary:
        'The tax a period’s invoices charged (by issue day, UTC, both days included), less its credit notes, per currency, tax rule (standard, reverse charge, outside the scope, sales tax) and rate',
      query: periodQuerySchema,
      responses: { 200: vatReportSchema },
    },
    vatReportCsv: {
      method: 'GET',
      path: '/api/admin/accounting/vat.csv',
      summary: 'The VAT report of a period, as CSV',
      query: periodQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    monthEndCsv: {
      method: 'GET',
      path: '/api/admin/accounting/month-end.csv',
      summary: 'The month-end report, as CSV',
      query: monthQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
  },
);
