import type { Page } from '@playwright/test';
import { PAYOUT_METHOD_WAIT_HOURS, payoutTexts } from '../../src/shared/payouts';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Money in the currencies people are billed and paid in (issue 55), by the keyboard where a person would:
// a new company chooses euros before its first job, and its job form then asks for euros; a talent chooses
// pesos for a payout method.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('a company bills in euros from the start, and its job form asks for euros', async ({ page, loginAs }) => {
  await loginAs('company', { name: 'Lena Vogt', company_name: uniqueName('Spree Digital') });
  await page.goto(paths.companyBilling.getHref());
  const card = page.getByRole('region', { name: 'Billing details' });
  await expect(card.getByText('Billing currency', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit Billing Details' }).click();
  const currency = card.getByLabel('Billing currency');
  await expect(currency).toBeEnabled();
  await expect(currency).toHaveValue('USD');
  await currency.focus();
  await currency.selectOption({ label: 'EUR — Euro' });
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'currencies-billing-currency', { scrollTo: currency });
  await card.getByRole('button', { name: 'Save Billing Details' }).press('Enter');
  await expect(toasts(page).getByText('Billing details saved.')).toBeVisible();
  await expect(card.getByText('Billing currency', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(
    'EUR',
  );

  // The job form takes the budget in the company's currency (the session says which after a reload).
  await page.goto(paths.companyCreateJob.getHref());
  await page.getByRole('radio', { name: 'Hourly' }).check();
  await expect(page.getByLabel('Minimum hourly rate (EUR)')).toBeVisible();
  await expect(page.getByLabel('Maximum hourly rate (EUR)')).toBeVisible();
  await expect(page.getByText('€', { exact: true }).first()).toBeVisible();
  await saveScreenshots(page, 'currencies-job-budget', { scrollTo: page.getByLabel('Minimum hourly rate (EUR)') });
});

test('a talent chooses pesos for a payout method, and sees it on the method', async ({ page, loginAs }) => {
  const talent = await loginAs('applicant', { name: uniqueName('Maria Santos') });
  await page.goto(paths.applicantEarnings.getHref());
  const methods = page.getByRole('region', { name: 'Payout methods' });
  await methods.getByRole('button', { name: 'Add payout method' }).click();
  const adding = page.getByRole('dialog', { name: 'Add payout method' });
  await adding.getByRole('radio', { name: 'PayPal' }).click();
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('Paid in')).toBeFocused();
  await expect(adding.getByLabel('Paid in')).toHaveValue('USD');
  await adding.getByLabel('Paid in').selectOption({ label: 'PHP — Philippine Peso' });
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('PayPal email')).toBeFocused();
  await page.keyboard.type('maria@paypal.test');
  await page.keyboard.press('Tab');
  await expect(adding.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(talent.password);
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'currencies-payout-method', { scrollTo: adding.getByLabel('Paid in') });
  await page.keyboard.press('Enter');
  await expect(adding).toBeHidden();
  await expect(toasts(page).getByText(payoutTexts.methodAdded(PAYOUT_METHOD_WAIT_HOURS))).toBeVisible();
  const method = methods.getByRole('list', { name: 'Your payout methods' }).getByRole('listitem');
  await expect(method).toContainText('Paid in PHP');
});
