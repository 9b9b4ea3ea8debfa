import { defineContract, fileOf } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import {
  addPayoutMethodSchema,
  bankFileQuerySchema,
  connectLinkSchema,
  conversionRatesSchema,
  ledgerSummarySchema,
  payoutBalanceSchema,
  payoutMethodListSchema,
  payoutMethodSchema,
  payoutPageQuerySchema,
  payoutRunListSchema,
  payoutRunSchema,
  placeHoldSchema,
  preparedRunSchema,
  proofOnlySchema,
  reasonBodySchema,
  referenceBodySchema,
  remindedRunSchema,
  runBankFormatsSchema,
  runLineListSchema,
  runLineSchema,
  runLinesQuerySchema,
  talentBalanceListSchema,
  talentBalanceRowSchema,
  talentBalancesQuerySchema,
  talentPayoutListSchema,
  yearQuerySchema,
} from '../payouts';

const methodParams = idParams('payout method');
const payoutParams = idParams('payout');
const runParams = idParams('payout run');
const holdParams = idParams('hold');

// Paying the talent (docs/decisions/036). The talent's side: their balance, payout methods, payouts,
// statements and yearly summary, their own only. The administrator's: payout runs, per-talent balances,
// holds and the ledger's accounts.
export const payoutsContract = defineContract(
  { name: 'payouts', tags: ['payouts'] },
  {
    balance: {
      method: 'GET',
      path: '/api/applicant/payouts/balance',
      summary:
        'What you are owed in each currency: pending, available, on its way, paid out; and the next payout in your payout currency, with its exchange rates',
      responses: { 200: payoutBalanceSchema },
    },
    conversionRates: {
      method: 'GET',
      path: '/api/applicant/payouts/conversion-rates',
      summary:
        'Today’s rate from each billing currency to your payout currency, and the FX margin: what a company’s amount is worth to you before a payout locks its rate',
      responses: { 200: conversionRatesSchema },
    },
    payouts: {
      method: 'GET',
      path: '/api/applicant/payouts',
      summary: 'Your payouts, newest first',
      query: payoutPageQuerySchema,
      responses: { 200: talentPayoutListSchema },
    },
    statement: {
      method: 'GET',
      path: '/api/applicant/payouts/:id/statement',
      summary: 'A payout’s statement (PDF): what it paid, to which method, and the earnings it paid out',
      params: payoutParams,
      responses: { 200: fileOf('application/pdf') },
    },
    yearlyCsv: {
      method: 'GET',
      path: '/api/applicant/payouts/yearly-summary.csv',
      summary: 'A year’s earnings and payouts, month by month and company by company, for your tax filing (CSV)',
      query: yearQuerySchema,
      responses: { 200: fileOf('text/csv') },
    },
    yearlyPdf: {
      method: 'GET',
      path: '/api/applicant/payouts/yearly-summary.pdf',
      summary: 'A year’s earnings and payouts, for your tax filing (PDF)',
      query: yearQuerySchema,
      responses: { 200: fileOf('application/pdf') },
    },
    methods: {
      method: 'GET',
      path: '/api/applicant/payout-methods',
      summary: 'Your payout methods, masked; the default first',
      responses: { 200: payoutMethodListSchema },
    },
    addMethod: {
      method: 'POST',
      path: '/api/applicant/payout-methods',
      summary:
        'Add a bank account, Wise, Payoneer or PayPal. Needs your password or an emailed code; the method can be paid 72 hours later',
      body: addPayoutMethodSchema,
      responses: { 201: payoutMethodSchema },
    },
    sendCode: {
      method: 'POST',
      path: '/api/applicant/payout-methods/code',
      summary:
        'Email yourself a code to confirm a change of payout method (only without a password: sign-in through Google, LinkedIn or Apple; 409 for a person who has one)',
      responses: { 204: noContent },
    },
    makeDefault: {
      method: 'POST',
      path: '/api/applicant/payout-methods/:id/default',
      summary: 'Make a method the one your payouts go to (needs your password or an emailed code)',
      params: methodParams,
      body: proofOnlySchema,
      responses: { 200: payoutMethodSchema },
    },
    removeMethod: {
      method: 'DELETE',
      path: '/api/applicant/payout-methods/:id',
      summary: 'Remove a payout method that is not your default',
      params: methodParams,
      responses: { 204: noContent },
    },
    connectLink: {
      method: 'POST',
      path: '/api/applicant/payout-methods/stripe',
      summary: 'Start or continue setting up a Stripe account for payouts: answers the Stripe page to go to',
      body: proofOnlySchema,
      responses: { 200: connectLinkSchema },
    },
    connectRefresh: {
      method: 'POST',
      path: '/api/applicant/payout-methods/stripe/refresh',
      summary: 'Ask Stripe whether your account is set up, after coming back from its page',
      responses: { 200: payoutMethodListSchema },
    },

    runs: {
      method: 'GET',
      path: '/api/admin/payout-runs',
      summary: 'Payout runs, newest first',
      query: payoutPageQuerySchema,
      responses: { 200: payoutRunListSchema },
    },
    prepareRun: {
      method: 'POST',
      path: '/api/admin/payout-runs',
      summary:
        'Prepare a payout run now; while one awaits approval, that one is answered (was_waiting) and nothing is added to it',
      responses: { 200: preparedRunSchema },
    },
    run: {
      method: 'GET',
      path: '/api/admin/payout-runs/:id',
      summary: 'A payout run: totals per currency, counts, exceptions and the exchange rates approval locks',
      params: runParams,
      responses: { 200: payoutRunSchema },
    },
    runLines: {
      method: 'GET',
      path: '/api/admin/payout-runs/:id/lines',
      summary: 'A payout run’s payouts and exceptions, by talent, each in its payout currency with its parts',
      params: runParams,
      query: runLinesQuerySchema,
      responses: { 200: runLineListSchema },
    },
    approveRun: {
      method: 'POST',
      path: '/api/admin/payout-runs/:id/approve',
      summary:
        'Approve a run, locking its exchange rates (409 with the sentence when one is stale or missing): each planned payout is sent (Stripe) or put in the bank file',
      params: runParams,
      responses: { 200: payoutRunSchema },
    },
    remindRun: {
      method: 'POST',
      path: '/api/admin/payout-runs/:id/remind',
      summary: 'Write once to each talent of the run not paid for want of a payout method of their own',
      params: runParams,
      responses: { 200: remindedRunSchema },
    },
    bankFile: {
      method: 'GET',
      path: '/api/admin/payout-runs/:id/bank-file.csv',
      summary: 'The run’s bank-file payouts as a CSV for the bank or Wise batch upload',
      params: runParams,
      responses: { 200: fileOf('text/csv') },
    },
    bankFormats: {
      method: 'GET',
      path: '/api/admin/payout-runs/:id/bank-formats',
      summary:
        'How the run’s bank-file payouts split between the pain.001 (IBAN) and NACHA (US) files, and why the others are in neither',
      params: runParams,
      responses: { 200: runBankFormatsSchema },
    },
    pain001File: {
      method: 'GET',
      path: '/api/admin/payout-runs/:id/bank-file.pain001.xml',
      summary:
        'The run’s bank-file payouts to an IBAN in one currency (currency=EUR; left out, the only one) as an ISO 20022 pain.001.001.09 credit transfer file',
      params: runParams,
      query: bankFileQuerySchema,
      responses: { 200: fileOf('application/xml') },
    },
    nachaFile: {
      method: 'GET',
      path: '/api/admin/payout-runs/:id/bank-file.ach',
      summary:
        'The run’s bank-file payouts in US dollars to a US routing number as a NACHA (ACH) file of PPD credits (currency, if given, must be USD)',
      params: runParams,
      query: bankFileQuerySchema,
      responses: { 200: fileOf('text/plain') },
    },
    markRunPaid: {
      method: 'POST',
      path: '/api/admin/payout-runs/:id/mark-paid',
      summary: 'Mark every bank-file payout of the run that is on its way as paid, with the batch’s reference',
      params: runParams,
      body: referenceBodySchema,
      responses: { 200: payoutRunSchema },
    },
    importResults: {
      method: 'POST',
      path: '/api/admin/payout-runs/:id/results',
      summary:
        'Import the bank’s results (CSV: payout_id, status, reference, reason; or the bank’s camt.054 XML): each payout paid or failed',
      params: runParams,
      body: fileOf('text/csv', 'application/xml', 'text/xml'),
      responses: { 200: payoutRunSchema },
    },
    markPaid: {
      method: 'POST',
      path: '/api/admin/payouts/:id/mark-paid',
      summary: 'Mark one payout on its way as paid, with the bank’s reference',
      params: payoutParams,
      body: referenceBodySchema,
      responses: { 200: runLineSchema },
    },
    markFailed: {
      method: 'POST',
      path: '/api/admin/payouts/:id/mark-failed',
      summary: 'Mark one payout on its way as failed: the money goes back to the talent’s balance and they are emailed',
      params: payoutParams,
      body: reasonBodySchema,
      responses: { 200: runLineSchema },
    },
    balances: {
      method: 'GET',
      path: '/api/admin/payout-balances',
      summary:
        'What each talent is owed: pending, available (negative when refunds took back more), in transit, paid out; holds',
      query: talentBalancesQuerySchema,
      responses: { 200: talentBalanceListSchema },
    },
    placeHold: {
      method: 'POST',
      path: '/api/admin/payout-holds',
      summary: 'Put a talent’s payouts on hold, with a reason',
      body: placeHoldSchema,
      responses: { 201: talentBalanceRowSchema },
    },
    releaseHold: {
      method: 'POST',
      path: '/api/admin/payout-holds/:id/release',
      summary: 'Release a hold, with a reason',
      params: holdParams,
      body: reasonBodySchema,
      responses: { 200: talentBalanceRowSchema },
    },
    ledger: {
      method: 'GET',
      path: '/api/admin/ledger',
      summary: 'The ledger’s accounts and their balances; the sum of every entry (zero when it balances)',
      responses: { 200: ledgerSummarySchema },
    },
  },
);
