import { paths } from '../../src/shared/routes';
import { chooseEssentialCookies, readEmailLink, uniquePassword } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

test('a forgotten password is reset from the emailed link, and the new one signs in', async ({
  page,
  context,
  baseURL,
  request,
  createAccount,
}) => {
  await chooseEssentialCookies(context, baseURL);
  const account = await createAccount('applicant');
  const newPassword = uniquePassword();

  await page.goto(paths.login.getHref());
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(paths.forgotPassword.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.forgotPassword.title);
  await page.getByLabel('Email').fill(account.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses that address, we have sent it a link to reset the password. Check your inbox.',
  );
  await saveScreenshots(page, 'auth-forgot-password-sent');

  const link = await readEmailLink(request, account.email, paths.resetPassword.getHref());
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.resetPassword.title);
  await page.getByLabel('New password').fill('123');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Sign in with your new password.');

  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(newPassword);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
});

test.describe('a reset link that was already used', () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('says so and offers a new one', async ({ page, request, createAccount }) => {
    const account = await createAccount('company');
    await request.post('/api/auth/password/forgot', { data: { email: account.email } });
    const link = await readEmailLink(request, account.email, paths.resetPassword.getHref());
    const token = new URL(link, 'http://localhost').searchParams.get('token') ?? '';
    const used = await request.post('/api/auth/password/reset', { data: { token, password: uniquePassword() } });
    expect(used.ok()).toBe(true);

    await page.goto(link);
    await page.getByLabel('New password').fill(uniquePassword());
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'This link is invalid or has expired. Please request a new one.',
    );
    await page.getByRole('alert').getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(paths.forgotPassword.getHref());
  });
});

test('a reset page opened without its token explains what to do', async ({ page }) => {
  await page.goto(paths.resetPassword.getHref());
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Please request a new one.');
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
