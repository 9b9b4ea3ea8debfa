import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Booking from availability (docs/decisions/031): the company person sets their hours, sends an applicant
// a booking link from the schedule dialog; the applicant books a free time, read in Manila; both see it.
test.use({ timezoneId: 'Europe/London' });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

test('the company sends a booking link, the applicant books a free time, and both see the meeting', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const applicant = await createAccount('applicant', { name: uniqueName('Maria Santos'), time_zone: 'Asia/Manila' });
  await loginAs('company', {
    name: 'Rita Reviewer',
    company_name: uniqueName('Northwind'),
    time_zone: 'America/New_York',
  });

  // Settings → Availability: a wrong day is named, then the week is saved.
  await page.goto(paths.companySettings.getHref());
  const section = page.getByRole('region', { name: 'Availability' });
  await expect(section.getByText('America/New_York')).toBeVisible();
  await section.getByLabel('Monday from').fill('17:00');
  await section.getByLabel('Monday to').fill('09:00');
  await section.getByRole('button', { name: 'Save Availability' }).click();
  await expect(section.getByText('Monday to: The end must be after the start.')).toBeVisible();
  await section.getByLabel('Monday from').fill('09:00');
  await section.getByLabel('Monday to').fill('17:00');
  await section.getByRole('button', { name: 'Save Availability' }).click();
  await expect(section.getByText('Your availability has been saved.')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await saveScreenshots(page, 'booking-availability');
  await expectNoSeriousViolations(page);

  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email, proposal_rate: 58 }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;

  await page.goto(`${paths.companyApplications.getHref()}?application=${application?.id}`);
  const drawer = page.getByRole('dialog', { name: `Application from ${applicant.name}` });
  await drawer.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await dialog.getByRole('radio', { name: 'Send booking link' }).check();
  await dialog.getByRole('button', { name: 'Send Booking Link' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Booking link sent').first()).toBeVisible();

  // The applicant opens the link from their notification.
  const { page: applicantPage } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: applicant.email,
    options: { timezoneId: 'Europe/Berlin' },
  });
  await applicantPage.goto(paths.applicantMeetings.getHref());
  await applicantPage
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await applicantPage
    .getByText(/asks you to book a time/)
    .first()
    .click();
  await expect(applicantPage.getByRole('heading', { name: 'Book a Meeting', level: 1 })).toBeVisible();
  await expect(applicantPage.getByText('Times are shown in your time zone,')).toBeVisible();
  await expect(applicantPage.getByText('Asia/Manila', { exact: true })).toBeVisible();
  await saveScreenshots(applicantPage, 'booking-page');
  await expectNoSeriousViolations(applicantPage);
  const firstSlot = applicantPage.getByRole('region', { name: 'Free times' }).getByRole('button').first();
  await firstSlot.click();
  await applicantPage.getByRole('button', { name: 'Book This Time' }).click();
  await expect(applicantPage.getByText(`You booked Interview: ${job.title}`)).toBeVisible();
  await expect(applicantPage.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await saveScreenshots(applicantPage, 'booking-confirmation');

  // The company sees the meeting on its Meetings page.
  await page.goto(paths.companyMeetings.getHref());
  await expect(page.getByRole('list', { name: 'Upcoming meetings' }).getByText(job.title).first()).toBeVisible();
});
