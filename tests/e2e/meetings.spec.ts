import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { paths } from '../../src/shared/routes';
import { expectNoSeriousViolations } from './support/accessibility';
import { chooseEssentialCookies } from './support/auth';
import { createJob, pickCalendarDay, uniqueName } from './support/jobs';
import { openSecondBrowser } from './support/second-browser';
import { expect, saveScreenshots, test } from './support/test';

// Meetings: the company schedules an interview from an application; it shows in both
// calendars without a reload and the application moves to Interviewing; the applicant accepts and the
// company sees it; the .ics downloads; the bell lists the invitation; Connect Google Calendar gives a
// feed URL that is a calendar with the meeting. Each side works in the time zone of its own account
// (docs/decisions/022), never the browser's: the company in New York, the applicant in Manila.

// The company's browser is in London and the applicant's in Berlin: neither zone may show anywhere.
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
  const applicant = await createAccount('applicant', { name: uniqueName('Maria Santos'), time_zone: 'Asia/Manila' });
  // The company person has not set a zone yet: the dialog asks for it first.
  await loginAs('company', { name: 'Rita Reviewer', company_name: uniqueName('Northwind') });
  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email, proposal_rate: 58 }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;

  // The applicant has their Meetings page open, on a laptop set to Berlin time.
  const {
    context: applicantContext,
    page: applicantPage,
    errors: applicantErrors,
  } = await openSecondBrowser({
    browser,
    request,
    baseURL,
    email: applicant.email,
    options: { timezoneId: 'Europe/Berlin' },
  });
  await applicantPage.goto(paths.applicantMeetings.getHref());
  await expect(applicantPage.getByRole('heading', { name: 'Meetings', level: 1 })).toBeVisible();
  await expect(applicantPage.getByText('Times are in Asia/Manila.')).toBeVisible();
  await expect(applicantPage.getByText('No upcoming meetings')).toBeVisible();
  const bell = applicantPage.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // The company schedules an interview from the application's drawer, three days ahead at 9:00 AM its time.
  await page.goto(`${paths.companyApplications.getHref()}?application=${application?.id}`);
  const drawer = page.getByRole('dialog', { name: `Application from ${applicant.name}` });
  await expect(drawer.getByRole('status').getByText('Submitted')).toBeVisible();
  await drawer.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Meeting' });
  // No zone yet: it is asked for first (the browser's London is only offered), then saved to the account.
  await expect(dialog.getByText('Set your time zone first.')).toBeVisible();
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Your time zone' })).toContainText('Europe/London');
  await saveScreenshots(page, 'meetings-schedule-dialog-zone-first');
  await dialog.getByRole('combobox', { name: 'Your time zone' }).click();
  await page.getByRole('combobox', { name: 'Search time zones' }).fill('new york');
  await page.getByRole('option', { name: /^America\/New York/ }).click();
  await dialog.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(dialog.getByText('In your time zone, America/New_York.')).toBeVisible();
  await expect(dialog.getByText(applicant.name, { exact: true })).toBeVisible();
  await expect(dialog.getByText('their time zone: Asia/Manila')).toBeVisible();
  await expect(dialog.getByLabel('Type')).toHaveValue('interview');
  const day = inDays(3);
  await pickCalendarDay(page, dialog.getByRole('button', { name: /^Date:/ }), day);
  await dialog.getByLabel('Time', { exact: true }).selectOption('09:00');
  await dialog.getByLabel('Duration').selectOption({ label: '45 minutes' });
  await dialog.getByLabel('Notes (optional)').fill('A call about the support rota.');
  // Both sides: 9:00 AM in New York is 9:00 or 10:00 PM in Manila (twelve or thirteen hours ahead, with
  // New York's daylight time), late in her day: a warning, not a refusal.
  const both = dialog.getByText(/^.*9:00 AM your time \(America\/New_York\) · (9|10):00 PM for .* \(Asia\/Manila\)$/);
  await expect(both).toBeVisible();
  const manilaTime = (await both.textContent())?.match(/((9|10):00 PM) for/)?.[1] ?? '';
  await expect(dialog.getByText(/is outside 8:00 AM–8:00 PM in their time zone \(Asia\/Manila\)/)).toBeVisible();
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
  await expect(invitation).toContainText(
    `${manilaTime} your time (Asia/Manila) · 9:00 AM for Rita Reviewer (America/New_York)`,
  );
  // So does the invitation email, in Manila time with the zone named.
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/testing/outbox?to=${encodeURIComponent(applicant.email)}`);
        const { items } = (await response.json()) as { items: Array<{ subject: string; text: string }> };
        return items.find((item) => /invited you to an interview$/.test(item.subject))?.text ?? '';
      },
      { message: 'the invitation email', timeout: 20_000 },
    )
    .toContain(`${manilaTime} (Asia/Manila) and lasts 45 minutes.`);
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
    page.getByRole('button', { name: new RegExp(`^9:00 AM Interview: ${job.title}, Awaiting reply`) }),
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
    page.getByRole('button', { name: new RegExp(`^Interview: ${job.title} 9:00 AM–9:45 AM · .* Confirmed$`) }),
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
  // An absolute instant (UTC) each calendar app shows in its reader's zone, and the time stated in Rita's.
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T1[34]0000Z\r\n/);
  expect(ics.replace(/\r\n /g, '')).toContain(`9:00 AM your time (America/New_York) · ${manilaTime} for`);

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
  await expect(
    room.getByText(`${manilaTime} your time (Asia/Manila) · 9:00 AM for Rita Reviewer (America/New_York)`),
  ).toBeVisible();
  await expect(room.getByText('Rita Reviewer (America/New_York) · Organizer')).toBeVisible();
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
  await expect(reschedule.getByLabel('Time', { exact: true })).toHaveValue('09:00');
  await reschedule.getByLabel('Time', { exact: true }).selectOption('10:00');
  await reschedule.getByLabel('Reason (optional)').fill('The team meeting ran over.');
  await reschedule.getByRole('button', { name: 'Reschedule' }).click();
  await expect(reschedule).toBeHidden();
  await expect(invitation).toContainText('Invitation');
  const laterInManila = manilaTime === '9:00 PM' ? '10:00 PM' : '11:00 PM';
  await expect(invitation).toContainText(
    `${laterInManila} your time (Asia/Manila) · 10:00 AM for Rita Reviewer (America/New_York)`,
  );

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
    page.getByRole('button', { name: new RegExp(`^10:00 AM Interview: ${job.title}, Cancelled`) }),
  ).toBeVisible();

  expect(applicantErrors).toEqual([]);
  await applicantContext.close();
});

test('an interview held on Zoom: Join Meeting, the room page and the invitation lead to its link', async ({
  page,
  browser,
  baseURL,
  request,
  loginAs,
  createAccount,
}) => {
  test.setTimeout(90_000);
  const zoom = 'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123';
  const applicant = await createAccount('applicant', { name: uniqueName('Ana Reyes'), time_zone: 'Asia/Manila' });
  await loginAs('company', {
    name: 'Rita Reviewer',
    company_name: uniqueName('Globex'),
    time_zone: 'America/New_York',
  });
  const job = await createJob(page);
  const seeded = await request.post(`/api/testing/jobs/${job.id}/applications`, {
    data: { applications: [{ applicant_email: applicant.email, proposal_rate: 40 }] },
  });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const [application] = ((await seeded.json()) as { applications: Array<{ id: string }> }).applications;

  // The company schedules it with the call's link; a link without https:// is refused with a sentence.
  await page.goto(`${paths.companyApplications.getHref()}?application=${application?.id}`);
  const drawer = page.getByRole('dialog', { name: `Application from ${applicant.name}` });
  await drawer.getByRole('button', { name: 'Schedule Meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Meeting' });
  await expect(dialog.getByText('In your time zone, America/New_York.')).toBeVisible();
  const day = inDays(4);
  await pickCalendarDay(page, dialog.getByRole('button', { name: /^Date:/ }), day);
  await dialog.getByLabel('Time', { exact: true }).selectOption('09:00');
  const callLink = dialog.getByLabel('Call link (optional)');
  await callLink.fill('us02web.zoom.us/j/81234567890');
  await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
  await expect(dialog.getByText("Enter the call's https:// link.")).toBeVisible();
  await expect(callLink).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshots(page, 'meetings-schedule-dialog-call-link-error', { scrollTo: callLink });
  await callLink.fill(zoom);
  await saveScreenshots(page, 'meetings-schedule-dialog-call-link', { scrollTo: callLink });
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Schedule Meeting' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Meeting scheduled').first()).toBeVisible();

  // The company's Join Meeting is the link, opened in a new tab that has no hold on Tandem's.
  await page.goto(`${paths.companyMeetings.getHref()}?date=${isoDay(day)}`);
  const companyItem = upcomingOf(page).getByRole('listitem').filter({ hasText: job.title });
  const companyJoin = companyItem.getByRole('link', { name: 'Join Meeting' });
  await expect(companyJoin).toHaveAttribute('href', zoom);
  await expect(companyJoin).toHaveAttribute('target', '_blank');
  await expect(companyJoin).toHaveAttribute('rel', 'noopener noreferrer');
  // No call leaves this machine: the call's page is answered here.
  await page
    .context()
    .route('https://us02web.zoom.us/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Zoom</title><p>The call</p>' }),
    );
  const opening = page.context().waitForEvent('page');
  await companyJoin.click();
  const call = await opening;
  await expect(call).toHaveURL(zoom);
  expect(await call.evaluate(() => window.opener)).toBeNull();
  await call.close();

  // The applicant's Join Meeting and the dashboard's Join lead there too, and the room page shows it as the way in.
  const {
    context: applicantContext,
    page: applicantPage,
    errors: applicantErrors,
  } = await openSecondBrowser({ browser, request, baseURL, email: applicant.email });
  await applicantPage.goto(paths.applicantMeetings.getHref());
  const invitation = upcomingOf(applicantPage).getByRole('listitem').filter({ hasText: job.title });
  await expect(invitation.getByRole('link', { name: 'Join Meeting' })).toHaveAttribute('href', zoom);
  await applicantPage.goto(paths.applicantDashboard.getHref());
  const upcoming = applicantPage.getByRole('region', { name: 'Upcoming Meetings' });
  await expect(upcoming.getByRole('link', { name: /^Join/ })).toHaveAttribute('href', zoom);

  const emails = await request.get(`/api/testing/outbox?to=${encodeURIComponent(applicant.email)}`);
  const { items } = (await emails.json()) as {
    items: Array<{ subject: string; text: string; calendar: string | null }>;
  };
  const invited = items.find((item) => /invited you to an interview$/.test(item.subject));
  expect(invited?.text).toContain(`Join the meeting: ${zoom}`);
  const calendar = invited?.calendar?.replace(/\r\n /g, '') ?? '';
  expect(calendar).toContain('METHOD:REQUEST');
  expect(calendar).toContain(`LOCATION:${zoom}`);
  expect(calendar).toContain(`URL;VALUE=URI:${zoom}`);

  // The meeting's own page, where a link to the room (from before the call link was set) still leads.
  const roomPath = await applicantPage.evaluate(async (title) => {
    const response = await fetch(`/api/meetings?from=${new Date().toISOString()}`);
    const { items } = (await response.json()) as { items: Array<{ title: string; join_url: string }> };
    return items.find((item) => item.title === title)?.join_url;
  }, `Interview: ${job.title}`);
  expect(roomPath).toMatch(/^\/meet\//);
  await applicantPage.goto(roomPath ?? '');
  await expect(applicantPage.getByRole('heading', { name: 'Meeting Room', level: 1 })).toBeVisible();
  const wayIn = applicantPage.getByRole('region', { name: 'This meeting is held on Zoom' });
  await expect(wayIn.getByRole('link', { name: 'Join the Call' })).toHaveAttribute('href', zoom);
  await expect(wayIn.getByText(zoom)).toBeVisible();
  await saveScreenshots(applicantPage, 'meetings-room-call-link');
  await expectNoSeriousViolations(applicantPage);

  expect(applicantErrors).toEqual([]);
  await applicantContext.close();
});
