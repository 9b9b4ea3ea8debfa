import { paths } from '../../src/shared/routes';
import { expect, test } from './support/test';

// Portal pages are for their own role, signed in (the server checks every API call as well).

test('a signed-out visitor is sent to sign in, then back to the page they wanted', async ({ page, createAccount }) => {
  const account = await createAccount('company');
  await page.goto(paths.companyJobs.getHref());
  await expect(page).toHaveURL(`${paths.login.getHref()}?redirect=%2Fcompany%2Fjobs`);

  const form = page.getByRole('tabpanel', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(paths.companyJobs.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companyJobs.title);
});

test('an applicant who opens a company page lands on their own dashboard', async ({ page, loginAs }) => {
  await loginAs('applicant');
  await page.goto(paths.companyJobs.getHref());
  await expect(page).toHaveURL(paths.applicantDashboard.getHref());
  await expect(page.getByRole('navigation', { name: 'Talent Portal navigation' })).toBeVisible();
});

test('a company that opens an admin page lands on the company dashboard', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.adminAuditLogs.getHref());
  await expect(page).toHaveURL(paths.companyDashboard.getHref());
});

test('the account menu shows who is signed in', async ({ page, loginAs }) => {
  const account = await loginAs('applicant', { name: 'Morgan Menu' });
  await page.goto(paths.applicantDashboard.getHref());
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Morgan Menu');
  await expect(menu).toContainText(account.email);
});

test('after signing out, the portal asks to sign in again', async ({ page, loginAs }) => {
  await loginAs('company');
  await page.goto(paths.companySettings.getHref());
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(paths.login.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.login.title);
  await page.goBack();
  await expect(page).toHaveURL(`${paths.login.getHref()}?redirect=%2Fcompany%2Fsettings`);
});
