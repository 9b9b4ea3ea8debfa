import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfText } from '../../src/server/testing/pdf-text';
import { paths } from '../../src/shared/routes';
import { taxFormTexts } from '../../src/shared/tax-forms';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Tax forms from talent (issue 56): a talent in the Philippines finds on Earnings that payouts wait for a tax
// form, completes a W-8BEN by the keyboard — a field refused on the way — signs it, sees it on file until the
// end of the third year after, with the number masked, and downloads the IRS form they signed.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('a talent completes a W-8BEN by the keyboard and sees it on file', async ({ page, loginAs }) => {
  const name = uniqueName('Maria Santos');
  await loginAs('applicant', { name });
  await page.goto(paths.applicantEarnings.getHref());
  const section = page.getByRole('region', { name: taxFormTexts.sectionTitle });
  await expect(section).toContainText(taxFormTexts.noForm);
  await section.getByRole('link', { name: 'Complete your tax form' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax Form' })).toBeVisible();

  // Tab moves from field to field, in the form's order.
  const next = async (label: string | RegExp) => {
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(label, { exact: typeof label === 'string' })).toBeFocused();
  };
  const chooser = page.getByRole('radiogroup', { name: 'Form' });
  const w8ben = chooser.getByRole('radio', { name: /Form W-8BEN \(individual/ });
  await w8ben.focus();
  await page.keyboard.press('Space');
  await expect(w8ben).toBeChecked();

  await next('1. Name of individual who is the beneficial owner');
  await page.keyboard.type(name);
  await next('2. Country of citizenship');
  await page.getByLabel('2. Country of citizenship', { exact: true }).selectOption({ label: 'Philippines' });
  await next('3. Permanent residence address (street, apartment or suite)');
  // A P.O. box is not where one lives: refused beside the field when the form is signed.
  await page.keyboard.type('P.O. Box 1200');
  await next('City or town, state or province, postal code');
  await page.keyboard.type('Makati City 1200, Metro Manila');
  await next('Country of residence');
  await page.getByLabel('Country of residence', { exact: true }).selectOption({ label: 'Philippines' });
  await next('Mailing street address');
  await next('Mailing city, state or province, postal code');
  await next('Mailing country');
  await next('5. US taxpayer identification number (SSN or ITIN), if you have one');
  await next('6a. Foreign tax identifying number');
  await page.keyboard.type('123-456-789-000');
  await next('6b. My country does not require a foreign tax identifying number');
  await next('8. Date of birth');
  await page.keyboard.type('1990-05-17');
  await next(/I claim the benefits of the income tax treaty/);
  await next(/I certify that I have the capacity to sign/);
  await page.keyboard.press('Space');
  await next('Signature: type your name as on line 1');
  await page.keyboard.type(name);
  await next(taxFormTexts.consentLabel);
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sign Form W-8BEN' })).toBeFocused();
  await page.keyboard.press('Enter');

  const street = page.getByLabel('3. Permanent residence address (street, apartment or suite)', { exact: true });
  await expect(street).toHaveAccessibleDescription(new RegExp(escaped(taxFormTexts.noPostOfficeBox)));
  await expect(street).toBeFocused();
  await expectNoSeriousViolations(page);
  await street.fill('');
  await page.keyboard.type('45 Rizal Avenue, Unit 3B');
  await page.getByRole('button', { name: 'Sign Form W-8BEN' }).focus();
  await page.keyboard.press('Enter');

  await expect(toasts(page).getByText(taxFormTexts.submitted)).toBeVisible();
  const onFile = page.getByRole('region', { name: 'Form W-8BEN (individual outside the US)' });
  const lastDay = new Date(Date.UTC(new Date().getUTCFullYear() + 3, 11, 31));
  await expect(onFile).toContainText(
    taxFormTexts.onFileUntil(lastDay.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })),
  );
  await expect(onFile).toContainText('•••• 9000');
  await expect(onFile).not.toContainText('123-456-789-000');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'tax-form-on-file', { scrollTo: onFile });

  // The IRS form as signed: the document holds the number whole.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    onFile.getByRole('button', { name: 'Download the signed form (PDF)' }).press('Enter'),
  ]);
  const text = await pdfText(await fs.readFile(await download.path()));
  expect(text).toContain('Form W-8BEN');
  expect(text).toContain(name);
  expect(text).toContain('123-456-789-000');

  // Earnings says it is on file.
  await page.goto(paths.applicantEarnings.getHref());
  await expect(page.getByRole('region', { name: taxFormTexts.sectionTitle })).toContainText('On file');
});
