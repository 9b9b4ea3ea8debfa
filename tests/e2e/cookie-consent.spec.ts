import type { Locator, Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { scrollToEnd } from './support/layout';
import { expect, test, viewports } from './support/test';

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

// Whether the element at the middle of `target` (what a click there reaches) is `target` or inside it.
const isOnTop = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });

test('the cookie banner keeps the visitor’s choice and does not come back', async ({ page, context, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.home.getHref());
  const banner = bannerOf(page);
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Essential only' }).click();
  await expect(banner).toBeHidden();

  const consent = (await context.cookies()).find((cookie) => cookie.name === 'tandem_consent');
  expect(consent?.value).toBe('essential');
  expect(consent?.sameSite).toBe('Lax');

  await page.reload();
  await page.goto(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
});

test('accepting all cookies is recorded as such, even while the page is still loading', async ({ page, context }) => {
  // The page's scripts arrive slowly: the banner is answered the moment it shows.
  await page.route('**/assets/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto(paths.contact.getHref());
  await bannerOf(page).getByRole('button', { name: 'Accept all' }).click();
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'tandem_consent');
  expect(consent?.value).toBe('all');
  await expect(bannerOf(page)).toHaveCount(0);

  // Neither the next page nor a reload asks again.
  await page.getByRole('banner').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(paths.aboutUs.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bannerOf(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bannerOf(page)).toHaveCount(0);
});

test('on a phone, the open menu sits above the banner, its last link within reach', async ({ page }) => {
  await page.setViewportSize(viewports.mobile);
  await page.goto(paths.home.getHref());
  await expect(bannerOf(page)).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
  await menu.getByRole('button', { name: 'Services' }).click();
  const login = menu.getByRole('link', { name: 'Login' });
  await login.scrollIntoViewIfNeeded();
  expect(await isOnTop(login)).toBe(true);
});

test.describe('the banner among a portal page’s floating parts', () => {
  test('it stays under dialogs, and neither it nor the Support button covers the page', async ({ page, loginAs }) => {
    await loginAs('company');
    await page.setViewportSize(viewports.mobile);
    await page.goto(paths.companyDashboard.getHref());
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    const support = page.getByRole('button', { name: /^Support/ });
    // The lowest control on the page, the Support button excepted: in two columns the last in the document
    // may sit high in the right one (the dashboard's View All Messages, above a card without controls).
    const controls = page
      .getByRole('main')
      .locator('a[href], button, textarea, input, select')
      .filter({ visible: true, hasNotText: /^Support chat$/ });
    const lowestControl = async () =>
      controls.nth(
        await controls.evaluateAll((elements) => {
          const bottoms = elements.map((element) => element.getBoundingClientRect().bottom);
          return bottoms.indexOf(Math.max(...bottoms));
        }),
      );

    for (const viewport of [viewports.mobile, viewports.desktop]) {
      await page.setViewportSize(viewport);
      await scrollToEnd(page);
      // The Support button floats above the banner, where it can be reached.
      const [button, bar] = [await support.boundingBox(), await banner.boundingBox()];
      expect(
        button && bar && button.y + button.height <= bar.y,
        `Support above the banner at ${viewport.width}px`,
      ).toBe(true);
      expect(await isOnTop(support), `Support reachable at ${viewport.width}px`).toBe(true);
      // The page's end scrolls clear of both, once its sections have loaded (each grows the page as it does).
      await expect
        .poll(
          async () => {
            await scrollToEnd(page);
            const [control, floating] = [await (await lowestControl()).boundingBox(), await support.boundingBox()];
            return control !== null && floating !== null && control.y + control.height <= floating.y;
          },
          { message: `page clear at ${viewport.width}px` },
        )
        .toBe(true);
      expect(await isOnTop(await lowestControl()), `the lowest control reachable at ${viewport.width}px`).toBe(true);
    }

    // A modal dialog (the phone's navigation drawer) covers the banner: out of reach of pointer and screen
    // reader while it is open, the dialog's own links all reachable.
    await page.setViewportSize(viewports.mobile);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Company Portal navigation' });
    await expect(drawer).toBeVisible();
    await expect(bannerOf(page)).toHaveCount(0);
    const bannerButton = page
      .getByRole('region', { name: 'Cookie consent', includeHidden: true })
      .getByRole('button', { name: 'Essential only', includeHidden: true });
    expect(await isOnTop(bannerButton)).toBe(false);
    for (const link of await drawer.getByRole('link').all()) expect(await isOnTop(link)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await banner.getByRole('button', { name: 'Essential only' }).click();
    await expect(banner).toHaveCount(0);
    const viewportHeight = viewports.mobile.height;
    await expect.poll(async () => (await support.boundingBox())?.y).toBe(viewportHeight - 16 - 44);
  });
});
