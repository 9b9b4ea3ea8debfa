import type { APIRequestContext, Page } from '@playwright/test';
import { generate, generateSecret } from 'otplib';
import { authMessages } from '../../src/shared/auth';
import { paths } from '../../src/shared/routes';
import { E2E_ADMIN_EMAILS } from './support/accounts';
import { chooseEssentialCookies } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// Administrators sign in on their own page with an authenticator-app code as the second factor.
// The tests flip a platform-wide setting, so they run one after another.
test.describe.configure({ mode: 'serial' });

const [enrollingAdmin, verifyingAdmin] = E2E_ADMIN_EMAILS.split(',') as [string, string];

async function requireTwoFactor(request: APIRequestContext, isRequired: boolean) {
  const response = await request.put('/api/testing/settings', { data: { admin_two_factor: isRequired } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function signInAsAdmin(page: Page, email: string, password: string) {
  await page.goto(paths.adminLogin.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrator Access');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('with two-factor sign-in required', () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('a new administrator sets up an authenticator app, saves recovery codes and arrives', async ({
    page,
    context,
    baseURL,
    request,
    createAccount,
  }) => {
    await chooseEssentialCookies(context, baseURL);
    await requireTwoFactor(request, true);
    const admin = await createAccount('admin', { email: enrollingAdmin });
    await signInAsAdmin(page, admin.email, admin.password);

    await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = await page.getByRole('textbox', { name: 'Setup key' }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await saveScreenshots(page, 'admin-login-enroll');

    // A wrong code is refused next to the field.
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    await saveScreenshots(page, 'admin-login-recovery-codes');

    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page).toHaveURL(paths.adminDashboard.getHref());
    await expect(page.getByRole('navigation', { name: 'Admin Console navigation' })).toBeVisible();
  });

  test('an administrator with an app signs in with its code', async ({
    page,
    context,
    baseURL,
    request,
    createAccount,
  }) => {
    await chooseEssentialCookies(context, baseURL);
    await requireTwoFactor(request, true);
    const secret = generateSecret();
    const admin = await createAccount('admin', { email: verifyingAdmin, totp_secret: secret });
    await signInAsAdmin(page, admin.email, admin.password);

    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Authentication code').fill('12');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByText('Enter the 6-digit code from your authenticator app, or a recovery code.'),
    ).toBeVisible();
    await saveScreenshots(page, 'admin-login-verify');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true');

    // Opening the page afresh resumes the pending step (the server keeps it in a cookie).
    await page.goto(paths.adminLogin.getHref());
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(paths.adminDashboard.getHref());
  });
});

test.describe('refusals', () => {
  test.use({ expectedConsoleErrors: [/status of 403/] });

  test('an account that is not an administrator is refused', async ({ page, context, baseURL, createAccount }) => {
    await chooseEssentialCookies(context, baseURL);
    const company = await createAccount('company');
    await signInAsAdmin(page, company.email, company.password);
    await expect(page.getByRole('alert')).toHaveText(authMessages.adminNotAuthorized);
    await saveScreenshots(page, 'admin-login-refused');
  });
});

test('the administrator page validates and links back to the regular login', async ({ page }) => {
  await page.goto(paths.adminLogin.getHref());
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(authMessages.emailAndPasswordRequired)).toHaveCount(2);
  await page.getByRole('link', { name: 'Back to regular login' }).click();
  await expect(page).toHaveURL(paths.login.getHref());
});
