import type { Page } from '@playwright/test';
import { authMessages } from '../../src/shared/auth';
import { paths } from '../../src/shared/routes';
import { chooseEssentialCookies, uniqueEmail, uniquePassword } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

// The tests of the sign-in and registration forms themselves (other journeys sign in with loginAs).

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(paths.login.getHref());
}

async function signInWithForm(page: Page, email: string, password: string) {
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('a company registers through the form, signs out and signs back in', async ({ page }) => {
  const email = uniqueEmail('new-company');
  const password = uniquePassword();
  await page.goto(`${paths.login.getHref()}?tab=register`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an Account');
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByRole('radio', { name: "I'm hiring talent" }).check();
  await form.getByLabel('Full name').fill('Casey Company');
  await form.getByLabel('Company name').fill('Casey Widgets Ltd');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(paths.companyDashboard.getHref());
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Casey Company');
  await expect(page.getByRole('menu')).toContainText(email);
  await page.keyboard.press('Escape');

  // The new dashboard's first requests finish first: one still in flight at sign-out answers 401 (a
  // console error) on a loaded machine.
  await page.waitForLoadState('networkidle');
  await signOut(page);
  await page.goto(paths.companyDashboard.getHref());
  await expect(page).toHaveURL(`${paths.login.getHref()}?redirect=%2Fcompany-dashboard`);

  await signInWithForm(page, email, password);
  await expect(page).toHaveURL(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companyDashboard.title);
});

test('an applicant registers through the form and lands on their dashboard', async ({ page }) => {
  await page.goto(paths.login.getHref());
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page).toHaveURL(`${paths.login.getHref()}?tab=register`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByRole('radio', { name: "I'm looking for work" }).check();
  await expect(form.getByLabel('Company name')).toHaveCount(0);
  await form.getByLabel('Full name').fill('Avery Applicant');
  await form.getByLabel('Email').fill(uniqueEmail('new-applicant'));
  await form.getByLabel('Password').fill(uniquePassword());
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
  await expect(page.getByTestId('portal-sidebar').getByRole('link', { name: 'Find Jobs' })).toBeVisible();
});

test('the register form cannot be sent twice while the portal loads', async ({ page }) => {
  let registrations = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/auth/register')) registrations++;
  });
  // Once the account exists, the portal's code downloads slowly, as on a poor network, so the form
  // stays on screen after its success.
  let releasePortal: () => void = () => undefined;
  const portalHeld = new Promise<void>((resolve) => {
    releasePortal = resolve;
  });
  await page.route('**/assets/**', async (route) => {
    if (registrations > 0) await portalHeld;
    await route.continue();
  });
  await page.goto(`${paths.login.getHref()}?tab=register`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByRole('radio', { name: "I'm looking for work" }).check();
  await form.getByLabel('Full name').fill('Dana Doubleclick');
  await form.getByLabel('Email').fill(uniqueEmail('double-submit'));
  await form.getByLabel('Password').fill(uniquePassword());
  await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();

  const pending = form.getByRole('button', { name: 'Creating Account...' });
  await expect.poll(() => registrations).toBe(1);
  await expect(pending).toBeDisabled();
  // Enter in a field submits a form only through an enabled submit button.
  await form.getByLabel('Password').press('Enter');
  await expect(pending).toBeDisabled();
  releasePortal();
  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
  expect(registrations).toBe(1);
});

test('only the providers this server has set up are offered, and nothing names a setting', async ({ page }) => {
  await page.goto(paths.login.getHref());
  const form = page.getByRole('tabpanel', { name: 'Login' });
  await expect(form.getByRole('link', { name: 'Sign in with Google' })).toBeVisible();
  // LinkedIn and Apple are not set up here: no button that would not work.
  await expect(form.getByRole('link', { name: /Sign in with (LinkedIn|Apple)/ })).toHaveCount(0);
  // No provider button greyed out either; the one button is single sign-on, which asks the server whose
  // identity provider the typed address has (issue 58) and works on every server.
  await expect(form.getByRole('button', { name: /Sign in with (?!SSO$)/ })).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Sign in with SSO' })).toBeEnabled();
  await expect(page.getByText(/Not available|CLIENT_ID|CLIENT_SECRET/)).toHaveCount(0);
});

test('the sign-in form shows each validation message', async ({ page }) => {
  await page.goto(paths.login.getHref());
  const form = page.getByRole('tabpanel', { name: 'Login' });
  const submit = form.getByRole('button', { name: 'Sign In', exact: true });

  await submit.click();
  await expect(form.getByText(authMessages.emailAndPasswordRequired)).toHaveCount(2);
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password').fill('secret-enough');
  await submit.click();
  await expect(form.getByText(authMessages.invalidEmail)).toBeVisible();

  await form.getByLabel('Email').fill('someone@example.test');
  await form.getByLabel('Password').fill('12345');
  await submit.click();
  await expect(form.getByText(authMessages.passwordTooShort)).toBeVisible();
  await expect(form.getByText(authMessages.invalidEmail)).toHaveCount(0);
});

test('the registration form shows each validation message', async ({ page }) => {
  await page.goto(`${paths.login.getHref()}?tab=register`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  const submit = form.getByRole('button', { name: 'Create Account' });

  await submit.click();
  // Company is the default: name, company name, email and password are all required, and the agreement.
  await expect(form.getByText(authMessages.allFieldsRequired)).toHaveCount(4);
  await expect(form.getByText(authMessages.termsRequired)).toBeVisible();

  await form.getByRole('radio', { name: "I'm looking for work" }).check();
  await submit.click();
  await expect(form.getByText(authMessages.allFieldsRequired)).toHaveCount(3);

  await form.getByLabel('Full name').fill('Val Idation');
  await form.getByLabel('Email').fill('val@');
  await form.getByLabel('Password').fill('123');
  await submit.click();
  await expect(form.getByText(authMessages.invalidEmail)).toBeVisible();
  await expect(form.getByText(authMessages.passwordTooShort)).toBeVisible();
  await expect(form.getByText(authMessages.allFieldsRequired)).toHaveCount(0);
});

test.describe('refused sign-ins', () => {
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test('a wrong password shows the Invalid credentials banner', async ({ page, createAccount }) => {
    const account = await createAccount('company');
    await page.goto(paths.login.getHref());
    await signInWithForm(page, account.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(authMessages.invalidCredentials);
    await expect(page).toHaveURL(paths.login.getHref());
  });
});

test.describe('an email that is taken', () => {
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test('is reported next to the email field', async ({ page, createAccount }) => {
    const account = await createAccount('applicant');
    await page.goto(`${paths.login.getHref()}?tab=register`);
    const form = page.getByRole('tabpanel', { name: 'Register' });
    await form.getByRole('radio', { name: "I'm looking for work" }).check();
    await form.getByLabel('Full name').fill('Second Try');
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(uniquePassword());
    await form.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' }).check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText(authMessages.emailTaken)).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });
});

test('a signed-in person who opens the login page goes on to their dashboard', async ({ page, loginAs }) => {
  await loginAs('applicant');
  await page.goto(paths.login.getHref());
  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
});

test('screenshots of the login and register tabs', async ({ page, context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
  await page.goto(paths.login.getHref());
  await expect(page.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
  await page.getByRole('tabpanel', { name: 'Login' }).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(authMessages.emailAndPasswordRequired).first()).toBeVisible();
  await saveScreenshots(page, 'auth-login-errors');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create an Account');
  await saveScreenshots(page, 'auth-register');
});
