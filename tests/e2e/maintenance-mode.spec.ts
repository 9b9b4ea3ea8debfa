import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { maintenanceTexts } from '../../src/shared/settings';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Maintenance mode for real (System Settings): an administrator turns it on and sees the banner across
// their portal; a company member's tab, open since before, shows the maintenance message at its first
// refused read (nothing retried, no seconds of skeletons), and a reload gets the server's own page.
// It answers 503 to every browser but an administrator's, so this runs alone (playwright.config.ts,
// project 'site-wide') and turns the mode off again whatever happens.

// The company tab's reads refused while the mode is on.
test.use({ expectedConsoleErrors: [/503/] });

const sameOrigin = { 'sec-fetch-site': 'same-origin' };

// Each /api path the page was refused, as often as it asked.
function refusedReads(page: Page) {
  const refused: string[] = [];
  page.on('response', (response) => {
    // A read is its path and query: Billing reads its invoice list and, apart, the overdue invoices.
    const { pathname, search } = new URL(response.url());
    if (response.status() === 503 && pathname.startsWith('/api/')) refused.push(`${pathname}${search}`);
  });
  return refused;
}

test('maintenance mode shows at once in an open tab, and administrators see that it is on', async ({
  page,
  context,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(90_000);
  await chooseEssentialCookies(context, baseURL);
  await loginAs('company');
  await page.goto(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const administrator = await createAccount('admin');
  const admin = await openSecondBrowser({ browser, request, baseURL, email: administrator.email });
  try {
    await admin.page.goto(paths.adminSettings.getHref());
    await expect(admin.page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
    await expect(admin.page.getByRole('region', { name: 'Maintenance mode' })).toBeHidden();
    await admin.page.getByRole('switch', { name: 'Maintenance mode' }).click();
    await admin.page.getByRole('button', { name: 'Save Changes' }).click();
    const banner = admin.page.getByRole('region', { name: 'Maintenance mode' });
    await expect(banner).toContainText('Tandem is down for everyone but administrators');
    // Across the portal, with the way back to the setting.
    await admin.page.goto(paths.adminCompanies.getHref());
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Company Management' })).toBeVisible();
    await expect(banner).toBeVisible();
    await expectNoSeriousViolations(admin.page);
    await saveScreenshots(admin.page, 'admin-maintenance-banner');
    await banner.getByRole('link', { name: 'System Settings' }).click();
    await expect(admin.page).toHaveURL(paths.adminSettings.getHref());

    // The member's tab goes on to another page: the first refused read shows the message.
    const refused = refusedReads(page);
    await page.getByRole('link', { name: 'Billing' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: maintenanceTexts.title })).toBeVisible();
    await expect(page.getByText(maintenanceTexts.body)).toBeVisible();
    expect(refused.length).toBeGreaterThan(0);
    expect(refused, 'a refused read is not asked again').toEqual([...new Set(refused)]);
    await expectNoSeriousViolations(page);
    await saveScreenshots(page, 'portal-maintenance');

    // A page load gets the server's maintenance page, in the same words.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1, name: maintenanceTexts.title })).toBeVisible();
    expect(admin.errors).toEqual([]);
  } finally {
    const off = await admin.page.request.put('/api/admin/settings', {
      headers: sameOrigin,
      data: { maintenance_mode: false },
    });
    expect(off.status(), await off.text()).toBe(200);
    await admin.context.close();
  }
});
