import fs from 'node:fs/promises';
import type { APIResponse, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { pdfText } from '../../src/server/testing/pdf-text';
import { PAYOUT_METHOD_WAIT_HOURS, payoutExceptionLabels, payoutTexts } from '../../src/shared/payouts';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Paying the talent (docs/decisions/036), as the talent and an administrator in two browsers: the talent's
// approved week is invoiced and waits for the company's payment; the talent adds a bank account with their
// password and sees its 72-hour wait; the company pays and the security period passes (a test route ends
// both waits); the administrator prepares the payout run, approves it, downloads the bank file and marks
// it paid with the batch's reference; the talent sees the money paid out and downloads the statement.

const sameOrigin = { 'sec-fetch-site': 'same-origin' };
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
// The Sunday (UTC) that starts the last full week: the week the invoice run bills by default.
function lastWeekStart(): string {
  const today = new Date();
  return isoDay(new Date(today.getTime() - (today.getUTCDay() + 7) * DAY_MS));
}
const addDays = (day: string, days: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
// A toast stays 5 s over the corner of the page: closed as a person would, so the picture and the
// accessibility check see the page under it.
async function closeToasts(page: Page) {
  const close = toasts(page).getByRole('button', { name: 'Close' });
  for (const button of await close.all()) await button.click();
  await expect(close).toHaveCount(0);
}
// A figure card by its heading ("Paid out"), in the section of cards it belongs to.
const card = (cards: Locator, label: string) => cards.getByRole('heading', { name: label, exact: true }).locator('..');
// A fact of a definition list by its term ("Total").
const fact = (within: Locator, term: string) =>
  within
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('..');

async function expectOk(response: APIResponse, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

test('a talent is paid their invoiced week through an approved payout run, and downloads its statement', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  createAccount,
  signIn,
}) => {
  test.setTimeout(180_000);
  await chooseEssentialCookies(context, baseURL);

  // Last week, 21 hours at $40.00 an hour: $840.00 to the talent, submitted and approved by the company
  // through the API (billing.spec.ts walks those screens), then invoiced by the weekly run.
  const talent = await createAccount('applicant', { name: uniqueName('Rosa Dela Cruz') });
  const company = await createAccount('company', { name: 'Paolo Reyes', company_name: uniqueName('Lantern Works') });
  const companySide = await openSecondBrowser({ browser, request, baseURL, email: company.email });
  const companyApi = companySide.page.request;
  const weekStart = lastWeekStart();
  const placed = await expectOk(
    await request.post('/api/testing/assignments', {
      data: {
        company_email: company.email,
        applicant_email: talent.email,
        role: 'Bookkeeper',
        rate: 40,
        start_date: weekStart,
        timesheets: [
          {
            week_start: weekStart,
            status: 'submitted',
            minutes: { [addDays(weekStart, 1)]: 480, [addDays(weekStart, 2)]: 480, [addDays(weekStart, 3)]: 300 },
          },
        ],
      },
    }),
    201,
  );
  const [week] = placed.timesheets as Array<{ id: string }>;
  await expectOk(
    await companyApi.post(`/api/company/timesheets/${week?.id}/approve`, { headers: sameOrigin, data: {} }),
  );
  await expectOk(
    await request.post('/api/testing/billing/issue-invoices', {
      data: { period_start: weekStart, company_email: company.email },
    }),
  );
  const invoices = await (await companyApi.get('/api/company/invoices')).json();
  const [invoice] = invoices.items as Array<{ id: string; invoice_number: string }>;
  expect(invoice).toBeDefined();

  // The talent's Earnings: the week is pending until the company pays, and nothing would be paid yet. The W-9
  // a payout run asks of whoever it pays is signed through the API (tax-forms.spec.ts walks its screens).
  await signIn(talent);
  await expectOk(
    await page.request.post('/api/applicant/tax-form', {
      headers: sameOrigin,
      data: {
        kind: 'w9',
        legal_name: 'Rosa Dela Cruz',
        tax_classification: 'individual',
        address_street: '100 Congress Ave',
        address_city: 'Austin, TX 78701',
        tin_type: 'ssn',
        tin: '123-45-6789',
        signature_name: 'Rosa Dela Cruz',
        consent_to_sign_electronically: true,
      },
    }),
    201,
  );
  await page.goto(paths.applicantEarnings.getHref());
  const balance = page.getByRole('region', { name: 'Payout balance' });
  await expect(card(balance, 'Pending')).toContainText('$840.00');
  await expect(card(balance, 'Available')).toContainText('$0.00');
  const earned = page.getByRole('table', { name: 'Earnings by week' }).getByRole('row', { name: /21 h/ });
  await expect(earned).toContainText('$840.00');
  await expect(earned).toContainText('Pending');
  await expect(earned).toContainText(payoutTexts.pendingAwaitingPayment);
  const nextPayout = page.getByRole('region', { name: 'Next payout (UTC)' });
  const methods = page.getByRole('region', { name: 'Payout methods' });
  await expect(methods).toContainText('No payout method yet.');
  await expect(nextPayout).toContainText(payoutExceptionLabels.no_method);

  // A bank account, by the keyboard from the first field: a SWIFT code too short is refused in the form.
  await methods.getByRole('button', { name: 'Add payout method' }).click();
  const adding = page.getByRole('dialog', { name: 'Add payout method' });
  await expect(adding.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
  await adding.getByLabel('Account holder name').click();
  await page.keyboard.type(talent.name);
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('Bank name')).toBeFocused();
  await page.keyboard.type('BDO Unibank');
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('Account number or IBAN')).toBeFocused();
  await page.keyboard.type('0012 3456 789');
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('Bank identified by')).toBeFocused();
  await expect(adding.getByLabel('Bank identified by')).toHaveValue('swift');
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('SWIFT/BIC')).toBeFocused();
  await page.keyboard.type('BNORPH');
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(talent.password);
  await page.keyboard.press('Enter');
  await expect(adding.getByText(payoutTexts.swift)).toBeVisible();
  await adding.getByLabel('SWIFT/BIC').fill('BNORPHMM');
  await saveScreenshots(page, 'payouts-add-method-dialog', {
    scrollTo: adding.getByRole('button', { name: 'Add payout method' }),
  });
  await adding.getByRole('button', { name: 'Add payout method' }).click();
  await expect(adding).toBeHidden();
  await expect(toasts(page).getByText(payoutTexts.methodAdded(PAYOUT_METHOD_WAIT_HOURS))).toBeVisible();
  const method = methods.getByRole('list', { name: 'Your payout methods' }).getByRole('listitem');
  await expect(method).toHaveCount(1);
  await expect(method).toContainText('Bank transfer · BDO Unibank · ending in 6789');
  await expect(method).toContainText('Default');
  await expect(method).toContainText(talent.name);
  await expect(method).toContainText(/Can be paid from \w{3} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
  await expect(nextPayout).toContainText(payoutExceptionLabels.method_waiting);

  // The company pays the invoice: the week waits out the security period.
  await expectOk(
    await companyApi.post(`/api/company/invoices/${invoice?.id}/pay`, {
      headers: { ...sameOrigin, 'idempotency-key': `e2e-payouts-${invoice?.id}` },
      data: {
        new_method: { kind: 'card', card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      },
    }),
  );
  await page.reload();
  await expect(earned).toContainText(/Security period until \w{3} \d{1,2}, \d{4}/);
  await saveScreenshots(page, 'payouts-talent-pending');

  // Days later: the method's wait and the security period are over.
  const ended = await expectOk(
    await request.post('/api/testing/payouts/end-waits', { data: { applicant_email: talent.email } }),
  );
  expect(ended).toMatchObject({
    method_ids: [expect.any(String)],
    timesheet_ids: [week?.id],
    invoice_ids: [invoice?.id],
  });
  await page.reload();
  await expect(method).toContainText('Account holder:');
  await expect(method).not.toContainText('Can be paid from');

  // The administrator prepares today's run, which brings the ledger up to date first: the talent's
  // $840.00 is planned to their bank account.
  const admin = await createAccount('admin', { name: 'Ana Santos' });
  const adminSide = await openSecondBrowser({ browser, request, baseURL, email: admin.email });
  const adminPage = adminSide.page;
  await adminPage.goto(paths.adminPayouts.getHref());
  await expect(adminPage.getByRole('region', { name: 'Ledger' })).toContainText('Balanced');
  await adminPage.getByRole('button', { name: 'Prepare payout run now' }).click();
  await expect(toasts(adminPage).getByText('Payout run prepared')).toBeVisible();
  const run = adminPage.getByRole('region', { name: /^Payout run of / });
  await expect(run.getByRole('heading', { level: 2 })).toBeFocused();
  // A day has one run: a run of today made before this test (a retry, Monday's schedule) would answer here.
  await expect(run, 'today’s payout run is a new draft').toContainText('Awaiting approval');
  const line = adminPage
    .getByRole('table', { name: 'Payouts and exceptions' })
    .getByRole('row', { name: new RegExp(talent.name) });
  await expect(line).toContainText('$840.00');
  await expect(line).toContainText('Planned');
  await expect(line).toContainText('Bank transfer · BDO Unibank · ending in 6789');
  await expect(fact(run, 'Total')).toContainText('$840.00');

  // Meanwhile the talent's week is available, and the next payout would send it.
  await page.reload();
  await expect(earned).toContainText('Available');
  await expect(earned).not.toContainText('Pending');
  await expect(card(balance, 'Available')).toContainText('$840.00');
  await expect(card(balance, 'Pending')).toContainText('$0.00');
  await expect(nextPayout).toContainText('$840.00 will be sent');

  // Approved: the payout leaves the talent's balance and waits in the bank file.
  await run.getByRole('button', { name: 'Approve' }).click();
  const approving = adminPage.getByRole('alertdialog', { name: 'Approve this payout run?' });
  await expect(approving).toContainText('$840.00');
  await approving.getByRole('button', { name: 'Approve' }).click();
  await expect(approving).toBeHidden();
  await expect(toasts(adminPage).getByText('Payout run approved')).toBeVisible();
  await expect(run).toContainText('Approved');
  await expect(line).toContainText('On its way');

  // The finance team's bank file names the account whole, for the bank's batch upload.
  const downloadingBankFile = adminPage.waitForEvent('download');
  await run.getByRole('link', { name: 'Download bank file' }).click();
  const bankFile = await downloadingBankFile;
  expect(bankFile.suggestedFilename()).toMatch(/^tandem-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
  const bankRows = (await fs.readFile(await bankFile.path(), 'utf8')).split(/\r?\n/);
  const bankRow = bankRows.find((row) => row.includes(talent.email));
  expect(bankRow).toContain('840.00');
  expect(bankRow).toContain('00123456789');
  expect(bankRow).toContain('BNORPHMM');

  await page.reload();
  await expect(card(balance, 'On its way')).toContainText('$840.00');
  await expect(card(balance, 'Available')).toContainText('$0.00');

  // The bank confirmed the batch: every bank-file payout of the run is marked paid with its reference.
  const reference = `WISE-BATCH-${Date.now()}`;
  await run.getByRole('button', { name: 'Mark all paid' }).click();
  const marking = adminPage.getByRole('dialog', { name: 'Mark the bank-file payouts paid' });
  await marking.getByLabel('Batch reference').fill(reference);
  await marking.getByLabel('Batch reference').press('Enter');
  await expect(marking).toBeHidden();
  await expect(toasts(adminPage).getByText('Payouts marked paid')).toBeVisible();
  await expect(run).toContainText('Completed');
  await expect(line).toContainText('Paid');
  await expect(line).toContainText(reference);
  await expect(run.getByRole('button', { name: 'Mark all paid' })).toHaveCount(0);
  await closeToasts(adminPage);
  await expectNoSeriousViolations(adminPage);
  await saveScreenshots(adminPage, 'payouts-admin-run');

  // The Balances tab: the talent has been paid out everything they earned.
  await adminPage.getByRole('tab', { name: 'Balances' }).click();
  await adminPage.getByLabel('Search talent').fill(talent.name);
  const talentBalance = adminPage
    .getByRole('table', { name: 'Talent balances' })
    .getByRole('row', { name: new RegExp(talent.name) });
  await expect(talentBalance).toContainText('$840.00');
  await expect(talentBalance).toContainText('None');
  // The search answered: the talent's row alone under the header, not the earlier rows it matched among
  // (shown dimmed while the search runs, which the contrast check would judge).
  await expect(adminPage.getByRole('table', { name: 'Talent balances' }).getByRole('row')).toHaveCount(2);
  await expectNoSeriousViolations(adminPage);
  await saveScreenshots(adminPage, 'payouts-admin-balances');

  // The talent: paid out, the payout in the history as Paid, with its statement.
  await page.reload();
  await expect(card(balance, 'Paid out')).toContainText('$840.00');
  await expect(card(balance, 'On its way')).toContainText('$0.00');
  const payout = page.getByRole('table', { name: 'Payouts', exact: true }).getByRole('row', { name: /\$840\.00/ });
  await expect(payout).toContainText('Paid');
  await expect(payout).toContainText(reference);
  await expect(payout).toContainText('Bank transfer · BDO Unibank · ending in 6789');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'payouts-talent-earnings');

  const downloadingStatement = page.waitForEvent('download');
  await payout.getByRole('link', { name: /^Statement of the \$840\.00 payout sent / }).click();
  const statement = await downloadingStatement;
  expect(statement.suggestedFilename()).toMatch(/^tandem-payout-[0-9a-f]{8}\.pdf$/);
  const pdf = await fs.readFile(await statement.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const statementText = await pdfText(pdf);
  for (const said of ['Payout statement', talent.name, 'Paid', reference, '$840.00', 'Bookkeeper']) {
    expect(statementText).toContain(said);
  }

  // The administrator's Books: this month's report and trial balance from the ledger, and the month's
  // journals for the accountant, the payout among them under its bank reference, balanced.
  await adminPage.getByRole('tab', { name: 'Books' }).click();
  const thisMonth = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const report = adminPage.getByRole('table', { name: `Month-end report, ${thisMonth}` });
  await expect(report).toBeVisible();
  await expect(report.getByRole('row', { name: /Paid out/ })).toContainText('$');
  const trialBalance = adminPage.getByRole('table', { name: /^Trial balance at / });
  await expect(trialBalance).toBeVisible();
  await expectNoSeriousViolations(adminPage);
  await saveScreenshots(adminPage, 'payouts-admin-books');
  const downloadingJournal = adminPage.waitForEvent('download');
  await adminPage.getByRole('link', { name: 'Xero manual journals (CSV)' }).click();
  // Read by a parser nobody here wrote: one header, every record as wide.
  const journal = parse(await fs.readFile(await (await downloadingJournal).path(), 'utf8'), {
    bom: true,
    columns: true,
    relax_column_count: false,
    record_delimiter: '\r\n',
  }) as Array<Record<string, string>>;
  const payoutLines = journal.filter((row) => row.Narration?.includes(reference));
  expect(payoutLines.length).toBeGreaterThan(1);
  // Two decimals always: the cents are the digits.
  const cents = (amount = '') => Number(amount.replace('.', ''));
  expect(payoutLines.reduce((sum, row) => sum + cents(row.Amount), 0)).toBe(0);
  expect(payoutLines.some((row) => cents(row.Amount) === 84_000)).toBe(true);

  expect(companySide.errors).toEqual([]);
  expect(adminSide.errors).toEqual([]);
  await companySide.context.close();
  await adminSide.context.close();
});
