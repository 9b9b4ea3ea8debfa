import { paths } from '../../src/shared/routes';
import { signInNextAtProvider } from './support/oidc';
import { expect, test } from './support/test';

// The whole round trip in a browser: our button → the local identity provider (standing in for Google)
// → /auth/callback → the dashboard. The provider signs in whoever the test names, so these run one by one.
test.describe.configure({ mode: 'serial' });

test('a new person signs up through Google as a company from the Register tab', async ({ page }) => {
  const email = `oidc-new-${Date.now()}@example.test`;
  await signInNextAtProvider({ sub: `google-${Date.now()}`, email, name: 'Quinn Harper' });
  await page.goto(`${paths.login.getHref()}?tab=register`);
  await page.getByText("I'm hiring talent").click();
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(paths.companyDashboard.getHref());
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
});

test('an existing account signs in through Google and lands on its own dashboard', async ({ page, createAccount }) => {
  const account = await createAccount('applicant');
  await signInNextAtProvider({ sub: `google-existing-${Date.now()}`, email: account.email, name: account.name });
  await page.goto(paths.login.getHref());
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
});

test('the provider answering with an error shows it on the callback screen', async ({ page }) => {
  await page.goto('/auth/callback?error=access_denied');
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Authentication failed: access_denied')).toBeVisible();
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(paths.login.getHref());
});

test.describe('an administrator not on the allow-list', () => {
  // The browser logs the refused callback request (403) itself.
  test.use({ expectedConsoleErrors: [/status of 403/] });

  test('is refused after the provider signs them in', async ({ page }) => {
    await signInNextAtProvider({ sub: `google-outsider-${Date.now()}`, email: `outsider-${Date.now()}@example.test` });
    await page.goto(paths.adminLogin.getHref());
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByText('Unauthorized: This email is not authorized for admin access')).toBeVisible();
  });
});
