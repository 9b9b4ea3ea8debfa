import { oidcMessages } from '../../src/shared/oidc';
import { paths } from '../../src/shared/routes';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// The identity-provider return page's error screens (the round trip itself has its own journey).

test('an error from the provider is shown with a way back to login', async ({ page, context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
  await page.goto(`${paths.authCallback.getHref()}?error=access_denied`);
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Authentication failed: access_denied')).toBeVisible();
  await saveScreenshots(page, 'auth-callback-failed');
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(paths.login.getHref());
});

test('a return without code or state is refused on the spot', async ({ page }) => {
  await page.goto(paths.authCallback.getHref());
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText(oidcMessages.missingParameters)).toBeVisible();
});

test('a message from the Apple form-post handler is shown as is', async ({ page }) => {
  await page.goto(`${paths.appleAuthCallback.getHref()}?failure=${encodeURIComponent('Failed to get user info')}`);
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Failed to get user info')).toBeVisible();
});

test.describe('a code the server cannot use', () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('shows the server’s message', async ({ page, context, baseURL }) => {
    await chooseEssentialCookies(context, baseURL);
    // Hold the exchange until the waiting screen has been seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/oidc/callback', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${paths.authCallback.getHref()}?code=x&state=y`);
    await expect(page.getByRole('heading', { name: 'Completing Sign In' })).toBeVisible();
    await saveScreenshots(page, 'auth-callback-waiting');
    release();
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(oidcMessages.generic);
  });
});
