import { paths } from '../../src/shared/routes';
import { chooseEssentialCookies, readEmailLink } from './support/auth';
import { expect, saveScreenshots, test } from './support/test';

test('an unconfirmed account sees the banner, asks for the email again and confirms it', async ({
  page,
  context,
  baseURL,
  request,
  loginAs,
}) => {
  await chooseEssentialCookies(context, baseURL);
  const account = await loginAs('company', { email_verified: false });
  await page.goto(paths.companyDashboard.getHref());
  const banner = page.getByRole('region', { name: 'Email confirmation' });
  await expect(banner).toContainText('cannot publish jobs or apply');
  await expect(banner).toContainText(account.email);
  await saveScreenshots(page, 'portal-unverified-banner');

  await banner.getByRole('button', { name: 'Resend email' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new confirmation link to ${account.email}.`);

  const link = await readEmailLink(request, account.email, paths.verifyEmail.getHref());
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.verifyEmail.title);
  await expect(page.getByRole('status')).toHaveText('Thank you: your email address is confirmed.');
  await saveScreenshots(page, 'auth-verify-email-done');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(paths.companyDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.companyDashboard.title);
  await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);
});

test('a confirmed account sees no banner', async ({ page, loginAs }) => {
  await loginAs('applicant');
  await page.goto(paths.applicantDashboard.getHref());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(paths.applicantDashboard.title);
  await expect(page.getByRole('region', { name: 'Email confirmation' })).toHaveCount(0);
});

test.describe('a confirmation link that does not work', () => {
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('says the link is invalid', async ({ page }) => {
    await page.goto(`${paths.verifyEmail.getHref()}?token=not-a-real-token`);
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });
});
