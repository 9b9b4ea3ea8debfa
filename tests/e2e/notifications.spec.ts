import type { Page } from '@playwright/test';
import { notificationTexts } from '../../src/shared/notifications';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies, readEmailLink } from './support/auth';
import { createJob } from './support/jobs';
import { expect, saveScreenshots, test } from './support/test';

// Notifications, live: the company moves an applicant's application in the pipeline and the
// applicant's open page counts it at once; the popover lists it and leads to the application; Mark all
// as read clears the count; email preferences save.

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Applications' }).getByRole('row').filter({ hasText: name });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('a stage change reaches the applicant’s open page, and the bell leads to it', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(90_000);
  const applicant = await createAccount('applicant', { name: 'Ada Lovelace' });
  await loginAs('company', { name: 'Rita Reviewer' });
  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email, proposal_rate: 58 }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);

  // The applicant, in a browser of their own, has the portal open.
  const applicantContext = await browser.newContext({ baseURL });
  await chooseEssentialCookies(applicantContext, baseURL);
  const session = await request.post('/api/testing/sessions', { data: { email: applicant.email } });
  const { token } = (await session.json()) as { token: string };
  await applicantContext.addCookies([
    { name: 'tandem_session', value: token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' },
  ]);
  const applicantPage = await applicantContext.newPage();
  const pageErrors: string[] = [];
  applicantPage.on('pageerror', (error) => pageErrors.push(error.message));
  applicantPage.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await applicantPage.goto(paths.applicantDashboard.getHref());
  const bell = applicantPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The company shortlists Ada.
  await page.goto(paths.companyJob.getHref({ id: job.id }));
  await rowOf(page, 'Ada Lovelace').getByRole('button', { name: 'Ada Lovelace' }).click();
  const drawer = page.getByRole('dialog', { name: 'Application from Ada Lovelace' });
  await drawer.getByRole('button', { name: 'Shortlist' }).click();
  await expect(drawer.getByRole('status').getByText('Shortlisted')).toBeVisible();

  // Ada's page counts it without a reload, and says so in a toast.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(applicantPage.locator('[data-sonner-toast]').getByText(`${job.title}: Shortlisted`)).toBeVisible();
  await bell.click();
  const popover = applicantPage.getByRole('dialog');
  const item = popover.getByRole('link', { name: new RegExp(`${job.title}: Shortlisted`) });
  await expect(item).toContainText('Your application moved to Shortlisted.');
  await expect(item).toContainText('Just now');
  await saveScreenshots(applicantPage, 'notifications-popover');
  await expectNoSeriousViolations(applicantPage);

  // Opening it goes to the application and marks it read.
  await item.click();
  await expect(applicantPage).toHaveURL(paths.applicantApplications.getHref());
  await expect(bell).toHaveAccessibleName('Notifications');

  // Two more moves; Mark all as read clears them.
  await drawer.getByRole('button', { name: 'Move to Interviewing' }).click();
  await expect(drawer.getByRole('status').getByText('Interviewing')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(popover.getByRole('link', { name: new RegExp(`${job.title}: Interviewing`) })).toBeVisible();
  await popover.getByRole('button', { name: notificationTexts.markAllRead }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(popover.getByRole('button', { name: notificationTexts.markAllRead })).toBeDisabled();

  // The stage change was also emailed, with the way back to the application.
  expect(await readEmailLink(request, applicant.email, paths.applicantApplications.getHref())).toBe(
    paths.applicantApplications.getHref(),
  );
  expect(pageErrors).toEqual([]);
  await applicantContext.close();
});

test('email preferences save, per kind of notification', async ({ page, loginAs }) => {
  await loginAs('applicant');
  await page.goto(`${paths.applicantSettings.getHref()}?tab=notifications`);
  const section = page.getByRole('region', { name: notificationTexts.preferencesTitle });
  const stageChanges = section.getByRole('switch', { name: 'Changes to your applications' });
  await expect(stageChanges).toBeChecked();
  await expect(section.getByText(notificationTexts.offersAlwaysEmailed)).toBeVisible();
  const save = section.getByRole('button', { name: 'Save Email Notifications' });
  await expect(save).toBeDisabled();

  await stageChanges.click();
  await section.getByRole('switch', { name: 'Unread messages' }).click();
  await save.click();
  await expect(page.locator('[data-sonner-toast]').getByText(notificationTexts.preferencesSaved)).toBeVisible();
  await expect(save).toBeDisabled();
  await saveScreenshots(page, 'notification-preferences');
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(section.getByRole('switch', { name: 'Changes to your applications' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Unread messages' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Job invitations' })).toBeChecked();
});
