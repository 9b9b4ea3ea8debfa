import { z } from 'zod';
import { type Currency, minorUnitsOf } from './currencies';
import { currencySchema, reportingRateSchema } from './fx-rates';
import { minorToDecimal } from './money-format';
import { type LedgerAccount, type LedgerTransactionKind, ledgerAccounts } from './payouts';
import { taxCategories } from './tax';

// The books an accountant imports (docs/decisions/046): the ledger's transactions as manual journals for Xero
// and QuickBooks Online, a trial balance and a month-end report, each account under the accountant's own
// code and name (a System Setting). Money is integer minor units of each line's currency, every currency
// reported on its own and then converted to the reporting currency at its recorded rate (docs/decisions/052);
// periods are whole UTC days, both ends in.

export const accountingTexts = {
  day: (what: string) => `Enter the ${what} as a date (YYYY-MM-DD).`,
  periodOrder: 'The end of the period must be on or after its start.',
  periodTooLong: 'Choose a period of at most 366 days.',
  month: 'Choose a month as YYYY-MM, from 2000-01 to 2100-12.',
  code: 'An account code is 1 to 10 letters, digits, dots or hyphens, such as 1100.',
  name: 'An account name is 1 to 100 characters, as your chart of accounts has it.',
  nameDiffers: (code: string) => `Account ${code} is named differently above: one code, one name.`,
  taxRate: 'Enter the Xero tax rate name for these journals (1 to 50 characters), such as Tax Exempt.',
  codesSaved: 'Account codes saved.',
} as const;

// A real calendar day, not only its shape: 2026-02-30 is refused.
const isRealDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};
const dayField = (what: string) =>
  z
    .string({ message: accountingTexts.day(what) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: accountingTexts.day(what) })
    .refine(isRealDay, { message: accountingTexts.day(what) });

export const MAX_PERIOD_DAYS = 366;
const DAY_MS = 24 * 60 * 60 * 1000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

// GET …/journal-*.csv: the transactions that occurred from the first day to the last, both included (UTC).
export const periodQuerySchema = z
  .object({ from: dayField('start of the period'), to: dayField('end of the period') })
  .refine(({ from, to }) => from <= to, { message: accountingTexts.periodOrder, path: ['to'] })
  .refine(({ from, to }) => daysBetween(from, to) < MAX_PERIOD_DAYS, {
    message: accountingTexts.periodTooLong,
    path: ['to'],
  });
export type PeriodQuery = z.infer<typeof periodQuerySchema>;

export const asOfQuerySchema = z.object({ as_of: dayField('day of the trial balance') });

export const monthQuerySchema = z.object({
  month: z
    .string({ message: accountingTexts.month })
    .regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, { message: accountingTexts.month }),
});

// The first and last day of a month (YYYY-MM).
export function monthBounds(month: string): { from: string; to: string } {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

// ---------------------------------------------------------------------------------------------------------
// Account codes: each ledger account under the code (Xero) and name (QuickBooks Online) of the accountant's
// chart. Two ledger accounts may share one of the chart's accounts, under one name.

const accountCodeSchema = z.object({
  code: z
    .string({ message: accountingTexts.code })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,9}$/, { message: accountingTexts.code }),
  name: z
    .string({ message: accountingTexts.name })
    .trim()
    .min(1, { message: accountingTexts.name })
    .max(100, { message: accountingTexts.name }),
});
export type AccountCode = z.infer<typeof accountCodeSchema>;

export const accountCodesSchema = z
  .object({
    accounts: z.record(z.enum(ledgerAccounts), accountCodeSchema),
    // Xero asks every manual journal line for a tax rate by its name in the organisation's settings; the
    // ledger's lines carry no tax of their own (the tax is a line to its own account).
    xero_tax_rate: z
      .string({ message: accountingTexts.taxRate })
      .trim()
      .min(1, { message: accountingTexts.taxRate })
      .max(50, { message: accountingTexts.taxRate }),
  })
  .superRefine(({ accounts }, context) => {
    const nameOfCode = new Map<string, string>();
    for (const account of ledgerAccounts) {
      const { code, name } = accounts[account];
      const named = nameOfCode.get(code.toLowerCase());
      if (named === undefined) nameOfCode.set(code.toLowerCase(), name);
      else if (named !== name) {
        context.addIssue({
          code: 'custom',
          message: accountingTexts.nameDiffers(code),
          path: ['accounts', account, 'name'],
        });
      }
    }
  });
export type AccountCodes = z.infer<typeof accountCodesSchema>;

// A small business's chart in the usual numbering: assets 1xxx, liabilities 2xxx, revenue 4xxx, expenses 6xxx.
// paid_out is cash gone to the talent's banks, hence beside the other cash accounts.
export const defaultAccountCodes: AccountCodes = {
  accounts: {
    provider_clearing: { code: '1050', name: 'Payment processor clearing' },
    paid_out: { code: '1060', name: 'Talent payouts bank account' },
    company_receivable: { code: '1100', name: 'Accounts Receivable (A/R)' },
    talent_pending: { code: '2100', name: 'Owed to talent - pending' },
    talent_available: { code: '2110', name: 'Owed to talent - available' },
    payouts_in_transit: { code: '2120', name: 'Talent payouts in transit' },
    tax_payable: { code: '2200', name: 'Sales tax payable' },
    escrow: { code: '2300', name: 'Client escrow held' },
    fx_conversion: { code: '1090', name: 'Currency conversion clearing' },
    platform_revenue: { code: '4000', name: 'Platform revenue' },
    fx_margin: { code: '4100', name: 'FX margin revenue' },
    processor_fees: { code: '6100', name: 'Payment processing fees' },
  },
  xero_tax_rate: 'Tax Exempt',
};

export const accountCodesResponseSchema = z.object({ codes: accountCodesSchema });

// ---------------------------------------------------------------------------------------------------------
// Journals, trial balance, month-end report

export const ledgerTransactionKindLabels: Record<LedgerTransactionKind, string> = {
  work_approved: 'Work approved',
  invoice_issued: 'Invoice issued',
  payment_received: 'Payment received',
  funding_received: 'Milestone funded',
  milestone_released: 'Milestone released',
  payment_refunded: 'Payment refunded',
  funding_refunded: 'Milestone funding refunded',
  earnings_available: 'Earnings available',
  earnings_reclaimed: 'Earnings reclaimed',
  payout_sent: 'Payout sent',
  payout_paid: 'Payout paid',
  payout_failed: 'Payout failed',
};

// Each currency's accounts and totals: a currency balances on its own, so its debits equal its credits. Its
// total in the reporting currency at `rate` (null for the reporting currency itself, and where no rate is
// recorded on or before the day: then `converted_total_cents` is null too).
export const trialBalanceCurrencySchema = z.object({
  currency: currencySchema,
  accounts: z.array(
    z.object({
      account: z.enum(ledgerAccounts),
      code: z.string(),
      name: z.string(),
      debit_cents: z.number().int(),
      credit_cents: z.number().int(),
    }),
  ),
  total_debit_cents: z.number().int(),
  total_credit_cents: z.number().int(),
  rate: reportingRateSchema.nullable(),
  converted_total_cents: z.number().int().nullable(),
});
export type TrialBalanceCurrency = z.infer<typeof trialBalanceCurrencySchema>;

export const trialBalanceSchema = z.object({
  as_of: z.string(),
  reporting_currency: currencySchema,
  // The currencies with a balance at the day's end, by code.
  currencies: z.array(trialBalanceCurrencySchema),
  // The currencies' totals added up in the reporting currency; null when one of them has no recorded rate.
  converted_total_cents: z.number().int().nullable(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

export const monthEndFigureKeys = [
  'revenue',
  'fx_margin',
  'processor_fees',
  'tax_collected',
  'paid_out',
  'escrow_held',
  'owed_to_talent',
  'payouts_in_transit',
  'receivable',
] as const;
export type MonthEndFigureKey = (typeof monthEndFigureKeys)[number];

// Each figure of the month-end report and the ledger accounts it is read from, in one place. `month`: the
// net of the accounts' lines that occurred in the month; `balance`: their sum of every line up to the end of
// the month. `sign`: debits are positive in the ledger, so a figure of credits (revenue, what is owed) is
// minus the sum. Nothing else is added: every figure ties to the ledger to the cent.
export const monthEndFigures: Record<
  MonthEndFigureKey,
  { label: string; accounts: readonly LedgerAccount[]; measure: 'month' | 'balance'; sign: 1 | -1; hint: string }
> = {
  // Tandem's margin over the talent's pay and its fee, credited when an invoice is issued or a milestone released.
  revenue: {
    label: 'Revenue (platform fees)',
    accounts: ['platform_revenue'],
    measure: 'month',
    sign: -1,
    hint: 'Margin and platform fees invoiced in the month',
  },
  // What Tandem kept on the conversions of the month's payouts (decision 049), revenue beside the fees.
  fx_margin: {
    label: 'FX margin',
    accounts: ['fx_margin'],
    measure: 'month',
    sign: -1,
    hint: 'Margin kept on currency conversions in the month',
  },
  // What the payment processor charged Tandem (nothing posts to it yet: decision 036).
  processor_fees: {
    label: 'Processor fees',
    accounts: ['processor_fees'],
    measure: 'month',
    sign: 1,
    hint: 'Fees the payment processor charged in the month',
  },
  // Tax on the month's invoices, owed to the authorities.
  tax_collected: {
    label: 'Tax collected',
    accounts: ['tax_payable'],
    measure: 'month',
    sign: -1,
    hint: 'Tax invoiced in the month, owed to the authorities',
  },
  // Payouts the provider confirmed in the month (credited to paid_out when confirmed).
  paid_out: {
    label: 'Paid out',
    accounts: ['paid_out'],
    measure: 'month',
    sign: -1,
    hint: 'Payouts confirmed paid in the month',
  },
  // Milestone funding held, not yet released or refunded, at the month's end.
  escrow_held: {
    label: 'Escrow held',
    accounts: ['escrow'],
    measure: 'balance',
    sign: -1,
    hint: 'Milestone funding held at the end of the month',
  },
  // The talent's earnings not yet sent: pending and available (a credit balance).
  owed_to_talent: {
    label: 'Owed to talent',
    accounts: ['talent_pending', 'talent_available'],
    measure: 'balance',
    sign: -1,
    hint: 'Earnings pending and available at the end of the month',
  },
  // Sent and not confirmed yet: still owed until the bank or Stripe confirms.
  payouts_in_transit: {
    label: 'Payouts in transit',
    accounts: ['payouts_in_transit'],
    measure: 'balance',
    sign: -1,
    hint: 'Payouts sent and not confirmed at the end of the month',
  },
  // What companies owe for work approved and invoices issued, not yet paid.
  receivable: {
    label: 'Owed by companies',
    accounts: ['company_receivable'],
    measure: 'balance',
    sign: 1,
    hint: 'Work approved and invoices issued, unpaid at the end of the month',
  },
};

const monthEndFigureSchema = z.object({
  key: z.enum(monthEndFigureKeys),
  label: z.string(),
  accounts: z.array(z.enum(ledgerAccounts)),
  measure: z.enum(['month', 'balance']),
  cents: z.number().int(),
  // The figure in the reporting currency at its currency's rate; null when no rate is recorded.
  converted_cents: z.number().int().nullable(),
});
export type MonthEndFigure = z.infer<typeof monthEndFigureSchema>;

export const monthEndReportSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  reporting_currency: currencySchema,
  // Each currency with a figure in the month, by code, and the rate its figures were converted at (null for
  // the reporting currency itself, and where no rate is recorded on or before the month's last day).
  currencies: z.array(
    z.object({
      currency: currencySchema,
      rate: reportingRateSchema.nullable(),
      figures: z.array(monthEndFigureSchema),
    }),
  ),
  // Each figure added up over the currencies in the reporting currency; null when a currency with an amount in
  // it has no recorded rate.
  totals: z.array(
    z.object({
      key: z.enum(monthEndFigureKeys),
      label: z.string(),
      converted_cents: z.number().int().nullable(),
    }),
  ),
});
export type MonthEndReport = z.infer<typeof monthEndReportSchema>;

// GET /api/admin/accounting/vat: the tax a period's invoices charged, net of its credit notes, per currency,
// rule and rate (issue 56, decision 053) — what a VAT return and an EC sales list start from.
export const vatReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  lines: z.array(
    z.object({
      currency: currencySchema,
      category: z.enum(taxCategories),
      // VAT, GST, or Tax for a sales tax.
      name: z.string(),
      rate_basis_points: z.number().int(),
      invoices: z.number().int(),
      credit_notes: z.number().int(),
      // Invoiced less credited: the fee and the work (or milestone) the tax was charged on, and the tax.
      taxable_cents: z.number().int(),
      tax_cents: z.number().int(),
    }),
  ),
});
export type VatReport = z.infer<typeof vatReportSchema>;

// Minor units as the files write them, the currency's own decimals and no float on the way: 123456 USD →
// '1234.56', -5 USD → '-0.05', 1234 JPY → '1234', -5 KWD → '-0.005'.
export const decimalOfMinor = (minor: number, currency: Currency): string =>
  minorToDecimal(minor, minorUnitsOf(currency));
