import type { Page } from '@playwright/test';
import { authMessages } from '../../src/shared/auth';
import { privacyTexts } from '../../src/shared/privacy';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Privacy (decision 014): a person downloads their data and asks for their account to be deleted from
// Settings; an administrator completes the request from Privacy Requests; the person cannot sign in again.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

// The sign-in after the erasure is refused, as the form shows it.
test.use({ expectedConsoleErrors: [/status of 401/] });

test('a person downloads their data and deletes their account; the administrator completes it', async ({
  page,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const person = await loginAs('applicant', { name: uniqueName('Ines Moreau') });
  await page.goto(`${paths.applicantSettings.getHref()}?tab=privacy`);
  await expect(page.getByRole('heading', { name: 'Privacy' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  // Exporting is recorded, so it is asked for with a POST, never a GET.
  const exporting = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/account/data-export');
  await page.getByRole('button', { name: 'Download my data' }).click();
  expect((await exporting).method()).toBe('POST');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tandem-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = Buffer.concat(await (await download.createReadStream()).toArray());
  // A zip (local file header "PK\3\4") holding data.json and the CSVs, named in the clear.
  expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
  for (const name of ['data.json', 'account.csv', 'applications.csv']) expect(zip.includes(name)).toBe(true);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(dialog.getByText(privacyTexts.passwordRequired, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Request Deletion' }).click();
  await expect(toasts(page).getByText(privacyTexts.requested, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cancel Request' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'privacy-settings');

  await loginAs('admin');
  await page.goto(paths.adminPrivacyRequests.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Requests' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Privacy requests' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const row = table.getByRole('row', { name: new RegExp(person.name) });
  await expect(row).toContainText('Account deletion');
  await expect(row).toContainText('Pending');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'admin-privacy-requests');

  await row.getByRole('button', { name: `Complete the request of ${person.name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Complete Deletion' }).click();
  await expect(toasts(page).getByText(privacyTexts.completed, { exact: true })).toBeVisible();
  await expect(row).toBeHidden();

  await page.context().clearCookies();
  await chooseEssentialCookies(page.context(), baseURL);
  await page.goto(paths.login.getHref());
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(person.email);
  await form.getByLabel('Password').fill(person.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(authMessages.invalidCredentials);
});
