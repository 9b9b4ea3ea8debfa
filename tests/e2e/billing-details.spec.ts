import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Who an invoice is made out to (decision 044): the company writes its legal name, address and tax ID on
// Billing, and the next invoice names it so; an administrator sets its tax rate, typed as a percentage, in
// the company's drawer; System Settings holds the seller every invoice names.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
// The Sunday (UTC) that starts the last full week: the week the invoice run bills by default.
const lastWeekStart = () => {
  const today = new Date();
  return isoDay(new Date(today.getTime() - (today.getUTCDay() + 7) * DAY_MS));
};
const addDays = (day: string, days: number) => isoDay(new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS));

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('a company fills its billing details on Billing, and the next invoice is made out to them; an administrator sets its tax rate', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  // Two browsers, an invoice run and its PDF, the drawer and System Settings: a minute on a busy machine, as
  // billing.spec.ts.
  test.setTimeout(120_000);
  const talent = await createAccount('applicant', { name: uniqueName('Mira Sato') });
  const companyName = uniqueName('Canal Works');
  const company = await loginAs('company', { name: 'Jonas Berg', company_name: companyName });
  const weekStart = lastWeekStart();
  const placed = await request.post('/api/testing/assignments', {
    data: {
      role: 'Bookkeeper',
      rate: 30,
      weekly_hours: 40,
      start_date: weekStart,
      company_email: company.email,
      applicant_email: talent.email,
      timesheets: [{ week_start: weekStart, status: 'approved', minutes: { [addDays(weekStart, 1)]: 480 } }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { company_id: companyId } = (await placed.json()) as { company_id: string };

  await page.goto(paths.companyBilling.getHref());
  const card = page.getByRole('region', { name: 'Billing details' });
  await expect(card.getByText('Tax rate', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit Billing Details' }).click();
  await expect(card.getByLabel('Legal name')).toBeFocused();
  await card.getByLabel('Legal name').fill(`${companyName} B.V.`);
  await card.getByLabel('Address line 1').fill('Keizersgracht 123');
  await card.getByLabel('City').fill('Amsterdam');
  await card.getByLabel('Postal code').fill('1015 CJ');
  await card.getByLabel('Country').selectOption({ label: 'Netherlands' });
  await card.getByLabel('Tax ID').fill('nl 0049.09665 b07');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'billing-details-form', { scrollTo: card });
  await card.getByRole('button', { name: 'Save Billing Details' }).click();
  await expect(toasts(page).getByText('Billing details saved.')).toBeVisible();
  await expect(card.getByText(`${companyName} B.V.`)).toBeVisible();
  await expect(card).toContainText('Keizersgracht 123');
  await expect(card).toContainText('Amsterdam 1015 CJ');
  await expect(card).toContainText('Netherlands');
  await expect(card).toContainText('NL004909665B07');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'billing-details', { scrollTo: card });

  // The week is invoiced now, through the weekly run: the invoice names the company as it just wrote itself.
  const issued = await request.post('/api/testing/billing/issue-invoices', {
    data: { period_start: weekStart, company_email: company.email },
  });
  expect(issued.ok(), await issued.text()).toBe(true);
  const own = await page.request.get('/api/company/invoices');
  const { items } = (await own.json()) as {
    items: Array<{ billed_to: { name: string; address: string; country: string; tax_id: string; email: string } }>;
  };
  expect(items.map((invoice) => invoice.billed_to)).toEqual([
    {
      name: `${companyName} B.V.`,
      address: 'Keizersgracht 123\nAmsterdam 1015 CJ',
      country: 'NL',
      tax_id: 'NL004909665B07',
      email: expect.any(String),
    },
  ]);

  // An administrator sets the company's tax rate at 21% and its terms at 30 days, for the invoices to come.
  const admin = await createAccount('admin');
  const {
    context: adminContext,
    page: adminPage,
    errors: adminErrors,
  } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: admin.email,
  });
  await adminPage.goto(paths.adminCompanies.getHref());
  await adminPage.getByLabel('Search companies').fill(companyName);
  await adminPage.getByRole('button', { name: `View details of ${companyName}` }).click();
  const drawer = adminPage.getByRole('dialog', { name: companyName });
  const billing = drawer.getByRole('region', { name: 'Billing' });
  await expect(billing.getByLabel('Legal name')).toHaveValue(`${companyName} B.V.`);
  await billing.getByLabel('Tax rate (%)').fill('21');
  await billing.getByLabel('Payment terms (days)').fill('30');
  await billing.getByRole('button', { name: 'Save Billing Details' }).click();
  // The drawer is modal: the notification area beside it is out of the accessibility tree while it is open.
  await expect(adminPage.getByText('Billing details saved.').first()).toBeVisible();
  await expect(billing.getByRole('button', { name: 'Save Billing Details' })).toBeDisabled();
  await expectNoSeriousViolations(adminPage);
  await saveScreenshots(adminPage, 'admin-company-billing', { scrollTo: billing });
  const stored = await adminPage.request.get(`/api/admin/companies/${companyId}/billing-details`);
  expect((await stored.json()) as { tax_rate_basis_points: number; payment_terms_days: number }).toMatchObject({
    tax_rate_basis_points: 2100,
    payment_terms_days: 30,
  });

  // The company reads them on Billing.
  await page.reload();
  await expect(card).toContainText('21%');
  await expect(card).toContainText('Due 30 days after issue');

  // System Settings: the seller every invoice names. Only looked at here: other journeys issue invoices
  // at the same time, and their seller is not this test's to change.
  await adminPage.goto(paths.adminSettings.getHref());
  const seller = adminPage.getByRole('region', { name: 'Seller on invoices' });
  await expect(seller.getByLabel('Legal name')).not.toHaveValue('');
  await expect(seller.getByLabel('Address')).toBeVisible();
  await expectNoSeriousViolations(adminPage);
  await saveScreenshots(adminPage, 'system-settings-seller', { scrollTo: seller });
  await adminContext.close();
  expect(adminErrors).toEqual([]);
});
