import { paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

test.describe('a page that does not exist', () => {
  // The browser reports the document's own 404 status as a console error.
  test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test('gets the 404 screen with HTTP status 404 and is logged', async ({ page, consoleMessages }) => {
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect
      .poll(() => consoleMessages.join('\n'))
      .toContain('404 Error: User attempted to access non-existent route: /this-page-does-not-exist');

    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(paths.home.getHref());
    await expect(page).toHaveTitle(`${paths.home.title} · Tandem`);
  });
});

test('an unknown path reached inside the app shows the 404 screen too', async ({ page, consoleMessages, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companyJobs.getHref());
  await page.evaluate(() => {
    window.history.pushState({}, '', '/company/no-such-screen');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect.poll(() => consoleMessages.join('\n')).toContain('/company/no-such-screen');
});

test('a missing file is a plain 404, not a page', async ({ request }) => {
  const response = await request.get('/assets/missing-chunk.js');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
});
