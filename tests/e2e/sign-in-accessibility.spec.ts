import { paths } from '../../src/shared/routes';
import { seriousViolations } from './support/accessibility';
import { expect, saveScreenshots, test } from './support/test';

// WCAG 2.2 AA on the sign-in screens and the settings page: no serious or critical axe-core violation.

// One test per screen, so both workers share them.
const signInScreens = [
  paths.login.getHref(),
  `${paths.login.getHref()}?tab=register`,
  paths.adminLogin.getHref(),
  paths.forgotPassword.getHref(),
  paths.resetPassword.getHref(),
  `${paths.authCallback.getHref()}?error=access_denied`,
];

for (const url of signInScreens) {
  test(`the sign-in screen ${url} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('the settings page has no serious accessibility violations, on any of its tabs', async ({ page, loginAs }) => {
  await loginAs('company', { email_verified: false });
  await page.goto(paths.companySettings.getHref());
  await expect(page.getByRole('region', { name: 'Company profile' }).getByLabel('Company name')).toBeVisible();
  await saveScreenshots(page, 'company-settings');
  expect(await seriousViolations(page)).toEqual([]);
  // Tabs from the keyboard: the arrow keys move between them.
  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Calendars' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Calendars', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=calendars$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign-in & Security' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=security$/);
  expect(await seriousViolations(page)).toEqual([]);
  for (const tab of ['Notifications', 'Team', 'Message templates', 'Audit log', 'Privacy']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
    expect(await seriousViolations(page), tab).toEqual([]);
  }
});
