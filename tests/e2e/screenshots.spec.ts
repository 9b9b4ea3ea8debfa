import type { Role } from '../../src/shared/permissions';
import { paths } from '../../src/shared/routes';
import { expect, saveScreenshot, saveScreenshots, test } from './support/test';

// Desktop (1280px) and mobile (375px) pictures of each kind of page, saved under
// test-results/screenshots for a person to look at when SCREENSHOTS=1; without it, each page still
// has to show what it is pictured for.
const pages: Array<{ name: string; url: string; role?: Role }> = [
  { name: 'public-home', url: paths.home.getHref() },
  { name: 'public-service', url: paths.customerService.getHref() },
  { name: 'auth-login', url: paths.login.getHref() },
  { name: 'company-dashboard', url: paths.companyDashboard.getHref(), role: 'company' },
  { name: 'applicant-jobs', url: paths.applicantJobs.getHref(), role: 'applicant' },
  { name: 'admin-audit-logs', url: paths.adminAuditLogs.getHref(), role: 'admin' },
];

for (const { name, url, role } of pages) {
  test(`screenshots of ${name}`, async ({ page, loginAs }) => {
    if (role) await loginAs(role);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await saveScreenshots(page, name);
  });
}

test.describe('the 404 page', () => {
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test('screenshots of not-found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await saveScreenshots(page, 'not-found');
  });
});

test('screenshots of the open mobile menus', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(paths.home.getHref());
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await saveScreenshot(page, 'public-menu-mobile');
  await page.goto(paths.companyJobs.getHref());
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await saveScreenshot(page, 'portal-drawer-mobile');
});
