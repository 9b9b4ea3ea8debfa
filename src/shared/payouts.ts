import { z } from 'zod';
import { type Currency, currencies, payoutCurrencies } from './currencies';
import { currencyCodeSchema, currencySchema, type FxRateSource, fxRateSources } from './fx-rates';
import { formatMoney, minorToDecimal } from './money-format';

// Paying the talent (docs/decisions/036): what they earn goes into a double-entry ledger in integer minor units of
// each currency; it is pending until the company has paid (a System Setting) and a security period has passed, then
// available; a payout run sends each talent's available balance to the method they chose.

// The ledger's accounts. Debits are positive, credits negative; every transaction sums to zero.
// talent_pending and talent_available are the two halves of what Tandem owes the talent (talent payable).
export const ledgerAccounts = [
  'provider_clearing',
  'company_receivable',
  'escrow',
  'talent_pending',
  'talent_available',
  'payouts_in_transit',
  'paid_out',
  'platform_revenue',
  'tax_payable',
  'processor_fees',
  // Conversions (decision 051): what one currency became in another goes through fx_conversion, whose
  // balance per currency is Tandem's open position; the margin kept on a conversion is fx_margin, revenue.
  'fx_conversion',
  'fx_margin',
] as const;
export type LedgerAccount = (typeof ledgerAccounts)[number];

export const ledgerTransactionKinds = [
  // An approved week: what the company owes for the talent's pay, and what the talent is owed (pending).
  'work_approved',
  // The weekly invoice: the rest of what the company owes — margin, fee, tax.
  'invoice_issued',
  // A completed payment of an invoice, or of a milestone's funding into escrow.
  'payment_received',
  'funding_received',
  // A milestone released from escrow: the talent's earning (pending), the fee and the tax.
  'milestone_released',
  // Money given back to the company.
  'payment_refunded',
  'funding_refunded',
  // Pending earnings that became available, and available ones taken back when their payment was refunded.
  'earnings_available',
  'earnings_reclaimed',
  // A payout sent (available → in transit), confirmed paid, or failed (back to available).
  'payout_sent',
  'payout_paid',
  'payout_failed',
] as const;
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number];

export const ledgerAccountLabels: Record<LedgerAccount, string> = {
  provider_clearing: 'Provider clearing',
  company_receivable: 'Company receivable',
  escrow: 'Escrow',
  talent_pending: 'Talent payable — pending',
  talent_available: 'Talent payable — available',
  payouts_in_transit: 'Payouts in transit',
  paid_out: 'Paid out',
  platform_revenue: 'Platform revenue',
  tax_payable: 'Tax payable',
  processor_fees: 'Processor fees',
  fx_conversion: 'Currency conversion',
  fx_margin: 'FX margin',
};

// ---------------------------------------------------------------------------------------------------------
// Payout methods

export const payoutMethodKinds = ['bank_account', 'wise', 'payoneer', 'paypal', 'stripe_connect'] as const;
export type PayoutMethodKind = (typeof payoutMethodKinds)[number];

export const payoutMethodKindLabels: Record<PayoutMethodKind, string> = {
  bank_account: 'Bank transfer',
  wise: 'Wise',
  payoneer: 'Payoneer',
  paypal: 'PayPal',
  stripe_connect: 'Stripe',
};

// How a bank is identified besides its name: SWIFT/BIC anywhere, or the local code of the account's country.
export const bankCodeTypes = ['swift', 'aba', 'sort_code', 'ifsc'] as const;
export type BankCodeType = (typeof bankCodeTypes)[number];
export const bankCodeTypeLabels: Record<BankCodeType, string> = {
  swift: 'SWIFT/BIC',
  aba: 'US routing number (ABA)',
  sort_code: 'UK sort code',
  ifsc: 'India IFSC',
};

// A method waits this long after it is added before its first payout (the account-takeover defence).
export const PAYOUT_METHOD_WAIT_HOURS = 72;

// "EUR, PHP and VND" / "EUR, PHP or VND": currency codes in a sentence.
function codeList(codes: readonly string[], type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat('en-GB', { style: 'long', type }).format(codes);
}

export const payoutTexts = {
  holderName: 'Enter the account holder’s name as the bank has it (2 to 100 characters).',
  bankName: 'Enter the bank’s name (2 to 100 characters).',
  accountNumber:
    'Enter the account number: 4 to 20 digits, or an IBAN (two letters, two check digits and up to 30 letters or digits).',
  ibanChecksum: 'This IBAN’s check digits do not match: please check it against your bank statement.',
  swift: 'A SWIFT/BIC code is 8 or 11 letters and digits, such as BOPIPHMM.',
  aba: 'A US routing number is 9 digits whose checksum matches, such as 021000021.',
  sortCode: 'A UK sort code is 6 digits, such as 20-00-00.',
  ifsc: 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits, such as HDFC0001234.',
  email: 'Enter the email address of your account there.',
  currency: 'Choose the currency you are paid in from the list.',
  // A person with a password proves it with the password alone: an emailed code would let whoever reads their
  // mail redirect their pay (decision 036). A code is for those who sign in through Google, LinkedIn or Apple.
  passwordNeeded: 'Confirm it is you: enter your password.',
  codeNeeded: 'Confirm it is you: enter the code we email you.',
  passwordInstead:
    'You have a password: confirm it is you with it. A code by email is only for those who sign in with Google, LinkedIn or Apple.',
  passwordWrong: 'That password is not right. Enter the password you sign in with.',
  codeWrong: 'That code is not right or has expired. Ask for a new one.',
  noPassword: 'You sign in with Google, LinkedIn or Apple: ask for a code by email instead of a password.',
  codeSent: 'We emailed you a code. It works once, for 15 minutes.',
  methodAdded: (hours: number) =>
    `Payout method added. For your security, it can receive payouts ${hours} hours from now; we emailed you about it.`,
  methodRemoved: 'Payout method removed.',
  defaultChanged: 'Default payout method changed.',
  notFound: 'There is no such payout method.',
  tooMany: 'You have 10 payout methods already: remove one before adding another.',
  removeDefaultFirst: 'This is your default payout method: make another one the default before removing it.',
  connectUnavailable: 'Stripe payouts are not set up on this platform: add a bank account, Wise, Payoneer or PayPal.',
  connectNotReady: 'Finish setting up your Stripe account before it can be paid.',
  transferRefused: 'Stripe refused the transfer to your account. Please check your Stripe payout settings.',
  // Earnings and balances.
  pendingAwaitingInvoice: 'Awaiting the company’s invoice',
  pendingAwaitingPayment: 'Awaiting the company’s payment',
  pendingSecurity: (day: string) => `Security period until ${day}`,
  pendingReclaimed: 'The company’s payment was refunded: waiting for it to pay again',
  // Payout runs.
  runNotFound: 'There is no such payout run.',
  runWaitingTitle: 'A payout run awaits approval',
  runWaiting: 'Approve or review it before preparing another: nothing was added to it.',
  payoutNotFound: 'There is no such payout.',
  runAlreadyApproved: 'This payout run was approved already.',
  // A run locks its rates at approval (decision 051): an old or missing rate stops it, never a guess.
  staleRate: (from: string, to: string, day: string, maxDays: number) =>
    `The ${from} → ${to} exchange rate is from ${day}, older than the ${maxDays} days a payout run may use. Fetch, import or enter a newer rate under System Settings › Exchange rates, then approve the run.`,
  rateMissing: (from: string, to: string) =>
    `There is no ${from} → ${to} exchange rate. Enter one under System Settings › Exchange rates, then approve the run.`,
  alreadyReminded: 'The talents of this run were reminded already: once a run, so nobody is written to twice.',
  nobodyToRemind: 'Nobody in this run is waiting on a payout method of their own.',
  runNotApproved: 'Approve the payout run first.',
  nothingToMark: 'No bank-file payout of this run is waiting to be marked paid.',
  payoutNotInTransit: 'Only a payout sent and not yet confirmed can be marked paid or failed.',
  resultContradicts: (payoutId: string, status: string) =>
    `Payout ${payoutId} is already ${status}: a result cannot change it. Nothing in the file was marked.`,
  referenceNeeded: 'Enter the bank’s or Wise’s reference for this payment (1 to 200 characters).',
  reasonNeeded: 'Say why, in a sentence (3 to 500 characters).',
  holdExists: 'This person’s payouts are on hold already.',
  holdNotFound: 'There is no such hold, or it was released already.',
  talentNotFound: 'There is no such talent.',
  resultsFile:
    'The results file must be a CSV with the columns payout_id, status (paid or failed), reference and reason, or the bank’s camt.054 notification (XML).',
  // The bank's camt.054 (docs/decisions/045): what is wrong with it, then that nothing was marked.
  camtFile: (problem: string) =>
    `The bank’s camt.054 file was not imported: ${problem} Nothing in the file was marked.`,
  resultAmountDiffers: (payoutId: string, bank: string, ours: string) =>
    `The bank’s amount for payout ${payoutId} is ${bank}, but the payout is ${ours}. Nothing in the file was marked.`,
  noSepaPayouts:
    'No bank-file payout of this run on its way goes to an IBAN: there is nothing to put in a pain.001 (SEPA) file.',
  noNachaPayouts:
    'No bank-file payout of this run on its way goes to a US account with a routing number: there is nothing to put in a NACHA file.',
  // A pain.001 file pays one currency (docs/decisions/045, amended for issue 55): the run’s are named to choose from.
  pain001CurrencyNeeded: (codes: readonly string[]) =>
    `A pain.001 file pays one currency, and this run’s payouts to an IBAN are in ${codeList(codes, 'conjunction')}: choose ${codeList(codes, 'disjunction')}.`,
  noPain001PayoutsIn: (currency: string, codes: readonly string[]) =>
    `No bank-file payout of this run on its way goes to an IBAN in ${currency}: its payouts to an IBAN are in ${codeList(codes, 'conjunction')}.`,
  nachaUsdOnly: (currency: string) =>
    `A NACHA file pays US dollars only: download the ${currency} payouts as an ISO 20022 (pain.001) file, or from the CSV bank file.`,
  debtorMissing:
    'Tandem’s own bank account is not set up for pain.001 files: set TANDEM_DEBTOR_IBAN (and TANDEM_DEBTOR_NAME, TANDEM_DEBTOR_BIC).',
  achMissing:
    'Tandem’s ACH originator is not set up for NACHA files: set TANDEM_ACH_ROUTING and TANDEM_ACH_COMPANY_ID.',
  statementNotFound: 'There is no statement for this payout.',
  yearNeeded: 'Choose a year from 2000 to 2100.',
} as const;

const trimmed = (message: string, min: number, max: number) =>
  z.string({ message }).trim().min(min, { message }).max(max, { message });

// IBAN: move the first four characters to the end, letters to numbers (A=10 … Z=35), the number mod 97 is 1.
export function ibanChecksumIsValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const digits = /[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

// ABA routing numbers: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
export function abaChecksumIsValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1];
  const sum = [...routing].reduce((total, digit, index) => total + Number(digit) * (weights[index % 3] ?? 0), 0);
  return sum % 10 === 0;
}

export const normalizeAccountNumber = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
export const normalizeBankCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

const bankCodeChecks: Record<BankCodeType, { valid: (code: string) => boolean; message: string }> = {
  swift: { valid: (code) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(code), message: payoutTexts.swift },
  aba: { valid: abaChecksumIsValid, message: payoutTexts.aba },
  sort_code: { valid: (code) => /^\d{6}$/.test(code), message: payoutTexts.sortCode },
  ifsc: { valid: (code) => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(code), message: payoutTexts.ifsc },
};

// The proof of identity every new method and every change of the default needs: the password for those who
// have one, else a code emailed to the person (they sign in only through an identity provider).
export const payoutProofSchema = z.object({
  password: z.string().max(200).optional(),
  email_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: payoutTexts.codeWrong })
    .optional(),
});
export type PayoutProof = z.infer<typeof payoutProofSchema>;

// What the talent is paid in through the method (issue 55); earnings in other currencies are converted at
// the rate locked when the run is approved. Left out, US dollars, as every method before currencies.
const payoutCurrencySchema = z.enum(payoutCurrencies, { message: payoutTexts.currency }).default('USD');

const bankAccountSchema = z.object({
  kind: z.literal('bank_account'),
  currency: payoutCurrencySchema,
  holder_name: trimmed(payoutTexts.holderName, 2, 100),
  bank_name: trimmed(payoutTexts.bankName, 2, 100),
  account_number: z.string({ message: payoutTexts.accountNumber }).transform(normalizeAccountNumber),
  bank_code_type: z.enum(bankCodeTypes, { message: 'Choose how your bank is identified.' }),
  bank_code: z.string({ message: payoutTexts.swift }).transform(normalizeBankCode),
});

const walletSchema = z.object({
  kind: z.enum(['wise', 'payoneer', 'paypal']),
  currency: payoutCurrencySchema,
  email: z.email({ message: payoutTexts.email }).trim().toLowerCase().max(254, { message: payoutTexts.email }),
});

export const newPayoutMethodSchema = z
  .discriminatedUnion('kind', [bankAccountSchema, walletSchema], {
    error: 'Choose bank transfer, Wise, Payoneer or PayPal.',
  })
  .superRefine((method, context) => {
    if (method.kind !== 'bank_account') return;
    const number = method.account_number;
    const isIban = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(number);
    if (!isIban && !/^\d{4,20}$/.test(number)) {
      context.addIssue({ code: 'custom', path: ['account_number'], message: payoutTexts.accountNumber });
    } else if (isIban && !ibanChecksumIsValid(number)) {
      context.addIssue({ code: 'custom', path: ['account_number'], message: payoutTexts.ibanChecksum });
    }
    const check = bankCodeChecks[method.bank_code_type];
    if (!check.valid(method.bank_code)) {
      context.addIssue({ code: 'custom', path: ['bank_code'], message: check.message });
    }
  });
export type NewPayoutMethod = z.infer<typeof newPayoutMethodSchema>;

export const addPayoutMethodSchema = z.object({
  method: newPayoutMethodSchema,
  proof: payoutProofSchema,
});
export type AddPayoutMethodInput = z.infer<typeof addPayoutMethodSchema>;

export const proofOnlySchema = z.object({ proof: payoutProofSchema });

export const payoutMethodSchema = z.object({
  id: z.string(),
  kind: z.enum(payoutMethodKinds),
  // Masked: "Bank transfer · BDO Unibank · ending in 6789", "PayPal · m***@example.com".
  label: z.string(),
  holder_name: z.string().nullable(),
  currency: currencySchema,
  is_default: z.boolean(),
  // The first moment it can be paid (72 hours after it was added).
  usable_from: z.string(),
  // A Stripe account is paid only once onboarded; other methods are ready once usable_from has passed.
  onboarded: z.boolean(),
  created_at: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
export const payoutMethodListSchema = z.object({
  items: z.array(payoutMethodSchema),
  // Whether the person has a password (else the proof is a code by email).
  has_password: z.boolean(),
  connect_available: z.boolean(),
});
export type PayoutMethodList = z.infer<typeof payoutMethodListSchema>;

export const connectLinkSchema = z.object({ url: z.string() });

// ---------------------------------------------------------------------------------------------------------
// The talent's balance and payouts

export const payoutStatuses = ['sent', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  sent: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
};

// Why a talent with money available is not paid in a run.
export const payoutExceptions = [
  'on_hold',
  'suspended',
  'no_method',
  'method_waiting',
  'not_onboarded',
  'rate_missing',
  // No W-9 or W-8BEN in force while System Settings ask for one (issue 56).
  'tax_form_missing',
] as const;
export type PayoutException = (typeof payoutExceptions)[number];
export const payoutExceptionLabels: Record<PayoutException, string> = {
  on_hold: 'Payouts on hold',
  suspended: 'Account suspended',
  no_method: 'No payout method',
  method_waiting: 'Method in its 72-hour wait',
  not_onboarded: 'Stripe account not set up',
  rate_missing: 'No exchange rate to the payout currency',
  tax_form_missing: 'No valid tax form',
};

// What the ledger owes a talent in one currency, by stage. Each currency stands on its own: euros are
// never added to dollars.
export const currencyBalanceSchema = z.object({
  currency: currencySchema,
  pending_cents: z.number().int(),
  available_cents: z.number().int(),
  in_transit_cents: z.number().int(),
  paid_out_cents: z.number().int(),
});
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

// A rate as a conversion recorded it: one unit of the source is worth `rate` of the target, as published
// for `date` by `source`.
const recordedRateSchema = z.object({ rate: z.string(), date: z.string(), source: z.enum(fxRateSources) });

// A part of a payout (decision 051): what it took from the talent's balance in one currency and what that
// became in the payout's currency. A part already in the payout's currency has no rate and no margin.
export const payoutPartSchema = z.object({
  source_currency: z.enum(currencies),
  source_cents: z.number().int(),
  // In the payout's currency: what the talent received for this part, the margin already taken.
  amount_cents: z.number().int(),
  margin_cents: z.number().int(),
  margin_basis_points: z.number().int(),
  // One source_currency is worth `rate` of the payout's currency, as published for `date` by `source`.
  rate: recordedRateSchema.nullable(),
});
export type TalentPayoutPart = z.infer<typeof payoutPartSchema>;

// GET /api/applicant/payouts/conversion-rates: today's latest rate from each billing currency to the talent's
// payout currency (their default method's; USD without one), and the FX margin, so an offer, a rate or a
// milestone in a company's currency can be shown in theirs. An estimate: a payout's rate is locked at approval.
export const conversionRatesSchema = z.object({
  payout_currency: z.enum(currencies),
  margin_basis_points: z.number().int(),
  rates: z.array(recordedRateSchema.extend({ base: z.enum(currencies), quote: z.enum(currencies) })),
});
export type ConversionRates = z.infer<typeof conversionRatesSchema>;

// How the next payout's figure was come by: `estimate`, what today's latest rates make of the available
// balance (approval locks the rate, so the figure may still move); `planned`, the talent's line in a run
// awaiting approval, as the administrator sees it.
export const nextPayoutBases = ['estimate', 'planned'] as const;
export type NextPayoutBasis = (typeof nextPayoutBases)[number];

export const payoutBalanceSchema = z.object({
  // One row per currency the talent has earned in, in code order; none before their first earning.
  balances: z.array(currencyBalanceSchema),
  // In US cents: a run pays a talent whose available balances are worth at least this at the latest rates.
  minimum_cents: z.number().int(),
  next_payout: z.object({
    // The next scheduled run, a moment.
    runs_at: z.string(),
    basis: z.enum(nextPayoutBases),
    // The default payout method's currency (US dollars while there is none).
    currency: currencySchema,
    // In `currency`: what it would pay, the sum of the parts; 0 when it would pay nothing.
    amount_cents: z.number().int(),
    // Each available currency and what it becomes in `currency`, with the rate and the FX margin.
    parts: z.array(payoutPartSchema),
    // Why it would not pay, if it would not.
    blocked_by: z.enum(payoutExceptions).nullable(),
  }),
  on_hold: z.boolean(),
});
export type PayoutBalance = z.infer<typeof payoutBalanceSchema>;

// How a statement names a rate's origin, before its day: "ECB rate of 2026-11-27".
export const rateSourceWords: Record<FxRateSource, string> = {
  ecb: 'ECB rate',
  file: 'imported rate',
  manual: 'Tandem’s rate',
};

type RecordedRate = z.infer<typeof recordedRateSchema>;

// "1 EUR = 61.2345 PHP": the recorded rate digit for digit, so anyone can redo the sum.
export const rateText = (from: string, to: string, rate: RecordedRate) => `1 ${from} = ${rate.rate} ${to}`;
// "ECB rate of 2026-11-27".
export const rateOriginText = (rate: RecordedRate) => `${rateSourceWords[rate.source]} of ${rate.date}`;
// "1 EUR = 61.2345 PHP, ECB rate of 2026-11-27".
export const conversionRateText = (from: string, to: string, rate: RecordedRate) =>
  `${rateText(from, to, rate)}, ${rateOriginText(rate)}`;

// Basis points as a percentage, exactly: 50 → '0.50%', 125 → '1.25%'.
export const basisPointsPercent = (basisPoints: number) => `${minorToDecimal(basisPoints, 2)}%`;

// A part as the screens list it: "€2,034.57 at 1 EUR = 61.2345 PHP, ECB rate of 2026-11-27 (FX margin
// ₱622.67, 0.50%)"; a part already in the payout's currency, "$250.00, no conversion".
export function payoutPartText(part: TalentPayoutPart, to: Currency): string {
  const source = formatMoney(part.source_cents, part.source_currency);
  if (!part.rate) return `${source}, no conversion`;
  return `${source} at ${conversionRateText(part.source_currency, to, part.rate)} (FX margin ${formatMoney(part.margin_cents, to)}, ${basisPointsPercent(part.margin_basis_points)})`;
}

// An amount with its currency, and several as a sentence writes them: "€315.65 and $12.00".
export interface AmountIn {
  currency: Currency;
  cents: number;
}
export const formatAmountList = (amounts: readonly AmountIn[]) =>
  new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' }).format(
    amounts.map((amount) => formatMoney(amount.cents, amount.currency)),
  );

// A sum in each of several currencies, never one sum across them.
export const currencyTotalSchema = z.object({ currency: currencySchema, amount_cents: z.number().int() });
export type CurrencyTotal = z.infer<typeof currencyTotalSchema>;

export const talentPayoutSchema = z.object({
  id: z.string(),
  // In `currency`, the payout's: the sum of its parts' amounts.
  amount_cents: z.number().int(),
  currency: z.enum(currencies),
  parts: z.array(payoutPartSchema),
  status: z.enum(payoutStatuses),
  method_label: z.string(),
  reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  sent_at: z.string(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type TalentPayout = z.infer<typeof talentPayoutSchema>;

const pageQuery = {
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
};
export const payoutPageQuerySchema = z.object(pageQuery);

export const talentPayoutListSchema = z.object({
  items: z.array(talentPayoutSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TalentPayoutList = z.infer<typeof talentPayoutListSchema>;

export const yearQuerySchema = z.object({
  year: z.coerce
    .number({ message: payoutTexts.yearNeeded })
    .int({ message: payoutTexts.yearNeeded })
    .min(2000, { message: payoutTexts.yearNeeded })
    .max(2100, { message: payoutTexts.yearNeeded }),
});

// ---------------------------------------------------------------------------------------------------------
// Administration

export const payoutRunStatuses = ['draft', 'approved', 'completed'] as const;
export type PayoutRunStatus = (typeof payoutRunStatuses)[number];
export const payoutRunStatusLabels: Record<PayoutRunStatus, string> = {
  draft: 'Awaiting approval',
  approved: 'Approved',
  completed: 'Completed',
};

// A run's line for one talent: planned while the run is a draft, then sent, paid or failed; or an
// exception (not paid, with why).
export const runLineStatuses = ['planned', 'exception', 'cancelled', ...payoutStatuses] as const;
export type RunLineStatus = (typeof runLineStatuses)[number];
export const runLineStatusLabels: Record<RunLineStatus, string> = {
  planned: 'Planned',
  exception: 'Not paid',
  cancelled: 'Cancelled',
  ...payoutStatusLabels,
};

export const runRateSchema = z.object({
  from: currencySchema,
  to: currencySchema,
  rate: recordedRateSchema.nullable(),
  stale: z.boolean(),
});
export type RunRate = z.infer<typeof runRateSchema>;

export const payoutRunSchema = z.object({
  id: z.string(),
  scheduled_for: z.string(),
  status: z.enum(payoutRunStatuses),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  // What its payouts planned, sent or paid add up to in each payout currency, in code order.
  totals: z.array(currencyTotalSchema),
  payout_count: z.number().int(),
  exception_count: z.number().int(),
  counts: z.record(z.enum(runLineStatuses), z.number().int()),
  // Bank-file payouts sent and waiting for the finance team's confirmation.
  bank_file_count: z.number().int(),
  // Talents not paid for want of a payout method (or an unfinished Stripe account), whom an administrator
  // may remind once a run; when that was.
  remindable_count: z.number().int(),
  reminded_at: z.string().nullable(),
  // Its exchange rates, a pair each (decision 051): while a draft, those approval would lock now (the latest
  // stored; null when there is none, stale when older than the maximum age — either stops the approval);
  // once approved, those it locked.
  rates: z.array(runRateSchema),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

// POST /api/admin/payout-runs/:id/remind: how many talents were written to.
export const remindedRunSchema = z.object({ reminded: z.number().int(), run: payoutRunSchema });
export type RemindedRun = z.infer<typeof remindedRunSchema>;

// Preparing answers the run made now, or the one already awaiting approval (nothing is added to it).
export const preparedRunSchema = payoutRunSchema.extend({ was_waiting: z.boolean() });
export type PreparedRun = z.infer<typeof preparedRunSchema>;

export const payoutRunListSchema = z.object({
  items: z.array(payoutRunSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type PayoutRunList = z.infer<typeof payoutRunListSchema>;

// The files a bank reads besides the CSV (docs/decisions/045): ISO 20022 pain.001 for payouts to an IBAN,
// NACHA (ACH) for payouts to a US account. Each bank-file payout on its way goes in one of them, or in
// neither, and then the screen says why (it is paid from the CSV).
export const bankFormats = ['pain001', 'nacha'] as const;
export type BankFormat = (typeof bankFormats)[number];
export const bankFormatLabels: Record<BankFormat, string> = {
  pain001: 'ISO 20022 pain.001 (SEPA / IBAN)',
  nacha: 'NACHA (US ACH)',
};
const formatTotalSchema = z.object({ count: z.number().int(), total_cents: z.number().int() });
export const runBankFormatsSchema = z.object({
  // One pain.001 file per currency, in code order; each total in that currency's minor unit.
  pain001: z.array(formatTotalSchema.extend({ currency: currencySchema })),
  // NACHA pays US dollars only: its total is in cents.
  nacha: formatTotalSchema,
  skipped: z.array(
    z.object({
      payout_id: z.string(),
      talent_name: z.string(),
      amount_cents: z.number().int(),
      currency: currencySchema,
      reason: z.string(),
    }),
  ),
});
export type RunBankFormats = z.infer<typeof runBankFormatsSchema>;

// ?currency= of a bank file: which currency's payouts it carries. Left out, the run's only one.
export const bankFileQuerySchema = z.object({ currency: currencyCodeSchema.optional() });

export const runLineSchema = z.object({
  id: z.string(),
  applicant_id: z.string(),
  talent_name: z.string(),
  talent_email: z.string(),
  // In `currency`, the payout's: the sum of its parts' amounts (estimated at preparation, locked at approval).
  amount_cents: z.number().int(),
  currency: currencySchema,
  parts: z.array(payoutPartSchema),
  status: z.enum(runLineStatuses),
  exception: z.enum(payoutExceptions).nullable(),
  provider: z.enum(['stripe', 'bank_file']).nullable(),
  method_label: z.string().nullable(),
  reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type RunLine = z.infer<typeof runLineSchema>;

export const runLinesQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(runLineStatuses).optional(),
});
export const runLineListSchema = z.object({
  items: z.array(runLineSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type RunLineList = z.infer<typeof runLineListSchema>;

export const referenceBodySchema = z.object({
  reference: z
    .string({ message: payoutTexts.referenceNeeded })
    .trim()
    .min(1, { message: payoutTexts.referenceNeeded })
    .max(200, { message: payoutTexts.referenceNeeded }),
});
export const reasonBodySchema = z.object({
  reason: z
    .string({ message: payoutTexts.reasonNeeded })
    .trim()
    .min(3, { message: payoutTexts.reasonNeeded })
    .max(500, { message: payoutTexts.reasonNeeded }),
});

export const talentBalanceRowSchema = z.object({
  applicant_id: z.string(),
  name: z.string(),
  email: z.string(),
  // A row per currency, in code order.
  balances: z.array(currencyBalanceSchema),
  hold: z
    .object({ id: z.string(), reason: z.string(), placed_at: z.string(), placed_by_name: z.string().nullable() })
    .nullable(),
});
export type TalentBalanceRow = z.infer<typeof talentBalanceRowSchema>;
export const talentBalancesQuerySchema = z.object({
  ...pageQuery,
  q: z.string().trim().max(100).optional(),
  only: z.enum(['owed', 'negative', 'on_hold']).optional(),
});
export const talentBalanceListSchema = z.object({
  items: z.array(talentBalanceRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TalentBalanceList = z.infer<typeof talentBalanceListSchema>;

export const placeHoldSchema = z.object({
  applicant_id: z.uuid({ message: payoutTexts.talentNotFound }),
  reason: reasonBodySchema.shape.reason,
});

// The ledger a currency at a time, in code order: each currency balances on its own (decision 051).
export const ledgerSummarySchema = z.object({
  currencies: z.array(
    z.object({
      currency: currencySchema,
      accounts: z.array(z.object({ account: z.enum(ledgerAccounts), balance_cents: z.number().int() })),
      // The sum of the currency's entries: zero when it balances.
      imbalance_cents: z.number().int(),
    }),
  ),
});
export type LedgerSummary = z.infer<typeof ledgerSummarySchema>;
