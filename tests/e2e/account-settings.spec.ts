import { paths } from '../../src/shared/routes';
import { chooseEssentialCookies, readEmailLink, uniqueEmail, uniquePassword } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

test('a company changes its name and its company profile', async ({ page, context, baseURL, loginAs }) => {
  await chooseEssentialCookies(context, baseURL);
  await loginAs('company', { name: 'Old Name', company_name: 'Old Widgets' });
  await page.goto(paths.companySettings.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companySettings.title);

  const profile = page.getByRole('region', { name: 'Profile', exact: true });
  await expect(profile.getByLabel('Full name')).toHaveValue('Old Name');
  await profile.getByLabel('Full name').fill('New Name');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile has been saved.');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('New Name');
  await page.keyboard.press('Escape');

  const company = page.getByRole('region', { name: 'Company profile' });
  await expect(company.getByLabel('Company name')).toHaveValue('Old Widgets');
  await company.getByLabel('Company name').fill('New Widgets');
  await company.getByLabel('Contact email').fill('hello@new-widgets.example');
  await company.getByLabel('Website').fill('not a web address');
  await company.getByRole('button', { name: 'Save Company Profile' }).click();
  await expect(company.getByText('Please enter a full web address, starting with https://')).toBeVisible();
  await company.getByLabel('Website').fill('https://new-widgets.example');
  await company.getByRole('button', { name: 'Save Company Profile' }).click();
  await expect(company.getByRole('status')).toHaveText('Your company profile has been saved.');
  await saveScreenshots(page, 'company-settings');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile', exact: true }).getByLabel('Full name')).toHaveValue(
    'New Name',
  );
  const reloaded = page.getByRole('region', { name: 'Company profile' });
  await expect(reloaded.getByLabel('Company name')).toHaveValue('New Widgets');
  await expect(reloaded.getByLabel('Contact email')).toHaveValue('hello@new-widgets.example');
  await expect(reloaded.getByLabel('Website')).toHaveValue('https://new-widgets.example');
});

test.describe('changing the password', () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('needs the current one, then signs in with the new one', async ({ page, loginAs }) => {
    const account = await loginAs('applicant');
    const newPassword = uniquePassword();
    await page.goto(`${paths.applicantSettings.getHref()}?tab=account`);
    const section = page.getByRole('region', { name: 'Password', exact: true });

    await section.getByLabel('Current password').fill('not-my-password');
    await section.getByLabel('New password').fill(newPassword);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await section.getByLabel('Current password').fill(account.password);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect(section.getByRole('status')).toHaveText(
      'Your password has been changed. Your other sessions were signed out.',
    );

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    const form = page.getByRole('tabpanel', { name: 'Login' });
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(newPassword);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(paths.applicantDashboard.getHref());
  });
});

test('other sessions are listed and signed out', async ({ page, context, baseURL, request, loginAs }) => {
  await chooseEssentialCookies(context, baseURL);
  const account = await loginAs('applicant');
  // A second session of the same account, as from another device.
  const other = await request.post('/api/testing/sessions', { data: { email: account.email } });
  expect(other.ok()).toBe(true);

  await page.goto(`${paths.applicantSettings.getHref()}?tab=security`);
  const section = page.getByRole('region', { name: 'Active sessions' });
  const sessions = section.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(section.getByText('This device')).toHaveCount(1);
  await saveScreenshots(page, 'applicant-settings');

  await section.getByRole('button', { name: 'Sign out of other sessions' }).click();
  await expect(section.getByRole('status')).toHaveText('Signed out of 1 other session.');
  await expect(sessions).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Sign out of other sessions' })).toBeDisabled();
});

test('a new email address is confirmed from the link sent to it', async ({ page, request, loginAs }) => {
  const account = await loginAs('company');
  const newEmail = uniqueEmail('moved');
  await page.goto(`${paths.companySettings.getHref()}?tab=security`);
  const section = page.getByRole('region', { name: 'Email', exact: true });
  await expect(section).toContainText(account.email);
  await expect(section).toContainText('Verified');
  await section.getByLabel('New email').fill(newEmail);
  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Change Email' }).click();
  await expect(section.getByRole('status')).toHaveText(
    `We sent a confirmation link to ${newEmail}. Your email changes once you open it.`,
  );

  const link = await readEmailLink(request, newEmail, paths.verifyEmail.getHref());
  await page.goto(link);
  await expect(page.getByRole('status')).toHaveText(`Your sign-in email is now ${newEmail}.`);
  await page.goto(`${paths.companySettings.getHref()}?tab=security`);
  await expect(page.getByRole('region', { name: 'Email', exact: true })).toContainText(newEmail);
});
