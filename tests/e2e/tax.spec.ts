import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { taxTexts } from '../../src/shared/tax';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// VAT and GST (issue 56) as an administrator runs them, by the keyboard: the rates invoices charge, kept in
// System Settings (one scheduled, then taken back), and the month's VAT report beside the books.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('an administrator schedules a VAT rate and takes it back; a rate in effect cannot be removed', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto(paths.adminSettings.getHref());
  const card = page.getByRole('region', { name: 'Tax rates' });
  const rates = card.getByRole('table');
  await expect(rates.getByRole('row', { name: /Ireland IE\s*VAT 23%\s*2000-01-01 In effect/ })).toBeVisible();
  // A day far ahead, unique to the run, so no invoice is ever issued at it.
  const day = `2099-${String(1 + (Date.now() % 12)).padStart(2, '0')}-${String(1 + (Date.now() % 28)).padStart(2, '0')}`;
  const form = card.getByRole('form', { name: 'Add a tax rate' });
  await form.getByLabel('Country').selectOption({ label: 'Luxembourg' });
  await form.getByLabel('Rate (%)').fill('16.5');
  await form.getByLabel('From').fill(day);
  await form.getByLabel('Rate (%)').press('Enter');
  await expect(toasts(page).getByText(taxTexts.rateAdded)).toBeVisible();
  const scheduled = rates.getByRole('row', { name: new RegExp(`Luxembourg LU\\s*VAT 16\\.5%\\s*${day} Scheduled`) });
  await expect(scheduled).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'tax-rates', { scrollTo: card });

  // Only a rate not yet in effect can go.
  await expect(
    rates.getByRole('row', { name: /Luxembourg LU\s*VAT 17%\s*2000-01-01 In effect/ }).getByRole('button'),
  ).toHaveCount(0);
  await scheduled.getByRole('button', { name: /Remove/ }).press('Enter');
  await expect(toasts(page).getByText(taxTexts.rateRemoved)).toBeVisible();
  await expect(scheduled).toHaveCount(0);
});

test('an administrator reads the month’s VAT report beside the books, and the tax forms queue', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto(`${paths.adminPayouts.getHref()}?tab=books`);
  const thisMonth = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const card = page.getByRole('region', { name: `VAT report: ${thisMonth}` });
  await expect(card).toBeVisible();
  await expect(
    card.getByRole('table', { name: `VAT report, ${thisMonth}` }).or(card.getByText(/No invoice or credit note/)),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'tax-vat-report', { scrollTo: card });

  // Beside the books, who a payout run stops on for a tax form: the demo talents who worked have theirs.
  await page.getByRole('tab', { name: 'Tax forms' }).click();
  const queue = page.getByRole('region', { name: 'Tax forms' });
  await expect(queue.getByRole('tab', { name: /^No form on file \(\d+\)$/ })).toBeVisible();
  await queue.getByRole('tab', { name: /^Ended \(\d+\)$/ }).click();
  await expect(queue.getByRole('tab', { name: /^Ended/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'tax-forms-queue', { scrollTo: queue });
});
