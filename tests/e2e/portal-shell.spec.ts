import { paths } from '../../src/shared/routes';
import { expectNoSidewaysScroll } from './support/layout';
import { expect, saveScreenshot, test, viewports } from './support/test';

test.describe('portal shell on a desktop', () => {
  test('the sidebar collapses from 256px to 64px, shows tooltips, and remembers the choice', async ({
    page,
    loginAs,
  }) => {
    await loginAs('company');
    await page.goto(paths.companyDashboard.getHref());
    const sidebar = page.getByTestId('portal-sidebar');
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    // A rail of icons: each link a 40 px row centred in the 64 px rail, its icon drawn in a light colour
    // on the dark rail, and the current page's link marked by its background.
    const rail = await sidebar.getByRole('link').evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        const icon = link.querySelector('svg');
        const iconBox = icon?.getBoundingClientRect();
        const [red = 0, green = 0, blue = 0] =
          (icon ? getComputedStyle(icon).color : '').match(/\d+/g)?.map(Number) ?? [];
        return {
          name: link.textContent,
          height: Math.round(box.height),
          centre: Math.round(box.left + box.width / 2),
          iconCentre: iconBox ? Math.round(iconBox.left + iconBox.width / 2) : null,
          iconWidth: iconBox ? Math.round(iconBox.width) : null,
          isLight: (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255 > 0.6,
          isCurrent: link.getAttribute('aria-current') === 'page',
          background: getComputedStyle(link).backgroundColor,
        };
      }),
    );
    expect(rail).toHaveLength(9);
    for (const link of rail) {
      expect(link, `${link.name} in the rail`).toMatchObject({
        height: 40,
        centre: 32,
        iconCentre: 32,
        iconWidth: 20,
        isLight: true,
      });
    }
    const [current, ...others] = rail;
    expect(current?.isCurrent).toBe(true);
    expect(current?.background).not.toBe('rgba(0, 0, 0, 0)');
    for (const other of others) expect(other.background, other.name ?? '').toBe('rgba(0, 0, 0, 0)');
    await saveScreenshot(page, 'portal-sidebar-rail');
    await sidebar.getByRole('link', { name: 'Talent Search' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Talent Search' })).toBeVisible();

    await page.reload();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
  });

  test('the sidebar lists each role’s pages and marks the current one', async ({ page, loginAs }) => {
    const roles = {
      [paths.companyDashboard.getHref()]: 'company',
      [paths.applicantDashboard.getHref()]: 'applicant',
      [paths.adminDashboard.getHref()]: 'admin',
    } as const;
    const expected = {
      [paths.companyDashboard.getHref()]: [
        'Dashboard',
        'Jobs & Applications',
        'Applications',
        'Talent Search',
        'Messages',
        'Meetings',
        'Billing',
        'Agreements',
        'Settings',
      ],
      [paths.applicantDashboard.getHref()]: [
        'Dashboard',
        'Find Jobs',
        'Saved Searches',
        'Meetings',
        'Messages',
        'My Applications',
        'Timesheets',
        'Earnings',
        'Agreements',
        'Settings',
      ],
      [paths.adminDashboard.getHref()]: [
        'Dashboard',
        'Companies',
        'Applicants',
        'Jobs',
        'Tests & Content',
        'Assignments',
        'Account Managers',
        'Payments',
        'Disputes',
        'Payouts',
        'Agreements',
        'Audit Logs',
        // The queue of GDPR requests (decision 014), beside the spec's ten.
        'Privacy Requests',
        // The public contact forms' messages.
        'Contact Messages',
        'System Settings',
      ],
    };
    for (const [url, labels] of Object.entries(expected)) {
      // Leave the last role's page first: its requests still in flight would answer 403 to the next role.
      await page.goto('about:blank');
      await loginAs(roles[url] ?? 'company');
      await page.goto(url);
      const links = page.getByTestId('portal-sidebar').getByRole('link');
      await expect(links, url).toHaveText(labels);
      await expect(links.first(), url).toHaveAttribute('aria-current', 'page');
    }
  });

  test('header buttons and menus go where they say', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyDashboard.getHref());
    // The header's: the dashboard's empty Job Pipeline offers Post Job too.
    await page.getByRole('banner').getByRole('link', { name: 'Post Job' }).click();
    await expect(page).toHaveURL(paths.companyCreateJob.getHref());
    await page.getByRole('link', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(paths.companyMessages.getHref());

    await page.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog').getByText('You have no notifications.')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Billing & Plans' }).click();
    await expect(page).toHaveURL(paths.companyBilling.getHref());
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
    await expect(page).toHaveURL(paths.companySettings.getHref());
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(paths.login.getHref());
  });

  test('an applicant’s header has Message to their own inbox and no Post Job', async ({ page, loginAs }) => {
    await loginAs('applicant');
    await page.goto(paths.applicantDashboard.getHref());
    await expect(page.getByRole('link', { name: 'Post Job' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(paths.applicantMessages.getHref());
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Profile Settings', 'Log Out']);
  });

  test('F8 moves focus to the notification area', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.goto(paths.companyJobs.getHref());
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(region).toBeAttached();
    await page.keyboard.press('F8');
    await expect(region.getByRole('list')).toBeFocused();
  });
});

test.describe('portal shell on a phone', () => {
  test.use({ viewport: viewports.mobile });

  test('the sidebar becomes a slide-in drawer that closes after navigating', async ({ page, loginAs }) => {
    await loginAs('applicant');
    await page.goto(paths.applicantDashboard.getHref());
    await expect(page.getByTestId('portal-sidebar')).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Talent Portal navigation' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'My Applications' }).click();
    await expect(page).toHaveURL(paths.applicantApplications.getHref());
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Applications');
  });

  test('nothing overflows the screen sideways', async ({ page, loginAs }) => {
    const pages = [
      { url: paths.companyDashboard.getHref(), role: 'company' },
      { url: paths.adminAuditLogs.getHref(), role: 'admin' },
    ] as const;
    for (const { url, role } of pages) {
      await loginAs(role);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, url);
    }
  });
});
