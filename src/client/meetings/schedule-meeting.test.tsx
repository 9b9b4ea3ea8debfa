import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyUser, fakeId, scheduledMeeting } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { accountContract } from '~/shared/contracts/account';
import { meetingsContract } from '~/shared/contracts/meetings';
import { type MeetingInvitee, meetingTexts } from '~/shared/meetings';
import { paths } from '~/shared/routes';

// Schedule Meeting on the company's Meetings page (docs/decisions/022): the day and time are read on the
// scheduler's own clock, whatever zone the browser is in; the dialog shows the time on both sides, warns
// (without stopping anyone) outside 08:00–20:00 of the invitee's day, names an invitee who set no zone, and
// asks a scheduler without a zone for theirs first.

const maria: MeetingInvitee = {
  application_id: fakeId(),
  applicant_id: fakeId(),
  applicant_name: 'Maria Santos',
  job_title: 'Night Support',
  status: 'submitted',
  time_zone: 'Asia/Manila',
};
const una: MeetingInvitee = {
  application_id: fakeId(),
  applicant_id: fakeId(),
  applicant_name: 'Una Zone',
  job_title: 'Analyst',
  status: 'shortlisted',
  time_zone: null,
};

async function openDialog({ zone, inviteeTotal = 2 }: { zone: string | null; inviteeTotal?: number }) {
  const server = createFakeServer();
  let ownZone = zone;
  const scheduled: Array<{ application_id: string; starts_at: string; duration_minutes: number; call_link?: string }> =
    [];
  server.on(accountContract.timeZone, () => ({ time_zone: ownZone }));
  server.on(accountContract.updateTimeZone, ({ body }) => {
    ownZone = body.time_zone;
    return { time_zone: ownZone };
  });
  server.on(meetingsContract.list, ({ query }) => ({
    items: [],
    total: 0,
    page: 1,
    page_size: Number(query.get('page_size') ?? 50),
  }));
  server.on(meetingsContract.invitees, () => ({ items: [maria, una], total: inviteeTotal, page: 1, page_size: 20 }));
  server.on(meetingsContract.schedule, ({ body }) => {
    scheduled.push(body);
    return scheduledMeeting(body);
  });
  const view = await renderRoute(paths.companyMeetings.getHref(), { user: companyUser(), server });
  await view.events.click(await screen.findByRole('button', { name: 'Schedule Meeting' }));
  const dialog = await screen.findByRole('dialog', { name: 'Schedule Meeting' });
  return { ...view, dialog, scheduled };
}

async function chooseApplicant(events: UserEvent, dialog: HTMLElement, invitee: MeetingInvitee) {
  const select = within(dialog).getByLabelText('Applicant');
  await within(select).findByRole('option', { name: new RegExp(`^${invitee.applicant_name}`) });
  await events.selectOptions(select, invitee.application_id);
}

const timesShown = (dialog: HTMLElement) => within(dialog).getByText(/ your time \(/);
const scheduleRequests = (server: FakeServer) =>
  server.requests.filter((request) => request.method === 'POST' && request.path === '/api/meetings');

beforeEach(() => {
  // Sunday 10 January 2027, noon in New York: "tomorrow" there is Monday the 11th, on standard time
  // (UTC−5), when Manila (UTC+8, no daylight time) is thirteen hours ahead.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-10T17:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Schedule Meeting', () => {
  // People meet on working days: from a Friday (or the weekend) the date proposed is Monday.
  it('proposes the next working day, not a Saturday', async () => {
    vi.setSystemTime(new Date('2027-01-08T17:00:00Z'));
    const { dialog, events } = await openDialog({ zone: 'America/New_York' });
    await chooseApplicant(events, dialog, maria);
    expect(within(dialog).getByLabelText(/^Date:/)).toHaveAccessibleName('Date: Monday, January 11, 2027');
  });

  it('says how many applicants the list leaves out, and how to find them', async () => {
    const { dialog } = await openDialog({ zone: 'America/New_York', inviteeTotal: 287 });
    const select = within(dialog).getByLabelText('Applicant');
    await within(select).findByRole('option', { name: new RegExp(`^${maria.applicant_name}`) });
    expect(select).toHaveAccessibleDescription('Showing 2 of 287: search by name or job to find the others.');
  });

  // The time list opens on the morning, not on 12:00 AM: the night is last.
  it('lists the times by part of the day from the morning, starting at 10:00 AM', async () => {
    const { dialog, events } = await openDialog({ zone: 'America/New_York' });
    await chooseApplicant(events, dialog, maria);
    const time = within(dialog).getByLabelText('Time');
    expect(time).toHaveDisplayValue('10:00 AM');
    const groups = within(time).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Morning', 'Afternoon', 'Evening', 'Night']);
    expect(within(groups[0] as HTMLElement).getAllByRole('option')[0]).toHaveTextContent('6:00 AM');
    expect(
      within(groups[3] as HTMLElement)
        .getAllByRole('option')
        .at(-1),
    ).toHaveTextContent('5:45 AM');
    expect(within(time).getAllByRole('option')).toHaveLength(96);
  });

  it('reads the time on the scheduler’s own clock and shows it on both sides', async () => {
    const { dialog, events, scheduled } = await openDialog({ zone: 'America/New_York' });
    expect(within(dialog).getByText('In your time zone, America/New_York.')).toBeInTheDocument();
    await chooseApplicant(events, dialog, maria);
    expect(within(dialog).getByLabelText(/^Date:/)).toHaveAccessibleName('Date: Monday, January 11, 2027');
    await events.selectOptions(within(dialog).getByLabelText('Time'), '19:00');
    expect(within(dialog).getByLabelText('Time')).toHaveDisplayValue('7:00 PM');
    expect(timesShown(dialog)).toHaveTextContent(
      'Mon, Jan 11, 7:00 PM your time (America/New_York) · Tue, Jan 12, 8:00 AM for Maria Santos (Asia/Manila)',
    );
    // 8:00 AM in Manila is within her working day: no warning.
    expect(within(dialog).queryByText(/is outside 8:00 AM–8:00 PM/)).not.toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await screen.findByText(meetingTexts.scheduled)).toBeInTheDocument();
    // 7:00 PM in New York on the 11th is midnight UTC on the 12th.
    expect(scheduled).toEqual([
      expect.objectContaining({ application_id: maria.application_id, starts_at: '2027-01-12T00:00:00.000Z' }),
    ]);
  });

  it('shows when the invitee is in other meetings that day, and warns when the time overlaps one', async () => {
    const { dialog, events, server } = await openDialog({ zone: 'America/New_York' });
    // Monday Jan 11 in New York: 10:30–11:15 AM and 2:00–3:00 PM (UTC−5).
    server.on(meetingsContract.inviteeBusy, ({ query }) =>
      query.get('from') === '2027-01-11T05:00:00.000Z'
        ? {
            items: [
              { starts_at: '2027-01-11T15:30:00.000Z', ends_at: '2027-01-11T16:15:00.000Z' },
              { starts_at: '2027-01-11T19:00:00.000Z', ends_at: '2027-01-11T20:00:00.000Z' },
            ],
          }
        : { items: [] },
    );
    await chooseApplicant(events, dialog, maria);
    expect(
      await within(dialog).findByText(
        'Maria is in other meetings that day: 10:30 AM–11:15 AM, 2:00 PM–3:00 PM (your time).',
      ),
    ).toBeInTheDocument();
    // 10:00 for half an hour ends as the first begins: no clash.
    expect(within(dialog).queryByText('Maria has another meeting at that time.')).not.toBeInTheDocument();
    await events.selectOptions(within(dialog).getByLabelText('Time'), '14:30');
    expect(within(dialog).getByText('Maria has another meeting at that time.')).toBeInTheDocument();
    await events.selectOptions(within(dialog).getByLabelText('Time'), '15:00');
    expect(within(dialog).queryByText('Maria has another meeting at that time.')).not.toBeInTheDocument();
  });

  it('warns, without stopping the scheduler, when the time is outside 08:00–20:00 for the invitee', async () => {
    const { dialog, events, scheduled } = await openDialog({ zone: 'America/New_York' });
    await chooseApplicant(events, dialog, maria);
    await events.selectOptions(within(dialog).getByLabelText('Time'), '09:00');
    expect(timesShown(dialog)).toHaveTextContent(
      'Mon, Jan 11, 9:00 AM your time (America/New_York) · 10:00 PM for Maria Santos (Asia/Manila)',
    );
    const warning = within(dialog).getByText(/is outside 8:00 AM–8:00 PM/);
    expect(warning).toHaveTextContent(
      '10:00 PM–10:30 PM for Maria Santos is outside 8:00 AM–8:00 PM in their time zone (Asia/Manila). You can still schedule it.',
    );
    // 7:45 AM in Manila is before her day starts; 8:00 AM is not.
    await events.selectOptions(within(dialog).getByLabelText('Time'), '18:45');
    expect(within(dialog).getByText(/is outside 8:00 AM–8:00 PM/)).toHaveTextContent(/^7:45 AM–8:15 AM for Maria/);
    await events.selectOptions(within(dialog).getByLabelText('Time'), '19:00');
    expect(within(dialog).queryByText(/is outside 8:00 AM–8:00 PM/)).not.toBeInTheDocument();
    // A meeting may end at 8:00 PM sharp, but not run past it, even when it starts within her day.
    await events.selectOptions(within(dialog).getByLabelText('Time'), '06:00');
    await events.selectOptions(within(dialog).getByLabelText('Duration'), '60');
    expect(within(dialog).queryByText(/is outside 8:00 AM–8:00 PM/)).not.toBeInTheDocument();
    await events.selectOptions(within(dialog).getByLabelText('Duration'), '120');
    expect(within(dialog).getByText(/is outside 8:00 AM–8:00 PM/)).toHaveTextContent(
      '7:00 PM–9:00 PM for Maria Santos is outside 8:00 AM–8:00 PM in their time zone (Asia/Manila).',
    );

    await events.selectOptions(within(dialog).getByLabelText('Time'), '09:00');
    await events.selectOptions(within(dialog).getByLabelText('Duration'), '30');
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await screen.findByText(meetingTexts.scheduled)).toBeInTheDocument();
    expect(scheduled).toEqual([expect.objectContaining({ starts_at: '2027-01-11T14:00:00.000Z' })]);
  });

  it('says an invitee has not set a time zone instead of guessing one', async () => {
    const { dialog, events } = await openDialog({ zone: 'America/New_York' });
    await chooseApplicant(events, dialog, una);
    await events.selectOptions(within(dialog).getByLabelText('Time'), '23:00');
    expect(timesShown(dialog)).toHaveTextContent(
      'Mon, Jan 11, 11:00 PM your time (America/New_York) · Una Zone has not set a time zone',
    );
    expect(within(dialog).queryByText(/is outside 8:00 AM–8:00 PM/)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/UTC/)).not.toBeInTheDocument();
  });

  it('asks a scheduler without a time zone for theirs first, saves it, then reads the time in it', async () => {
    const { dialog, events, server } = await openDialog({ zone: null });
    expect(await within(dialog).findByText('Set your time zone first.')).toBeInTheDocument();
    // Nothing to schedule with until then: no date, time or applicant yet.
    expect(within(dialog).queryByLabelText('Time')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Applicant')).not.toBeInTheDocument();

    await events.click(within(dialog).getByRole('combobox', { name: 'Your time zone' }));
    await events.type(await screen.findByRole('combobox', { name: 'Search time zones' }), 'new york');
    await events.click(
      within(screen.getByRole('listbox', { name: 'Time zones' })).getByRole('option', { name: /^America\/New York/ }),
    );
    await events.click(within(dialog).getByRole('button', { name: 'Save and Continue' }));

    expect(await within(dialog).findByText('In your time zone, America/New_York.')).toBeInTheDocument();
    const saved = server.requests.filter(
      (request) => request.path === '/api/account/time-zone' && request.method === 'PUT',
    );
    expect(saved.map((request) => request.body)).toEqual([{ time_zone: 'America/New_York' }]);
    await chooseApplicant(events, dialog, maria);
    await events.selectOptions(within(dialog).getByLabelText('Time'), '09:00');
    expect(timesShown(dialog)).toHaveTextContent('9:00 AM your time (America/New_York) · 10:00 PM for Maria Santos');
    expect(scheduleRequests(server)).toHaveLength(0);
  });

  it('shows the server’s sentence when the zone is refused', async () => {
    const { dialog, events, server } = await openDialog({ zone: null });
    server.on(accountContract.updateTimeZone, () =>
      replyError(400, 'validation', `time_zone: ${meetingTexts.timeZone}`, { time_zone: meetingTexts.timeZone }),
    );
    await events.click(await within(dialog).findByRole('button', { name: 'Save and Continue' }));
    expect(await within(dialog).findByText(meetingTexts.timeZone)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Your time zone' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByLabelText('Time')).not.toBeInTheDocument();
  });
});

describe('Schedule Meeting with a call elsewhere', () => {
  const zoom = 'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123';

  it('says what is wrong with a call link before sending, and sends the right one', async () => {
    const { dialog, events, server, scheduled } = await openDialog({ zone: 'America/New_York' });
    await chooseApplicant(events, dialog, maria);
    const field = within(dialog).getByLabelText('Call link (optional)');
    expect(field).toHaveAccessibleDescription(
      'A Zoom, Google Meet or Teams link. Join Meeting and the calendar invitations open it.',
    );

    await events.type(field, 'zoom.us/j/81234567890');
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await within(dialog).findByText("Enter the call's https:// link.")).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Enter the call's https:\/\/ link\.$/);

    await events.clear(field);
    await events.type(field, 'http://zoom.us/j/81234567890');
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await within(dialog).findByText(meetingTexts.callLinkNotHttps)).toBeInTheDocument();
    expect(scheduleRequests(server)).toHaveLength(0);

    await events.clear(field);
    await events.type(field, ` ${zoom} `);
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await screen.findByText(meetingTexts.scheduled)).toBeInTheDocument();
    expect(scheduled).toEqual([expect.objectContaining({ application_id: maria.application_id, call_link: zoom })]);
  });

  it('sends no link when the field is left empty', async () => {
    const { dialog, events, server } = await openDialog({ zone: 'America/New_York' });
    await chooseApplicant(events, dialog, maria);
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await screen.findByText(meetingTexts.scheduled)).toBeInTheDocument();
    expect(scheduleRequests(server).map((request) => request.body)).toEqual([
      expect.not.objectContaining({ call_link: expect.anything() }),
    ]);
  });

  it('shows the server’s refusal of a link next to the field', async () => {
    const { dialog, events, server } = await openDialog({ zone: 'America/New_York' });
    server.on(meetingsContract.schedule, () =>
      replyError(400, 'validation', `call_link: ${meetingTexts.callLink}`, { call_link: meetingTexts.callLink }),
    );
    await chooseApplicant(events, dialog, maria);
    const field = within(dialog).getByLabelText('Call link (optional)');
    await events.type(field, zoom);
    await events.click(within(dialog).getByRole('button', { name: 'Schedule Meeting' }));
    expect(await within(dialog).findByText(meetingTexts.callLink)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('The meeting was not scheduled. Please try again.')).not.toBeInTheDocument();
  });
});
