import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { calendarDayLabel, createJob, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Meetings: the company schedules an interview from an application; it shows in both
// calendars without a reload and the application moves to Interviewing; the applicant accepts and the
// company sees it; the .ics downloads; the bell lists the invitation; Connect Google Calendar gives a
// feed URL that is a calendar with the meeting. Each side works in its own time zone.

// The company's browser is in London, the applicant's in New York: the times differ by five hours.
test.use({ timezoneId: 'Europe/London' });

test.beforeEach(async ({ context, baseURL }) => {
  await chooseEssentialCookies(context, baseURL);
});

const inDays = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return day;
};

const isoDay = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

const upcomingOf = (page: Page) => page.getByRole('list', { name: 'Upcoming meetings' });

test('an interview is scheduled, shows on both sides live, is accepted, and reaches calendars', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const applicant = await createAccount('applicant', { name: uniqueName('Ada Lovelace') });
  await loginAs('company', { name: 'Rita Reviewer', company_name: uniqueName('Northwind') });
  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email, proposal_rate: 58 }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;

  // The applicant has their Meetings page open, in New York.
  const {
    context: applicantContext,
    page: applicantPage,
    errors: applicantErrors,
  } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: applicant.email,
    options: { timezoneId: 'America/New_York' },
  });
  // Opening the portal tells the server the browser's zone.
  const zoneSent = applicantPage.waitForResponse('**/api/account/time-zone');
  await applicantPage.goto(paths.applicantMeetings.getHref());
  expect((await zoneSent).status()).toBe(204);
  await expect(applicantPage.getByRole('heading', { name: 'Meetings', level: 1 })).toBeVisible();
  await expect(applicantPage.getByText('No upcoming meetings')).toBeVisible();
  const bell = applicantPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The company schedules an interview from the application's drawer, three days ahead at 15:00.
  await page.goto(`${paths.companyApplications.getHref()}?application=${application?.id}`);
  const drawer = page.getByRole('dialog', { name: `Application from ${applicant.name}` });
  await expect(drawer.getByRole('status').getByText('Submitted')).toBeVisible();
  await drawer.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await expect(dialog.getByText(applicant.name, { exact: true })).toBeVisible();
  await expect(dialog.getByText('their time zone: America/New_York')).toBeVisible();
  await expect(dialog.getByLabel('Type')).toHaveValue('interview');
  const day = inDays(3);
  await dialog.getByRole('button', { name: /^Date:/ }).click();
  await page.getByRole('button', { name: calendarDayLabel(day) }).click();
  await dialog.getByLabel('Time').selectOption('15:00');
  await dialog.getByLabel('Duration').selectOption({ label: '45 minutes' });
  await dialog.getByLabel('Notes (optional)').fill('A call about the support rota.');
  // The time as the applicant reads it in New York (five hours behind London in winter).
  await expect(dialog.getByText(/15:00 \(your time\) · 10:00 for .* \(America\/New_York\)/)).toBeVisible();
  await saveScreenshots(page, 'meetings-schedule-dialog');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Meeting scheduled').first()).toBeVisible();
  // Scheduling an interview moved the application.
  await expect(drawer.getByRole('status').getByText('Interviewing')).toBeVisible();

  // The applicant's page shows the invitation without a reload, in their own time, and the bell has it.
  const invitation = upcomingOf(applicantPage).getByRole('listitem').filter({ hasText: job.title });
  await expect(invitation).toContainText('Invitation');
  await expect(invitation).toContainText('10:00 (your time) · 15:00 for Rita Reviewer (Europe/London)');
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  await expect(
    applicantPage.getByRole('dialog').getByRole('link', { name: /invited you to an interview/ }),
  ).toBeVisible();
  await applicantPage.keyboard.press('Escape');

  // The company's calendar (on the meeting's month) and list have it, waiting for the answer.
  await page.goto(`${paths.companyMeetings.getHref()}?date=${isoDay(day)}`);
  const companyItem = upcomingOf(page).getByRole('listitem').filter({ hasText: job.title });
  await expect(companyItem).toContainText('Awaiting reply');
  await expect(
    page.getByRole('button', { name: new RegExp(`^15:00 Interview: ${job.title}, Awaiting reply`) }),
  ).toBeVisible();

  // The applicant accepts; the company's page follows without a reload.
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(invitation).toContainText('Confirmed');
  await expect(companyItem).toContainText('Confirmed');
  await expect(companyItem).toContainText(`${applicant.name} · Accepted`);

  // The week view shows it on its day.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(
    page.getByRole('button', { name: new RegExp(`^Interview: ${job.title} 15:00–15:45 · .* Confirmed$`) }),
  ).toBeVisible();
  await saveScreenshots(page, 'meetings-company-week');
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await saveScreenshots(page, 'meetings-company');
  await expectNoSeriousViolations(page);

  // The .ics downloads, the meeting in it.
  const downloading = page.waitForEvent('download');
  await companyItem.getByRole('button', { name: 'Download .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^interview-.*\.ics$/);
  const ics = await fs.readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`SUMMARY:Interview: ${job.title}`);
  expect(ics).toContain('SEQUENCE:0');

  // The details panel, opened from the list, says everything and is where a notification's link lands.
  await companyItem.getByRole('button', { name: `Details of Interview: ${job.title}` }).click();
  const details = page.getByRole('dialog', { name: `Interview: ${job.title}` });
  await expect(details.getByText('A call about the support rota.')).toBeVisible();
  await expect(page).toHaveURL(/meeting=/);
  await saveScreenshots(page, 'meetings-details');
  await page.keyboard.press('Escape');

  // Connect Google Calendar: a feed URL that is a calendar with the meeting.
  await applicantPage.getByRole('button', { name: 'Connect Google Calendar' }).click();
  const connect = applicantPage.getByRole('dialog', { name: 'Connect Google Calendar' });
  await expect(connect.getByText('Other calendars → + → From URL')).toBeVisible();
  await connect.getByRole('button', { name: 'Get Feed Address' }).click();
  const feedUrl = await connect.getByLabel('Your calendar feed address').inputValue();
  expect(feedUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  await saveScreenshots(applicantPage, 'meetings-connect-calendar');
  await expectNoSeriousViolations(applicantPage);
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const feedText = await feed.text();
  expect(feedText).toContain('BEGIN:VEVENT');
  expect(feedText).toContain(`SUMMARY:Interview: ${job.title}`);
  await applicantPage.keyboard.press('Escape');
  await saveScreenshots(applicantPage, 'meetings-applicant');

  // The join link opens the meeting's room for a participant.
  const opening = applicantContext.waitForEvent('page');
  await invitation.getByRole('link', { name: 'Join Meeting' }).click();
  const room = await opening;
  await expect(room.getByRole('heading', { name: 'Meeting Room' })).toBeVisible();
  await expect(room.getByText(`Interview: ${job.title}`)).toBeVisible();
  await saveScreenshots(room, 'meetings-room');
  await expectNoSeriousViolations(room);

  // The applicant dashboard's Upcoming Meetings has it, with its Join link and Connect Google Calendar.
  await applicantPage.goto(paths.applicantDashboard.getHref());
  const upcoming = applicantPage.getByRole('region', { name: 'Upcoming Meetings' });
  await expect(upcoming.getByRole('link', { name: /^Join/ })).toBeVisible();
  await expect(upcoming.getByRole('button', { name: 'Connect Google Calendar' })).toBeVisible();
  await saveScreenshots(applicantPage, 'meetings-applicant-dashboard');
  await expectNoSeriousViolations(applicantPage);

  // The company moves it an hour later, saying why: the applicant is asked again, live.
  await applicantPage.goto(paths.applicantMeetings.getHref());
  await expect(invitation).toContainText('Confirmed');
  await page.goto(`${paths.companyMeetings.getHref()}?date=${isoDay(day)}`);
  await companyItem.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = page.getByRole('dialog', { name: `Reschedule Interview: ${job.title}` });
  await expect(reschedule.getByLabel('Time')).toHaveValue('15:00');
  await reschedule.getByLabel('Time').selectOption('16:00');
  await reschedule.getByLabel('Reason (optional)').fill('The team meeting ran over.');
  await reschedule.getByRole('button', { name: 'Reschedule' }).click();
  await expect(reschedule).toBeHidden();
  await expect(invitation).toContainText('Invitation');
  await expect(invitation).toContainText('11:00 (your time) · 16:00 for Rita Reviewer (Europe/London)');

  // The applicant cancels it, which needs a reason; the company's list drops it and its calendar says so.
  await invitation.getByRole('button', { name: 'Cancel Meeting' }).click();
  const cancel = applicantPage.getByRole('dialog', { name: `Cancel Interview: ${job.title}?` });
  await cancel.getByRole('button', { name: 'Cancel Meeting' }).click();
  await expect(cancel.getByText('Please give a reason.')).toBeVisible();
  await cancel.getByLabel('Reason').fill('I accepted another offer.');
  await cancel.getByRole('button', { name: 'Cancel Meeting' }).click();
  await expect(cancel).toBeHidden();
  await expect(companyItem).toBeHidden();
  await expect(
    page.getByRole('button', { name: new RegExp(`^16:00 Interview: ${job.title}, Cancelled`) }),
  ).toBeVisible();

  expect(applicantErrors).toEqual([]);
  await applicantContext.close();
});
