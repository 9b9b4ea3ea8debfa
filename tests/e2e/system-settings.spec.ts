import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { uniqueName } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// System Settings: an administrator changes and saves settings, Reset restores the
// defaults, and every user manages personal API tokens in their settings. Maintenance mode itself is
// checked by the API tests (src/server/settings/system-settings.test.ts) and by maintenance-mode.spec.ts,
// which runs alone after the others: turned on here, it would answer 503 to the browser tests running
// beside this one.

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('an administrator saves the session timeout and a notification setting, then Reset restores the defaults', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000);
  await loginAs('admin');
  await page.goto(paths.adminSettings.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Allow registrations' })).toBeChecked();
  await expect(page.getByLabel('Platform fee (%)')).toHaveValue('10');
  await expectNoSeriousViolations(page);
  await saveScreenshots(page, 'system-settings');

  // A value out of range is refused next to its field, on its tab, and nothing is lost.
  await page.getByRole('tab', { name: 'Security' }).click();
  const timeout = page.getByLabel('Session timeout (minutes)');
  await timeout.fill('2');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Session timeout must be a whole number of minutes from 5 to 1440.')).toBeVisible();
  await expect(timeout).toHaveValue('2');

  await timeout.fill('45');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const newJobs = page.getByRole('switch', { name: 'New job email notifications' });
  await newJobs.click();
  await expect(newJobs).not.toBeChecked();
  await save.click();
  await expect(toasts(page).getByText('Settings Saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByLabel('Session timeout (minutes)')).toHaveValue('45');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'New job email notifications' })).not.toBeChecked();

  // Maintenance mode warns what it will do before it is saved (not saved here: see the note above).
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('switch', { name: 'Maintenance mode' }).click();
  await expect(page.getByText('While maintenance mode is on, only administrators can use Tandem.')).toBeVisible();
  await page.getByRole('switch', { name: 'Maintenance mode' }).click();

  await page.getByRole('tab', { name: 'API Settings' }).click();
  await expect(page.getByRole('switch', { name: 'API access' })).toBeChecked();
  await expect(page.getByText('Administrator accounts cannot use API tokens.', { exact: false })).toBeVisible();
  await saveScreenshots(page, 'system-settings-api');

  await page.getByRole('button', { name: 'Reset' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset all settings?' });
  await confirm.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(toasts(page).getByText('Settings Reset')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByLabel('Session timeout (minutes)')).toHaveValue('60');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'New job email notifications' })).toBeChecked();
});

test('an applicant creates an API token, uses it once, and revokes it', async ({ page, request, loginAs }) => {
  test.setTimeout(90_000);
  const applicant = await loginAs('applicant', { name: uniqueName('Mei Tanaka') });
  await page.goto(`${paths.applicantSettings.getHref()}?tab=security`);
  const section = page.getByRole('region', { name: 'API tokens' });
  await expect(section.getByText('No API tokens yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Create Token' }).click();
  await expect(section.getByText('Give the token a name.')).toBeVisible();
  await section.getByLabel('Token name').fill('Timesheet export');
  await section.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await section.getByRole('button', { name: 'Create Token' }).click();
  const secretField = section.getByLabel('Your new API token');
  await expect(secretField).toHaveValue(/^tdm_/);
  const secret = await secretField.inputValue();

  // The token works as the applicant, from a program.
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${secret}` } });
  expect((await me.json()).user.email).toBe(applicant.email);

  const list = section.getByRole('list', { name: 'Your API tokens' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Timesheet export');
  await expect(list).toContainText(secret.slice(0, 12));
  await expectNoSeriousViolations(page);
  await section.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'api-tokens');

  await section.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toBeHidden();
  await section.getByRole('button', { name: 'Revoke Timesheet export' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke "Timesheet export"?' })
    .getByRole('button', { name: 'Revoke Token' })
    .click();
  await expect(toasts(page).getByText('Token Revoked')).toBeVisible();
  await expect(section.getByText('No API tokens yet.')).toBeVisible();
  const refused = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
});
