import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { sameOrigin, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Work and billing: the talent logs a week and submits it; the company sees what it costs and approves
// it, and Billing shows it as unbilled work on the next invoice; an administrator issues that invoice now
// (the weekly run's own code) and the talent sees the week invoiced on Earnings; the company opens the
// invoice and pays it with a test card, and sees Paid and its summary cards change. A declined card says
// so and leaves the invoice unpaid.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
// The Sunday (UTC) that starts the last full week: the week the invoice run bills by default.
function lastWeekStart(): string {
  const today = new Date();
  return isoDay(new Date(today.getTime() - (today.getUTCDay() + 7) * DAY_MS));
}
const addDays = (day: string, days: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

async function placeTalent(
  request: APIRequestContext,
  body: { company_email: string; applicant_email: string; start_date?: string; timesheets?: unknown[] },
) {
  const response = await request.post('/api/testing/assignments', {
    data: { role: 'Support Specialist', rate: 40, weekly_hours: 40, start_date: lastWeekStart(), ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; company_id: string };
}

// Runs the weekly invoice job for last week, for this company only (journeys run at once), then reads
// the company's own invoice.
async function issueInvoices(request: APIRequestContext, page: Page, companyEmail: string) {
  const response = await request.post('/api/testing/billing/issue-invoices', {
    data: { period_start: lastWeekStart(), company_email: companyEmail },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ownInvoices(page);
}

async function ownInvoices(page: Page) {
  const own = await page.request.get('/api/company/invoices');
  expect(own.ok(), await own.text()).toBe(true);
  const { items } = (await own.json()) as { items: Array<{ invoice_number: string; company_name: string }> };
  expect(items).toHaveLength(1);
  return items;
}

const invoiceRow = (page: Page, invoiceNumber: string) =>
  page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: new RegExp(invoiceNumber) });

const summaryCard = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Billing summary' }).getByText(label, { exact: true }).locator('..');

test('a week is logged, approved, invoiced and paid with a test card', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const talent = await createAccount('applicant', { name: uniqueName('Lena Ortiz') });
  const companyName = uniqueName('Harbor Goods');
  const company = await loginAs('company', {
    name: 'Omar Haddad',
    company_name: companyName,
    time_zone: 'America/New_York',
  });
  const assignment = await placeTalent(request, { company_email: company.email, applicant_email: talent.email });
  const weekStart = lastWeekStart();

  // The talent logs Monday to Friday of last week and submits it.
  const {
    context: talentContext,
    page: talentPage,
    errors: talentErrors,
  } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: talent.email,
  });
  await talentPage.goto(`/applicant/timesheets?assignment=${assignment.id}&week=${weekStart}`);
  const hours = ['8', '7.5', '8', '8:15', '6'];
  for (const [index, value] of hours.entries()) {
    const day = new Date(`${addDays(weekStart, index + 1)}T00:00:00Z`);
    const label = day.toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    // 'Mon, Nov 16'
    await talentPage.getByRole('textbox', { name: `Hours on ${label}` }).fill(value);
    // A note for Monday: what was done, for the company reviewing the week.
    if (index === 0) {
      await talentPage.getByRole('textbox', { name: `What you did on ${label}` }).fill('Set up the help desk macros.');
    }
  }
  await expect(talentPage.getByText('37.75 / 40 h')).toBeVisible();
  await saveScreenshots(talentPage, 'applicant-timesheet-notes');
  await talentPage.getByRole('button', { name: 'Submit', exact: true }).click();
  await talentPage.getByRole('alertdialog').getByRole('button', { name: 'Submit Week' }).click();
  await expect(talentPage.getByText('Submitted', { exact: true }).first()).toBeVisible();

  // The company sees what the week costs, then approves it from Billing's Timesheets tab:
  // 37 h 45 min × $40.00 = $1,510.00, plus the 10% platform fee = $1,661.00 (no tax on this company).
  await page.goto('/company/billing?tab=timesheets');
  await page.getByRole('button', { name: new RegExp(`^Review ${talent.name}`) }).click();
  const review = page.getByRole('dialog');
  await expect(review.getByText('37.75', { exact: false }).first()).toBeVisible();
  await expect(review.getByRole('region', { name: 'The talent’s notes' })).toContainText(
    'Set up the help desk macros.',
  );
  const cost = review.getByLabel('Cost of this week');
  await expect(review.getByRole('heading', { name: 'Cost if approved' })).toBeVisible();
  await expect(cost).toContainText('37 h 45 min × $40.00/h');
  await expect(cost).toContainText('Platform fee (10%)');
  await expect(cost).toContainText('$151.00');
  await expect(cost).toContainText('$1,661.00');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'billing-approval-dialog');
  await review.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Timesheet approved').first()).toBeVisible();

  // Billing's Unbilled work: the week, and the next invoice's day (in this browser's zone) and estimate.
  await page.goto('/company/billing');
  const next = await page.request.get('/api/company/unbilled-work/next-invoice');
  expect(next.ok(), await next.text()).toBe(true);
  const { runs_at: runsAt } = (await next.json()) as { runs_at: string };
  // The company's people read it in their own zone (New York: Sunday 02:00 UTC is Saturday evening there);
  // the administrator, who has set none, in UTC, said so.
  const runDayIn = (timeZone: string) => {
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Date(runsAt).toLocaleDateString('en-US', { timeZone, ...options });
    return `${part({ weekday: 'short' })} ${part({ month: 'short' })} ${part({ day: 'numeric' })}`;
  };
  expect(new Date(runsAt).getUTCDay()).toBe(0);
  expect(runDayIn('America/New_York').startsWith('Sat ')).toBe(true);
  await expect(page.getByText(`Next invoice on ${runDayIn('America/New_York')} (about $1,661.00)`)).toBeVisible();
  const unbilled = page
    .getByRole('table', { name: 'Unbilled weeks' })
    .getByRole('row', { name: new RegExp(talent.name) });
  await expect(unbilled).toContainText('37.75 h');
  await expect(unbilled).toContainText('$1,661.00');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'billing-unbilled-work');

  // An administrator issues it now, through the weekly run; asked again, nothing new is issued.
  const admin = await createAccount('admin');
  const {
    context: adminContext,
    page: adminPage,
    errors: adminErrors,
  } = await openSecondBrowser({ browser, request, baseURL, email: admin.email });
  await adminPage.goto('/admin/payments');
  await adminPage.getByLabel('Search unbilled work by company').fill(companyName);
  const waiting = adminPage
    .getByRole('table', { name: 'Unbilled work' })
    .getByRole('row', { name: new RegExp(companyName) });
  await expect(waiting).toContainText('$1,661.00');
  await expect(waiting).toContainText(`${runDayIn('UTC')} UTC`);
  await expectNoSeriousViolations(adminPage);
  await saveScreenshots(adminPage, 'admin-unbilled-work');
  await adminPage.getByRole('button', { name: `Issue invoice now for ${companyName}` }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Issue Invoice' }).click();
  const adminToasts = adminPage.getByRole('region', { name: 'Notifications (F8)' });
  await expect(adminToasts.getByText('Invoice issued')).toBeVisible();
  await expect(adminPage.getByRole('table', { name: 'Unbilled work' })).toHaveCount(0);
  await expect(adminPage.getByText('No companies found')).toBeVisible();
  const again = await adminPage.request.post(`/api/admin/companies/${assignment.company_id}/issue-invoice`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(((await again.json()) as { outcome: string }).outcome).toBe('already_issued');
  await adminContext.close();
  expect(adminErrors).toEqual([]);

  const [invoice] = await ownInvoices(page);
  expect(invoice?.company_name).toBe(companyName);
  const invoiceNumber = invoice?.invoice_number ?? '';

  // The talent's Earnings: the week at their rate ($40.00 here), invoiced.
  await talentPage.goto('/applicant/earnings');
  const earned = talentPage.getByRole('table', { name: 'Earnings by week' }).getByRole('row', { name: /37\.75 h/ });
  await expect(earned).toContainText('$1,510.00');
  await expect(earned).toContainText('Invoiced');
  await expect(talentPage.getByRole('region', { name: 'Earnings summary' })).toContainText('$1,510.00');
  await expectNoSeriousViolations(talentPage);
  await saveScreenshots(talentPage, 'applicant-earnings');

  await page.goto('/company/billing');
  await expect(summaryCard(page, 'Outstanding Balance')).toContainText('$1,661.00');
  await expect(summaryCard(page, 'Next Auto-Pay')).toContainText('Off');
  const row = invoiceRow(page, invoiceNumber);
  await expect(row).toContainText('$1,661.00');
  await expect(row).toContainText('Pending');
  await saveScreenshots(page, 'billing-invoices');

  await page.getByRole('button', { name: `View ${invoiceNumber}` }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('table', { name: 'Invoice items' })).toContainText('37 h 45 min× $40.00/hr$1,510.00');
  await expect(detail.getByLabel('Totals')).toContainText('$1,510.00');
  await expect(detail.getByLabel('Totals')).toContainText('$151.00');
  await detail.getByRole('button', { name: 'Pay Invoice' }).click();

  const pay = page.getByRole('dialog');
  const payButton = pay.getByRole('button', { name: 'Pay $1,661.00' });
  await expect(payButton).toBeDisabled();
  await pay.getByRole('radio', { name: 'New card' }).click();
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry month').fill('12');
  await pay.getByLabel('Expiry year').fill('2030');
  await pay.getByLabel('CVC').fill('123');
  await payButton.click();
  await expect(page.getByText(`Invoice ${invoiceNumber} has been paid.`).first()).toBeVisible();
  await expect(row).toContainText('Paid');
  await expect(summaryCard(page, 'Outstanding Balance')).toContainText('$0.00');
  await expect(summaryCard(page, 'Last Payment')).toContainText('$1,661.00');
  await expectNoSeriousViolations(page);

  await talentContext.close();
  expect(talentErrors).toEqual([]);
});

test('every overdue invoice is paid at once with the saved card', async ({ page, request, loginAs, createAccount }) => {
  const talent = await createAccount('applicant', { name: uniqueName('Lena Park') });
  const company = await loginAs('company', { name: 'Omar Haddad', company_name: uniqueName('Harbor Row Supply') });
  // Two weeks two months back, each invoiced the day after it ended: both are past due today.
  const weeks = [addDays(lastWeekStart(), -63), addDays(lastWeekStart(), -56)];
  await placeTalent(request, {
    company_email: company.email,
    applicant_email: talent.email,
    start_date: weeks[0],
    timesheets: weeks.map((week) => ({ week_start: week, status: 'approved', minutes: { [addDays(week, 1)]: 480 } })),
  });
  for (const week of weeks) {
    const issued = await request.post('/api/testing/billing/issue-invoices', {
      data: { period_start: week, today: addDays(week, 7), company_email: company.email },
    });
    expect(issued.ok(), await issued.text()).toBe(true);
  }
  const swept = await request.post('/api/testing/billing/mark-overdue', { data: {} });
  expect(swept.ok(), await swept.text()).toBe(true);
  const saved = await page.request.post('/api/company/payment-methods', {
    headers: sameOrigin,
    data: { kind: 'card', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.goto('/company/billing');
  const notice = page.getByRole('alert').filter({ hasText: '2 invoices are overdue' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: /^Pay all overdue/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay 2 invoices' });
  await expect(dialog.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await saveScreenshots(page, 'billing-pay-overdue');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText(/paid: 2 invoices\./).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(notice).toBeHidden();
  const rows = page.getByRole('table', { name: 'Invoices' }).getByRole('row');
  await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(2);
  await expect(summaryCard(page, 'Outstanding Balance')).toContainText('$0.00');
});

test.describe('a declined card', () => {
  // The pay request's 402 answer is logged by the browser.
  test.use({ expectedConsoleErrors: [/status of 402 \(Payment Required\)/] });

  test('says so and the invoice stays unpaid', async ({ page, request, loginAs, createAccount }) => {
    const talent = await createAccount('applicant', { name: uniqueName('Ravi Menon') });
    const company = await loginAs('company', { name: 'Ines Duarte', company_name: uniqueName('Quayside Labs') });
    const weekStart = lastWeekStart();
    await placeTalent(request, {
      company_email: company.email,
      applicant_email: talent.email,
      timesheets: [{ week_start: weekStart, status: 'approved', minutes: { [addDays(weekStart, 1)]: 600 } }],
    });
    const [invoice] = await issueInvoices(request, page, company.email);
    const invoiceNumber = invoice?.invoice_number ?? '';

    await page.goto('/company/billing');
    await page.getByRole('button', { name: `Pay ${invoiceNumber}` }).click();
    const pay = page.getByRole('dialog');
    await pay.getByRole('radio', { name: 'New card' }).click();
    await pay.getByLabel('Card number').fill('4000 0000 0000 0002');
    await pay.getByLabel('Expiry month').fill('12');
    await pay.getByLabel('Expiry year').fill('2030');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: /^Pay \$/ }).click();
    await expect(
      pay.getByRole('alert').filter({ hasText: 'Your card was declined. Try another payment method.' }),
    ).toBeVisible();
    await expect(pay).toBeVisible();
    await pay.getByRole('button', { name: 'Cancel' }).click();
    const row = invoiceRow(page, invoiceNumber);
    await expect(row).toContainText('Unpaid');
    await expect(summaryCard(page, 'Outstanding Balance')).not.toContainText('$0.00');
  });
});
