import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expectNothingClipped } from './support/layout';
import { expect, saveScreenshots, test } from './support/test';

// The admin side of work and billing: an administrator places a talent with a company
// from Assignment Management, and refunds a company's payment from Payment Management, whose Export
// Report is a real CSV of the rows shown.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const lastWeekStart = () => {
  const today = new Date();
  return isoDay(new Date(today.getTime() - (today.getUTCDay() + 7) * DAY_MS));
};
const addDays = (day: string, days: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('an administrator creates an assignment with New Assignment', async ({ page, loginAs, createAccount }) => {
  const companyName = uniqueName('Beacon Freight');
  await createAccount('company', { name: 'Noor Saleh', company_name: companyName });
  const talent = await createAccount('applicant', { name: uniqueName('Kofi Mensah') });
  await loginAs('admin');
  await page.goto(paths.adminAssignments.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Assignment Management' })).toBeVisible();

  await page.getByRole('button', { name: 'New Assignment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Assignment' });
  await dialog.getByLabel('Search companies').fill(companyName);
  await expect(dialog.getByLabel('Company', { exact: true }).locator('option', { hasText: companyName })).toHaveCount(
    1,
  );
  await dialog.getByLabel('Company', { exact: true }).selectOption({ label: companyName });
  await dialog.getByLabel('Search talent').fill(talent.name);
  const talentOption = dialog.getByLabel('Talent', { exact: true }).locator('option', { hasText: talent.name });
  await expect(talentOption).toHaveCount(1);
  await dialog
    .getByLabel('Talent', { exact: true })
    .selectOption({ value: (await talentOption.getAttribute('value')) ?? '' });
  await dialog.getByLabel('Role').fill('Logistics Coordinator');
  await dialog.getByLabel('Hourly rate (USD)').fill('32.50');
  await dialog.getByLabel('Weekly hours').fill('30');
  await dialog.getByLabel('Start date').fill(isoDay(new Date()));
  await dialog.getByRole('button', { name: 'Create Assignment' }).click();
  await expect(toasts(page).getByText('Assignment created')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search assignments').fill(talent.name);
  // The search has answered (the list dims its previous rows while it waits, which axe would measure).
  const table = page.getByRole('table', { name: 'Assignments' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = page.getByRole('table', { name: 'Assignments' }).getByRole('row', { name: new RegExp(talent.name) });
  await expect(row).toContainText(companyName);
  await expect(row).toContainText('Logistics Coordinator');
  await expect(row).toContainText('$32.50/h');
  await expect(row).toContainText('Active');
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(table);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-assignments');
});

test('an administrator refunds a payment, and Export Report downloads the rows as CSV', async ({
  page,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(90_000);
  const talent = await createAccount('applicant', { name: uniqueName('Aiko Mori') });
  const companyName = uniqueName('Cobalt Studio');
  const company = await loginAs('company', { name: 'Lea Brandt', company_name: companyName });
  const weekStart = lastWeekStart();
  const placed = await request.post('/api/testing/assignments', {
    data: {
      company_email: company.email,
      applicant_email: talent.email,
      rate: 50,
      start_date: weekStart,
      timesheets: [{ week_start: weekStart, status: 'approved', minutes: { [addDays(weekStart, 1)]: 480 } }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const run = await request.post('/api/testing/billing/issue-invoices', {
    data: { period_start: weekStart, company_email: company.email },
  });
  expect(run.ok(), await run.text()).toBe(true);
  const own = (await (await page.request.get('/api/company/invoices')).json()) as {
    items: Array<{ invoice_number: string }>;
  };
  const invoiceNumber = own.items[0]?.invoice_number ?? '';

  // The company pays it: 8 h × $50.00 + 10% fee = $440.00.
  await page.goto(paths.companyBilling.getHref());
  await page.getByRole('button', { name: `Pay ${invoiceNumber}` }).click();
  const pay = page.getByRole('dialog');
  await pay.getByRole('radio', { name: 'New card' }).click();
  await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.getByLabel('Expiry month').fill('12');
  await pay.getByLabel('Expiry year').fill('2030');
  await pay.getByLabel('CVC').fill('123');
  await pay.getByRole('button', { name: 'Pay $440.00' }).click();
  await expect(toasts(page).getByText(`Invoice ${invoiceNumber} has been paid.`)).toBeVisible();

  await loginAs('admin');
  await page.goto(paths.adminPayments.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Management' })).toBeVisible();
  await page.getByLabel('Search payments').fill(companyName);
  await expect(page.getByRole('table', { name: 'Payments' })).not.toHaveAttribute('aria-busy', 'true');
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row', { name: new RegExp(invoiceNumber) });
  await expect(row).toContainText('$440.00');
  await expect(row).toContainText('Completed');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const download = await downloading;
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\n')[0]).toMatch(/Company/i);
  expect(text).toContain(companyName);
  expect(text).toContain(invoiceNumber);

  await page.getByRole('button', { name: `View payment for ${invoiceNumber}` }).click();
  const details = page.getByRole('dialog');
  await details.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  // The details dialog stays open (showing the refund), so the page behind it is hidden from roles.
  await expect(page.getByText('Payment Refunded', { exact: true })).toBeVisible();
  await expect(details.getByText('Refunded').first()).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Refunded');
  // At 1280 px beside the expanded sidebar (256 px), every column fits: nothing is cut off.
  await expectNothingClipped(page.getByRole('table', { name: 'Payments' }));
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-payments');
});
