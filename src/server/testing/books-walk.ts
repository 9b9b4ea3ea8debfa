import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { defaultAccountCodes, monthBounds } from '~/shared/accounting';
import { accountingContract } from '~/shared/contracts/accounting';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { applicationsContract } from '~/shared/contracts/applications';
import { adminInvoicesContract, invoicesContract } from '~/shared/contracts/billing';
import { earningsContract } from '~/shared/contracts/earnings';
import { fixedPriceContract } from '~/shared/contracts/fixed-price';
import { paymentsContract } from '~/shared/contracts/payments';
import { payoutsContract } from '~/shared/contracts/payouts';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { settingsContract } from '~/shared/contracts/settings';
import { taxFormsContract } from '~/shared/contracts/tax-forms';
import { workContract } from '~/shared/contracts/work';
import { type LedgerAccount, ledgerAccounts } from '~/shared/payouts';
import { integerColumn } from '../db/row-columns';
import { payoutMethods } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { makeEarningsAvailable } from '../kernels/money/make-earnings-available';
import { bankReferenceOf } from '../payouts/bank-file-lines';
import { addDays, isoDay, weekStartOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from './auth-helpers';
import { companyAccount } from './job-board-test-helpers';
import { pdfText } from './pdf-text';
import { validW9 } from './tax-form-helpers';
import type { TestApp } from './test-app';
import { buildAssignment } from './work-factories';

// The money walk of the books issue (issue 54, "Done when"): one week of hourly work and one fixed-price
// contract, walked to the cent through the real API on a real database — invoice, payment, ledger, payout,
// bank files, statement, journals, trial balance and month-end report. Every expected figure is computed
// here from the walk's inputs by integer arithmetic written here, and compared with what the documents say
// as other programs read them: pdftotext, xmllint against the official XSD, csv-parse, SQL over the ledger.
// `npm run books:walk` prints it as a report; books-walk.test.ts asserts every check on both databases.

// The inputs: everything below is derived from them.
export const walkInputs = {
  rateCents: 3733,
  // Monday to Friday.
  minutesByDay: [268, 268, 268, 268, 267],
  feeBasisPoints: 1000,
  taxBasisPoints: 825,
  milestoneCents: 246_835,
  releasePercent: 60,
} as const;

export interface WalkCheck {
  part: 'week' | 'contract';
  label: string;
  expected: unknown;
  actual: unknown;
  // Who read the figure: pdftotext, xmllint, csv-parse, SQL, the API.
  source: string;
  ok: boolean;
}

// n ÷ d rounded half up, for whole non-negative n and positive d: the walk's own rounding, not the app's.
const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
// Cents as the documents print them: $1,234.56.
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = String(Math.floor(Math.abs(cents) / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${whole}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}
// "$1,234.56" (or "1234.56") read back to cents as text: no float on the way.
function centsOf(text: string | undefined): number {
  const match = /^(-?)\$?([\d,]+)\.(\d{2})$/.exec((text ?? '').trim());
  if (!match) return Number.NaN;
  const cents = Number((match[2] ?? '').replaceAll(',', '')) * 100 + Number(match[3]);
  return match[1] ? -cents : cents;
}
const blankOrCents = (text: string | undefined) => (text === '' ? 0 : centsOf(text));

// An invoice's figures from its work: the fee on the work, the tax on work plus fee, each rounded once.
function invoiceFigures(subtotal: number) {
  const fee = halfUp(subtotal * walkInputs.feeBasisPoints, 10_000);
  const tax = halfUp((subtotal + fee) * walkInputs.taxBasisPoints, 10_000);
  return { subtotal, fee, tax, total: subtotal + fee + tax };
}

const runProgram = promisify(execFile);
const schemas = path.join(import.meta.dirname, '../payouts/schemas');
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });

// xmllint (libxml2) against the official XSD: the judge is not our code.
async function xmllint(xsd: string, document: string): Promise<{ valid: boolean; output: string }> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'books-walk-'));
  const file = path.join(directory, 'file.xml');
  try {
    await fs.writeFile(file, document);
    return await runProgram('xmllint', ['--noout', '--schema', path.join(schemas, xsd), file]).then(
      (result) => ({ valid: true, output: result.stderr.trim() }),
      (error: { stderr?: string; code?: unknown }) => {
        if (error.code === 'ENOENT') throw new Error('xmllint is not installed: apt-get install libxml2-utils.');
        return { valid: false, output: (error.stderr ?? String(error)).trim() };
      },
    );
  } finally {
    await fs.rm(directory, { recursive: true, force: true });
  }
}

// A CSV as csv-parse reads it, strict: one header, every record as wide, RFC 4180 quotes.
const csvRecords = (csv: string) =>
  z
    .array(z.record(z.string(), z.string()))
    .parse(parse(csv, { bom: true, columns: true, relax_column_count: false, record_delimiter: '\r\n' }));

// The bank's camt.054 for one payout: a booked debit carrying the payout's end-to-end reference.
function camt054({
  debtorIban,
  reference,
  cents,
  bankReference,
}: {
  debtorIban: string;
  reference: string;
  cents: number;
  bankReference: string;
}): string {
  const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  const today = isoDay(new Date());
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>CAMT-${bankReference}</MsgId><CreDtTm>${today}T10:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>NTF-${bankReference}</Id>
      <CreDtTm>${today}T10:00:00</CreDtTm>
      <Acct><Id><IBAN>${debtorIban}</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="USD">${amount}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${today}</Dt></BookgDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${bankReference}</AcctSvcrRef><EndToEndId>${reference}</EndToEndId></Refs>
          <Amt Ccy="USD">${amount}</Amt>
          <CdtDbtInd>DBIT</CdtDbtInd>
        </TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

// Walks the books on this app: its database must hold no money yet (a fresh test app), since the trial
// balance and the month-end report are checked whole. `say` gets the report's lines as they come.
export async function walkTheBooks(
  testApp: TestApp,
  { say = () => {} }: { say?: (line: string) => void } = {},
): Promise<WalkCheck[]> {
  const db = testApp.database.db;
  const checks: WalkCheck[] = [];
  let part: WalkCheck['part'] = 'week';
  const check = (label: string, expected: unknown, actual: unknown, source: string) => {
    const ok = isDeepStrictEqual(expected, actual);
    checks.push({ part, label, expected, actual, source, ok });
    const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    say(
      ok ? `  ${label} ✓ (${source})` : `  ${label} ✗ expected ${shown(expected)}, read ${shown(actual)} (${source})`,
    );
  };
  // An API answer that is not a success ends the walk, with the server's sentence.
  const succeeded = <Answer extends { statusCode: number; rawPayload: Buffer }>(what: string, answer: Answer) => {
    if (answer.statusCode >= 300) {
      throw new Error(`${what} answered ${answer.statusCode}: ${answer.rawPayload.toString().slice(0, 500)}`);
    }
    return answer;
  };
  const excerpt = (text: string, pattern: RegExp) =>
    text
      .split('\n')
      .filter((line) => pattern.test(line))
      .map((line) => `      │ ${line.trim().replace(/\s{3,}/g, '   ')}`)
      .join('\n');

  // The ledger, summed by SQL: each account's balance (debits positive), and the sum of every entry.
  const ledgerBalances = async (where = sql`true`) => {
    const rows = await selectRows(
      db,
      z.object({ account: z.enum(ledgerAccounts), cents: integerColumn }),
      sql`select e.account, sum(e.amount_cents)::bigint as cents
          from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
          where ${where} group by e.account`,
    );
    const sums = Object.fromEntries(ledgerAccounts.map((account) => [account, 0])) as Record<LedgerAccount, number>;
    for (const row of rows) sums[row.account] = row.cents;
    return sums;
  };
  const ledgerTotal = async () => Object.values(await ledgerBalances()).reduce((sum, cents) => sum + cents, 0);

  const today = isoDay(new Date());
  // The books are read up to the day they are read on (a walk may pass midnight), from the walk's first month.
  const firstDay = monthBounds(today.slice(0, 7)).from;
  const period = () => ({ from: firstDay, to: isoDay(new Date()) });

  // ------------------------------------------------------------------ the parties and the settings
  const admin = await signedInAccount(testApp, { role: 'admin', name: 'Ada Admin' });
  const company = await companyAccount(testApp, 'Harbor Goods');
  const talent = await signedInAccount(testApp, { role: 'applicant', name: 'Minh Khai' });
  // Earnings wait for the company's payment; no security period, so the walk need not wait days for it.
  await testApp.setSettings({
    platform_fee_basis_points: walkInputs.feeBasisPoints,
    payouts_wait_for_payment: true,
    payout_security_days: 0,
  });
  const buyer = {
    legal_name: 'Harbor Goods, Lda.',
    address_line1: 'Rua Augusta 27',
    address_line2: '',
    city: 'Lisbon',
    region: '',
    postal_code: '1100-048',
    country: 'PT',
    tax_id: 'PT100000096',
  };
  const details = succeeded(
    'Billing details',
    await admin.call(adminCompaniesContract.updateBillingDetails, {
      params: { id: company.companyId },
      body: { ...buyer, tax_rate_basis_points: walkInputs.taxBasisPoints, payment_terms_days: 14 },
    }),
  ).body;
  const seller = {
    legal_name: 'Tandem Teams, Inc.',
    address: '2 Harbor Way\nWilmington, DE 19801',
    tax_id: 'US12-3456789',
  };
  succeeded('Invoice seller', await admin.call(settingsContract.updateInvoiceSeller, { body: seller }));
  say(
    `Buyer ${details.legal_name} (tax ID ${details.tax_id}), tax ${details.tax_rate_basis_points} bp; seller ${seller.legal_name}`,
  );

  // ================================================================== 1. one week
  say('\n1. One week of hourly work');
  const minutes = walkInputs.minutesByDay.reduce((sum, day) => sum + day, 0);
  const work = halfUp(minutes * walkInputs.rateCents, 60);
  const week = invoiceFigures(work);
  const hoursText = `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  say(
    `  inputs: ${walkInputs.minutesByDay.join(' + ')} = ${minutes} min at ${dollars(walkInputs.rateCents)}/h, fee ${walkInputs.feeBasisPoints} bp, tax ${walkInputs.taxBasisPoints} bp`,
  );
  say(
    `  computed: work ${minutes} × ${walkInputs.rateCents} ÷ 60 → ${dollars(work)}; fee ${dollars(week.fee)}; tax on ${dollars(work + week.fee)} → ${dollars(week.tax)}; total ${dollars(week.total)}`,
  );

  const weekStart = addDays(weekStartOf(today), -7);
  const assignment = await buildAssignment(db, {
    companyId: company.companyId,
    applicantId: talent.user.id,
    startDate: addDays(weekStart, -28),
    role: 'Bookkeeper',
    rateCents: walkInputs.rateCents,
  });
  const weekParams = { assignment_id: assignment.id, week_start: weekStart };
  const saved = succeeded(
    'Saving the week',
    await talent.call(workContract.saveWeek, {
      params: weekParams,
      body: {
        entries: walkInputs.minutesByDay.map((dayMinutes, index) => ({
          work_date: addDays(weekStart, index + 1),
          minutes: dayMinutes,
        })),
      },
    }),
  );
  const timesheetId = saved.body.id ?? '';
  succeeded('Submitting the week', await talent.call(workContract.submitWeek, { params: weekParams }));
  const approved = succeeded(
    'Approving the week',
    await company.call(workContract.approveTimesheet, { params: { id: timesheetId }, body: {} }),
  );
  say(`  Week of ${weekStart} approved by the company`);
  check(`talent pay ${dollars(work)}`, work, approved.body.talent_pay_cents, 'API talent_pay_cents');
  // The walk earns in dollars: the balance's only currency.
  const dollarBalance = async () => {
    const { balances } = (await talent.call(payoutsContract.balance)).body;
    return { currencies: balances.map((row) => row.currency), ...balances.find((row) => row.currency === 'USD') };
  };
  const pendingBalance = await dollarBalance();
  check(
    `talent pending ${dollars(work)}, available $0.00, in USD only`,
    [work, 0, ['USD']],
    [pendingBalance.pending_cents, pendingBalance.available_cents, pendingBalance.currencies],
    'API balance',
  );
  const [owedAtApproval] = await selectRows(
    db,
    z.object({ cents: integerColumn }),
    sql`select coalesce(-sum(e.amount_cents), 0)::bigint as cents from ledger_entries e
        where e.account = 'talent_pending' and e.timesheet_id = ${timesheetId}`,
  );
  check(`ledger talent_pending for the week ${dollars(work)}`, work, owedAtApproval?.cents, 'SQL ledger_entries');

  // The invoice.
  const issued = succeeded(
    'Issuing the invoice',
    await admin.call(adminInvoicesContract.issueNow, { params: { id: company.companyId } }),
  );
  const invoiceId = issued.body.invoice?.id ?? '';
  const invoice = succeeded(
    'Reading the invoice',
    await company.call(invoicesContract.invoice, { params: { id: invoiceId } }),
  ).body;
  const number = invoice.invoice_number;
  say(`  Invoice ${number} issued ${invoice.issue_date}, due ${invoice.due_date}`);
  check(
    `invoice ${number} subtotal/fee/tax/total ${dollars(week.subtotal)}/${dollars(week.fee)}/${dollars(week.tax)}/${dollars(week.total)}`,
    [week.subtotal, week.fee, week.tax, week.total],
    [invoice.subtotal_cents, invoice.fee_cents, invoice.tax_cents, invoice.amount_cents],
    'API',
  );
  check(
    'invoice names the buyer and seller as set',
    [buyer.legal_name, buyer.tax_id, seller.legal_name, seller.tax_id],
    [invoice.billed_to.name, invoice.billed_to.tax_id, invoice.seller.name, invoice.seller.tax_id],
    'API',
  );
  const invoicePdf = succeeded(
    'The invoice PDF',
    await company.call(invoicesContract.invoicePdf, { params: { id: invoiceId } }),
  );
  const invoiceText = await pdfText(invoicePdf.rawPayload);
  say(excerpt(invoiceText, /Invoice INV|Bookkeeper|Platform fee|Tax \(|Total|Billed to|Tandem Teams/));
  const workLine = invoiceText.split('\n').find((line) => line.includes('Bookkeeper — Minh Khai')) ?? '';
  const workCells = /(\d+ h \d+ min)\s+(\$[\d,]+\.\d\d)\/h\s+(\$[\d,]+\.\d\d)/.exec(workLine);
  check(
    `Invoice ${number} work ${hoursText} × ${dollars(walkInputs.rateCents)}/h = ${dollars(work)}`,
    [hoursText, dollars(walkInputs.rateCents), dollars(work)],
    [workCells?.[1], workCells?.[2], workCells?.[3]],
    'pdftotext',
  );
  const amountAfter = (text: string, label: RegExp) => {
    const line = text.split('\n').find((candidate) => label.test(candidate)) ?? '';
    return centsOf(/(-?\$[\d,]+\.\d\d)\s*$/.exec(line)?.[1]);
  };
  check(
    `Invoice ${number} fee ${dollars(week.fee)}, tax ${dollars(week.tax)}, total ${dollars(week.total)}`,
    [week.fee, week.tax, week.total],
    [
      amountAfter(invoiceText, /Platform fee \(/),
      amountAfter(invoiceText, /^\s*Tax \(/),
      amountAfter(invoiceText, /^\s*Total\b/),
    ],
    'pdftotext',
  );
  check(
    'Invoice PDF names buyer and seller',
    true,
    [buyer.legal_name, buyer.tax_id, seller.legal_name, `Tax ID ${seller.tax_id}`].every((text) =>
      invoiceText.includes(text),
    ),
    'pdftotext',
  );

  // The company pays it with a card, through the test-mode provider.
  const paid = succeeded(
    'Paying the invoice',
    await company.call(paymentsContract.payInvoice, {
      params: { id: invoiceId },
      body: {
        new_method: { kind: 'card', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
      },
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
  say(`  ${number} paid by card through the test-mode provider (${paid.statusCode})`);
  const afterPayment = (await company.call(invoicesContract.invoice, { params: { id: invoiceId } })).body;
  check(`invoice ${number} paid`, 'paid', afterPayment.status, 'API');
  const invoiceLedger = await ledgerBalances(sql`l.invoice_id = ${invoiceId} or l.timesheet_id = ${timesheetId}`);
  check(
    `ledger for the week: revenue ${dollars(week.fee)}, tax ${dollars(week.tax)}, receivable settled, cash ${dollars(week.total)}`,
    { platform_revenue: -week.fee, tax_payable: -week.tax, company_receivable: 0, provider_clearing: week.total },
    {
      platform_revenue: invoiceLedger.platform_revenue,
      tax_payable: invoiceLedger.tax_payable,
      company_receivable: invoiceLedger.company_receivable,
      provider_clearing: invoiceLedger.provider_clearing,
    },
    'SQL ledger_entries',
  );
  check('ledger balances (every entry sums to $0.00)', 0, await ledgerTotal(), 'SQL ledger_entries');

  // Earnings become available (the hourly ledger job, run now) once the invoice is paid.
  await makeEarningsAvailable({ db, now: new Date(), settings: await testApp.app.appContext.settings.get() });
  const availableBalance = await dollarBalance();
  check(
    `talent available ${dollars(work)}, pending $0.00`,
    [work, 0],
    [availableBalance.available_cents, availableBalance.pending_cents],
    'API balance',
  );

  // An IBAN, confirmed with the talent's password; its 72-hour wait passed as the payouts tests pass it.
  const method = succeeded(
    'Adding the IBAN',
    await talent.call(payoutsContract.addMethod, {
      body: {
        method: {
          kind: 'bank_account',
          holder_name: 'Minh Khai',
          bank_name: 'ING',
          account_number: 'DE44 5001 0517 5407 3249 31',
          bank_code_type: 'swift',
          bank_code: 'INGDDEFFXXX',
        },
        proof: { password: talent.password ?? undefined },
      },
    }),
  ).body;
  // The W-9 a run asks of whoever it pays (issue 56), signed as a talent signs it.
  succeeded('Signing the W-9', await talent.call(taxFormsContract.submit, { body: validW9('Minh Khai') }));
  const waitHours = Math.round((Date.parse(method.usable_from) - Date.now()) / 3_600_000);
  check('the new payout method waits 72 hours', 72, waitHours, 'API usable_from');
  await db
    .update(payoutMethods)
    .set({ usableFrom: new Date(Date.now() - 60_000) })
    .where(sql`${payoutMethods.id} = ${method.id}`);

  const payWeek = await payOut({ cents: work, bankReference: 'BANK-TX-WEEK-1' });
  check(
    `statement: week of ${weekStart} ${dollars(work)}, total paid out ${dollars(work)}`,
    [work, work],
    [amountAfter(payWeek.statement, /Week of /), amountAfter(payWeek.statement, /Total paid out/)],
    'pdftotext',
  );

  // The books: journals, trial balance, month-end report.
  const weekJournals = await journals();
  const weekJournal = (narration: RegExp) => weekJournals.xero.filter((journal) => narration.test(journal.narration));
  const linesOf = (found: JournalLines[]) => {
    const sums: Partial<Record<string, number>> = {};
    for (const journal of found) for (const [code, cents] of journal.lines) sums[code] = (sums[code] ?? 0) + cents;
    return sums;
  };
  const code = (account: LedgerAccount) => defaultAccountCodes.accounts[account].code;
  check(
    `Xero: work approved ${dollars(work)} receivable / owed to talent`,
    { [code('company_receivable')]: work, [code('talent_pending')]: -work },
    linesOf(weekJournal(new RegExp(`^Work approved — week of ${weekStart} `))),
    'csv-parse',
  );
  check(
    `Xero: invoice ${number} receivable ${dollars(week.total - work)}, revenue ${dollars(week.fee)}, tax ${dollars(week.tax)}`,
    {
      [code('company_receivable')]: week.total - work,
      [code('platform_revenue')]: -week.fee,
      [code('tax_payable')]: -week.tax,
    },
    linesOf(weekJournal(new RegExp(`^Invoice issued — invoice ${number} `))),
    'csv-parse',
  );
  const nameOf = (account: LedgerAccount) => defaultAccountCodes.accounts[account].name;
  check(
    `QuickBooks: invoice ${number} debits A/R of ${buyer.legal_name} ${dollars(week.total - work)}, credits revenue ${dollars(week.fee)} and tax ${dollars(week.tax)}`,
    {
      [`${nameOf('company_receivable')} (${buyer.legal_name})`]: week.total - work,
      [nameOf('platform_revenue')]: -week.fee,
      [nameOf('tax_payable')]: -week.tax,
    },
    linesOf(
      weekJournals.quickbooks.filter((entry) =>
        new RegExp(`^Invoice issued — invoice ${number} `).test(entry.narration),
      ),
    ),
    'csv-parse',
  );
  check(
    `Xero: payment of ${number} ${dollars(week.total)}`,
    { [code('provider_clearing')]: week.total, [code('company_receivable')]: -week.total },
    linesOf(weekJournal(new RegExp(`^Payment received — invoice ${number} `))),
    'csv-parse',
  );
  check(
    `Xero: earnings of the week available ${dollars(work)} (owed to talent, pending → available)`,
    { [code('talent_pending')]: work, [code('talent_available')]: -work },
    linesOf(weekJournal(new RegExp(`^Earnings available — week of ${weekStart} `))),
    'csv-parse',
  );
  const payoutReference = `payout ${payWeek.payoutId.slice(0, 8)}`;
  check(
    `Xero: payout ${dollars(work)} sent (available → in transit)`,
    { [code('talent_available')]: work, [code('payouts_in_transit')]: -work },
    // The narration names the payout's bank reference as the export finds it, once it is known, then its currency.
    linesOf(weekJournal(new RegExp(`^Payout sent — ${payoutReference}(, ref BANK-TX-WEEK-1)? \\(USD\\) \\[`))),
    'csv-parse',
  );
  check(
    `Xero: payout ${dollars(work)} paid, ref BANK-TX-WEEK-1 (in transit → paid out)`,
    { [code('payouts_in_transit')]: work, [code('paid_out')]: -work },
    linesOf(weekJournal(new RegExp(`^Payout paid — ${payoutReference}, ref BANK-TX-WEEK-1 `))),
    'csv-parse',
  );
  await checkBooks({
    revenue: week.fee,
    tax: week.tax,
    paidOut: work,
    cash: week.total,
    escrow: 0,
  });

  // ================================================================== 2. one fixed-price contract
  part = 'contract';
  say('\n2. One fixed-price contract, disputed and settled 60/40');
  const charge = invoiceFigures(walkInputs.milestoneCents);
  const releaseCents = halfUp(walkInputs.milestoneCents * walkInputs.releasePercent, 100);
  const release = invoiceFigures(releaseCents);
  const refundedCents = walkInputs.milestoneCents - releaseCents;
  const chargedBack = charge.total - release.total;
  say(
    `  computed: milestone ${dollars(walkInputs.milestoneCents)} funded for ${dollars(charge.total)} (fee ${dollars(charge.fee)}, tax ${dollars(charge.tax)}); ` +
      `${walkInputs.releasePercent}% released ${dollars(releaseCents)} invoiced at ${dollars(release.total)}; ${dollars(refundedCents)} of the work, ${dollars(chargedBack)} of the charge refunded`,
  );
  const card = succeeded(
    'Saving a card',
    await company.call(paymentsContract.addPaymentMethod, {
      body: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    }),
  ).body;
  const job = await buildJob(db, {
    companyId: company.companyId,
    engagementType: 'fixed',
    title: 'Bookkeeping migration',
  });
  const application = await buildApplication(db, {
    jobId: job.id,
    applicantId: talent.user.id,
    status: 'interviewing',
  });
  const inDays = (days: number) => addDays(today, days);
  succeeded(
    'Offering the contract',
    await company.call(pipelineContract.fixedPriceOffer, {
      params: { id: application.id },
      body: {
        total_cents: walkInputs.milestoneCents,
        start_date: inDays(7),
        milestones: [
          {
            title: 'Ledger migration',
            description: 'Move the books',
            amount_cents: walkInputs.milestoneCents,
            due_date: inDays(21),
          },
        ],
      },
    }),
  );
  succeeded(
    'Accepting the offer',
    await talent.call(applicationsContract.acceptOffer, { params: { id: application.id } }),
  );
  const contractId =
    (await company.call(workContract.companyAssignments)).body.items.find((item) => item.engagement_type === 'fixed')
      ?.id ?? '';
  const contractOf = async () =>
    succeeded(
      'Reading the contract',
      await company.call(fixedPriceContract.companyContract, { params: { id: contractId } }),
    ).body;
  const milestone = (await contractOf()).milestones[0];
  if (!milestone) throw new Error('The contract has no milestone.');
  check(
    `funding charges ${dollars(walkInputs.milestoneCents)} + fee ${dollars(charge.fee)} + tax ${dollars(charge.tax)} = ${dollars(charge.total)}`,
    [charge.subtotal, charge.fee, charge.tax, charge.total],
    [
      milestone.charge.amount_cents,
      milestone.charge.fee_cents,
      milestone.charge.tax_cents,
      milestone.charge.total_cents,
    ],
    'API',
  );
  const funded = succeeded(
    'Funding the milestone',
    await company.call(fixedPriceContract.fund, {
      params: { id: milestone.id },
      body: { payment_method_id: card.id },
      headers: { 'idempotency-key': randomUUID() },
    }),
  ).body;
  check(
    `escrow holds ${dollars(walkInputs.milestoneCents)}`,
    walkInputs.milestoneCents,
    funded.contract.escrow_cents,
    'API',
  );
  const milestoneLedger = () => ledgerBalances(sql`l.milestone_id = ${milestone.id}`);
  check(
    `ledger escrow credited ${dollars(charge.total)} at funding`,
    -charge.total,
    (await milestoneLedger()).escrow,
    'SQL ledger_entries',
  );
  succeeded(
    'Submitting the work',
    await talent.call(fixedPriceContract.submit, {
      params: { id: milestone.id },
      body: { message: 'The books are moved.' },
    }),
  );
  succeeded(
    'Disputing it',
    await company.call(fixedPriceContract.companyDispute, {
      params: { id: milestone.id },
      body: { reason: 'Two of the five ledgers are missing.' },
    }),
  );
  const settled = succeeded(
    'Settling the dispute',
    await admin.call(fixedPriceContract.settleDispute, {
      params: { id: milestone.id },
      body: { release_cents: releaseCents, note: 'Three of five ledgers were moved as agreed.' },
    }),
  ).body;
  check(
    `settled: ${dollars(releaseCents)} released, ${dollars(refundedCents)} refunded`,
    ['settled', releaseCents, refundedCents],
    [settled.dispute.status, settled.dispute.released_cents, settled.dispute.refunded_cents],
    'API',
  );
  const afterSettlement = await contractOf();
  const settledMilestone = afterSettlement.milestones[0];
  check(
    `funded ${dollars(walkInputs.milestoneCents)} = released ${dollars(releaseCents)} + refunded ${dollars(refundedCents)} + held $0.00`,
    [walkInputs.milestoneCents, releaseCents, refundedCents, 0],
    [
      settledMilestone?.amount_cents,
      settledMilestone?.released_cents,
      settledMilestone?.refunded_cents,
      afterSettlement.escrow_cents,
    ],
    'API',
  );
  const settledLedger = await milestoneLedger();
  check(
    `ledger: escrow ${dollars(charge.total)} in = ${dollars(release.total)} released + ${dollars(chargedBack)} refunded + $0.00 held`,
    { escrow: 0, talent_pending: -releaseCents, platform_revenue: -release.fee, tax_payable: -release.tax },
    {
      escrow: settledLedger.escrow,
      talent_pending: settledLedger.talent_pending,
      platform_revenue: settledLedger.platform_revenue,
      tax_payable: settledLedger.tax_payable,
    },
    'SQL ledger_entries',
  );
  // The refund of the dispute's 40%: its ledger movement (escrow debited, the provider's clearing credited,
  // the charge less the release invoice), then its credit note — numbered, its lines the charge's less the
  // release invoice's, its PDF read back.
  const [refundMove] = await selectRows(
    db,
    z.object({ escrow: integerColumn, clearing: integerColumn }),
    sql`select coalesce(sum(e.amount_cents) filter (where e.account = 'escrow'), 0)::bigint as escrow,
               coalesce(sum(e.amount_cents) filter (where e.account = 'provider_clearing'), 0)::bigint as clearing
        from ledger_entries e join ledger_transactions l on l.id = e.transaction_id
        where l.milestone_id = ${milestone.id} and l.kind = 'funding_refunded'`,
  );
  check(
    `credit note: refund ${dollars(chargedBack)} out of escrow back to the company's card`,
    [chargedBack, -chargedBack],
    [refundMove?.escrow, refundMove?.clearing],
    'SQL ledger_entries',
  );
  const notes = succeeded(
    'Listing the credit notes',
    await company.call(invoicesContract.creditNotes, { query: {} }),
  ).body.items.filter((note) => note.milestone_id === milestone.id);
  const [note] = notes;
  const credited = {
    work: refundedCents,
    fee: charge.fee - release.fee,
    tax: charge.tax - release.tax,
    total: chargedBack,
  };
  check(
    `credit note ${note?.credit_note_number}: one for the settlement, ${dollars(credited.work)} + fee ${dollars(credited.fee)} + tax ${dollars(credited.tax)} = ${dollars(credited.total)}`,
    [1, 'dispute_settled', credited.work, credited.fee, credited.tax, credited.total],
    [notes.length, note?.reason, note?.subtotal_cents, note?.fee_cents, note?.tax_cents, note?.total_cents],
    'API credit notes',
  );
  const notePdf = succeeded(
    'Downloading the credit note',
    await company.call(invoicesContract.creditNotePdf, { params: { id: note?.id ?? '' } }),
  );
  const noteText = await pdfText(notePdf.rawPayload);
  say(excerpt(noteText, /Credit note CN|Billed to|Credits|Milestone|Platform fee|Tax|Total/));
  check(
    `credit note PDF: ${note?.credit_note_number}, billed to Harbor Goods, Lda., total ${dollars(credited.total)}`,
    [true, true, true],
    [
      noteText.includes(`Credit note ${note?.credit_note_number}`),
      /Billed to\s+Harbor Goods, Lda\./.test(noteText),
      noteText.replace(/\s+/g, ' ').includes(`Total credited ${dollars(credited.total)}`),
    ],
    'pdftotext',
  );
  check('ledger balances (every entry sums to $0.00)', 0, await ledgerTotal(), 'SQL ledger_entries');

  // The release invoice of the 60%.
  const releaseInvoiceId = settledMilestone?.invoice_id ?? '';
  const releaseInvoice = succeeded(
    'Reading the release invoice',
    await company.call(invoicesContract.invoice, { params: { id: releaseInvoiceId } }),
  ).body;
  const releaseNumber = releaseInvoice.invoice_number;
  check(
    `release invoice ${releaseNumber} ${dollars(release.subtotal)} + ${dollars(release.fee)} + ${dollars(release.tax)} = ${dollars(release.total)}, paid`,
    [release.subtotal, release.fee, release.tax, release.total, 'paid'],
    [
      releaseInvoice.subtotal_cents,
      releaseInvoice.fee_cents,
      releaseInvoice.tax_cents,
      releaseInvoice.amount_cents,
      releaseInvoice.status,
    ],
    'API',
  );
  const releaseText = await pdfText(
    succeeded(
      'The release invoice PDF',
      await company.call(invoicesContract.invoicePdf, { params: { id: releaseInvoiceId } }),
    ).rawPayload,
  );
  say(excerpt(releaseText, /Invoice INV|Milestone|Platform fee|Tax \(|Total/));
  check(
    `Invoice ${releaseNumber} milestone ${dollars(release.subtotal)}, fee ${dollars(release.fee)}, tax ${dollars(release.tax)}, total ${dollars(release.total)}`,
    [release.subtotal, release.fee, release.tax, release.total],
    [
      amountAfter(releaseText, /Milestone: Ledger migration/),
      amountAfter(releaseText, /Platform fee \(/),
      amountAfter(releaseText, /^\s*Tax \(/),
      amountAfter(releaseText, /^\s*Total\b/),
    ],
    'pdftotext',
  );

  const earnings = (await talent.call(earningsContract.weeks)).body.items.find(
    (item) => item.milestone_id === milestone.id,
  );
  check(
    `talent earnings show the released ${dollars(releaseCents)}`,
    releaseCents,
    earnings?.amount_cents,
    'API earnings',
  );
  await makeEarningsAvailable({ db, now: new Date(), settings: await testApp.app.appContext.settings.get() });
  const payRelease = await payOut({ cents: releaseCents, bankReference: 'BANK-TX-MILESTONE-1' });
  check(
    `statement: milestone ${dollars(releaseCents)}, total paid out ${dollars(releaseCents)}`,
    [releaseCents, releaseCents],
    [
      amountAfter(payRelease.statement, /Milestone: Ledger migration/),
      amountAfter(payRelease.statement, /Total paid out/),
    ],
    'pdftotext',
  );

  const contractJournals = await journals();
  const journalOf = (narration: RegExp) =>
    linesOf(contractJournals.xero.filter((journal) => narration.test(journal.narration)));
  check(
    `Xero: funding ${dollars(charge.total)} into escrow`,
    { [code('provider_clearing')]: charge.total, [code('escrow')]: -charge.total },
    journalOf(/^Milestone funded — milestone “Ledger migration” /),
    'csv-parse',
  );
  check(
    `Xero: release ${releaseNumber} owed to talent ${dollars(releaseCents)}, revenue ${dollars(release.fee)}, tax ${dollars(release.tax)}`,
    {
      [code('escrow')]: release.total,
      [code('talent_pending')]: -releaseCents,
      [code('platform_revenue')]: -release.fee,
      [code('tax_payable')]: -release.tax,
    },
    journalOf(new RegExp(`^Milestone released — invoice ${releaseNumber} `)),
    'csv-parse',
  );
  check(
    `Xero: the released ${dollars(releaseCents)} available to the talent`,
    { [code('talent_pending')]: releaseCents, [code('talent_available')]: -releaseCents },
    journalOf(/^Earnings available — milestone “Ledger migration” /),
    'csv-parse',
  );
  check(
    `Xero: refund ${dollars(chargedBack)} out of escrow`,
    { [code('escrow')]: chargedBack, [code('provider_clearing')]: -chargedBack },
    journalOf(/^Milestone funding refunded — milestone “Ledger migration” /),
    'csv-parse',
  );
  await checkBooks({
    revenue: week.fee + release.fee,
    tax: week.tax + release.tax,
    paidOut: work + releaseCents,
    cash: week.total + charge.total - chargedBack,
    escrow: 0,
  });
  return checks;

  // ------------------------------------------------------------------ steps both parts take
  // A payout run of the talent's available balance, approved; its pain.001 checked by xmllint and read back;
  // the bank's camt.054 settling it; the talent's statement read by pdftotext.
  async function payOut({ cents, bankReference }: { cents: number; bankReference: string }) {
    const run = succeeded('Preparing the payout run', await admin.call(payoutsContract.prepareRun)).body;
    succeeded('Approving the run', await admin.call(payoutsContract.approveRun, { params: { id: run.id } }));
    const line = (await admin.call(payoutsContract.runLines, { params: { id: run.id }, query: { page_size: 100 } }))
      .body.items[0];
    const payoutId = line?.id ?? '';
    check(
      `payout run: one payout of ${dollars(cents)} sent by bank file`,
      [1, cents, 'sent', 'bank_file'],
      [run.payout_count, line?.amount_cents, line?.status, line?.provider],
      'API',
    );
    const pain001 = succeeded(
      'The pain.001',
      await admin.call(payoutsContract.pain001File, { params: { id: run.id } }),
    ).rawPayload.toString('utf8');
    const validation = await xmllint('pain.001.001.09.xsd', pain001);
    check('pain.001 validates against pain.001.001.09.xsd', true, validation.valid, `xmllint: ${validation.output}`);
    const document = xml.parse(pain001).Document.CstmrCdtTrfInitn;
    const transfer = document.PmtInf?.CdtTrfTxInf;
    say(
      `      │ GrpHdr NbOfTxs ${document.GrpHdr?.NbOfTxs} CtrlSum ${document.GrpHdr?.CtrlSum}; to ${transfer?.Cdtr?.Nm} ${transfer?.CdtrAcct?.Id?.IBAN} EndToEndId ${transfer?.PmtId?.EndToEndId}`,
    );
    check(
      `pain.001 CtrlSum ${dollars(cents)} = the payout, to the talent's IBAN`,
      [cents, cents, 'DE44500105175407324931', bankReferenceOf(payoutId)],
      [
        centsOf(document.GrpHdr?.CtrlSum),
        centsOf(transfer?.Amt?.InstdAmt?.['#text']),
        transfer?.CdtrAcct?.Id?.IBAN,
        transfer?.PmtId?.EndToEndId,
      ],
      'xml parsed',
    );
    const camt = camt054({
      debtorIban: testApp.config.bankDebtor?.iban ?? '',
      reference: bankReferenceOf(payoutId),
      cents,
      bankReference,
    });
    const camtValidation = await xmllint('camt.054.001.08.xsd', camt);
    check(
      'camt.054 validates against camt.054.001.08.xsd',
      true,
      camtValidation.valid,
      `xmllint: ${camtValidation.output}`,
    );
    succeeded(
      'Importing the camt.054',
      await admin.callUnchecked(payoutsContract.importResults, {
        params: { id: run.id },
        body: camt,
        headers: { 'content-type': 'application/xml' },
      }),
    );
    const settledLine = (
      await admin.call(payoutsContract.runLines, { params: { id: run.id }, query: { page_size: 100 } })
    ).body.items[0];
    check(
      `camt.054 settles the payout: paid, ref ${bankReference}`,
      ['paid', bankReference],
      [settledLine?.status, settledLine?.reference],
      'API',
    );
    const balance = await dollarBalance();
    check(
      `talent owed $0.00 after the payout`,
      [0, 0, 0],
      [balance.pending_cents, balance.available_cents, balance.in_transit_cents],
      'API balance',
    );
    const statementPdf = succeeded(
      'The payout statement',
      await talent.call(payoutsContract.statement, { params: { id: payoutId } }),
    );
    const statement = await pdfText(statementPdf.rawPayload);
    say(excerpt(statement, /Paid to|Amount|Week of|Milestone:|Total paid out/));
    check(
      `statement: paid to Minh Khai, amount ${dollars(cents)}`,
      ['Minh Khai', cents],
      [/Paid to\s+(.+?)\s*$/m.exec(statement)?.[1], centsOf(/^\s*Amount\s+(\$[\d,]+\.\d\d)/m.exec(statement)?.[1])],
      'pdftotext',
    );
    return { payoutId, statement };
  }

  // The period's Xero and QuickBooks journals as csv-parse reads them: every journal balances (checked
  // here), and the Xero ones are answered, each with its lines by account code.
  async function journals(): Promise<{ xero: JournalLines[]; quickbooks: JournalLines[] }> {
    const xeroCsv = succeeded(
      'The Xero journal',
      await admin.call(accountingContract.xeroJournal, { query: period() }),
    ).rawPayload.toString('utf8');
    const byNarration = new Map<string, JournalLines>();
    for (const record of csvRecords(xeroCsv)) {
      const narration = record.Narration ?? '';
      const journal = byNarration.get(narration) ?? { narration, lines: [] };
      journal.lines.push([record.AccountCode ?? '', centsOf(record.Amount)]);
      byNarration.set(narration, journal);
    }
    const xero = [...byNarration.values()];
    const unbalanced = xero.filter((journal) => journal.lines.reduce((sum, [, cents]) => sum + cents, 0) !== 0);
    check(
      `Xero: all ${xero.length} journals balance`,
      [],
      unbalanced.map((journal) => journal.narration),
      'csv-parse',
    );

    const quickbooksCsv = succeeded(
      'The QuickBooks journal',
      await admin.call(accountingContract.quickbooksJournal, { query: period() }),
    ).rawPayload.toString('utf8');
    const entries = new Map<string, JournalLines>();
    for (const record of csvRecords(quickbooksCsv)) {
      const key = record['Journal No.'] ?? '';
      const entry = entries.get(key) ?? { narration: record.Description ?? '', lines: [] };
      // An A/R line names its customer: kept beside the account, so a check reads both.
      const account = `${record['Account Name']}${record.Name ? ` (${record.Name})` : ''}`;
      entry.lines.push([account, blankOrCents(record.Debits) - blankOrCents(record.Credits)]);
      entries.set(key, entry);
    }
    const quickbooks = [...entries.values()];
    const uneven = quickbooks.filter((entry) => entry.lines.reduce((sum, [, cents]) => sum + cents, 0) !== 0);
    check(
      `QuickBooks: all ${quickbooks.length} entries' debits equal credits`,
      [],
      uneven.map((entry) => entry.narration),
      'csv-parse',
    );
    check('QuickBooks and Xero hold the same journals', xero.length, quickbooks.length, 'csv-parse');
    return { xero, quickbooks };
  }

  // The trial balance and the month-end report, whole: the database holds only the walk's money.
  async function checkBooks(expected: { revenue: number; tax: number; paidOut: number; cash: number; escrow: number }) {
    const { to: asOf } = period();
    const trial = succeeded(
      'The trial balance',
      await admin.call(accountingContract.trialBalance, { query: { as_of: asOf } }),
    ).body;
    // The walk bills and pays in dollars: the books hold one currency, reported in itself.
    check(
      'trial balance: one currency, USD, reported in USD',
      [['USD'], 'USD'],
      [trial.currencies.map((block) => block.currency), trial.reporting_currency],
      'API trial balance',
    );
    const dollarsBlock = trial.currencies.find((block) => block.currency === 'USD');
    const net = (account: LedgerAccount) => {
      const row = dollarsBlock?.accounts.find((candidate) => candidate.account === account);
      return (row?.debit_cents ?? 0) - (row?.credit_cents ?? 0);
    };
    const nonZero = Object.fromEntries(
      ledgerAccounts.filter((account) => net(account) !== 0).map((account) => [account, net(account)]),
    );
    say(
      `      │ trial balance ${asOf}: ${Object.entries(nonZero)
        .map(([account, cents]) => `${account} ${dollars(cents)}`)
        .join(
          ', ',
        )}; debits ${dollars(dollarsBlock?.total_debit_cents ?? 0)} = credits ${dollars(dollarsBlock?.total_credit_cents ?? 0)}`,
    );
    check(
      `trial balance: cash ${dollars(expected.cash)} = paid out ${dollars(expected.paidOut)} + revenue ${dollars(expected.revenue)} + tax ${dollars(expected.tax)}`,
      {
        provider_clearing: expected.cash,
        paid_out: -expected.paidOut,
        platform_revenue: -expected.revenue,
        tax_payable: -expected.tax,
      },
      nonZero,
      'API trial balance',
    );
    check(
      'trial balance: debits equal credits, and the total in USD is theirs',
      [dollarsBlock?.total_debit_cents, dollarsBlock?.total_debit_cents],
      [dollarsBlock?.total_credit_cents, trial.converted_total_cents],
      'API trial balance',
    );
    const report = succeeded(
      'The month-end report',
      await admin.call(accountingContract.monthEnd, { query: { month: asOf.slice(0, 7) } }),
    ).body;
    const figures = Object.fromEntries(
      (report.currencies.find((block) => block.currency === 'USD')?.figures ?? []).map((figure) => [
        figure.key,
        figure.cents,
      ]),
    );
    check(
      `month-end: revenue ${dollars(expected.revenue)}, tax ${dollars(expected.tax)}, paid out ${dollars(expected.paidOut)}, nothing owed or held`,
      {
        revenue: expected.revenue,
        fx_margin: 0,
        processor_fees: 0,
        tax_collected: expected.tax,
        paid_out: expected.paidOut,
        escrow_held: expected.escrow,
        owed_to_talent: 0,
        payouts_in_transit: 0,
        receivable: 0,
      },
      figures,
      'API month-end',
    );
    check(
      'month-end: each figure in USD over all currencies is the dollars figure',
      figures,
      Object.fromEntries(report.totals.map((total) => [total.key, total.converted_cents])),
      'API month-end',
    );
  }
}

interface JournalLines {
  narration: string;
  // [account code (Xero) or name (QuickBooks), signed cents: debits positive] per line.
  lines: Array<[string, number]>;
}
