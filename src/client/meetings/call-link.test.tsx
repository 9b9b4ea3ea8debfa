import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicantUser, companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import type { CurrentUser } from '~/shared/auth';
import { accountContract } from '~/shared/contracts/account';
import { meetingsContract } from '~/shared/contracts/meetings';
import { type Meeting, meetingTexts } from '~/shared/meetings';
import { paths } from '~/shared/routes';

// A meeting held on someone else's call: Join Meeting and the room page lead to the organizer's link,
// and the organizer alone gives, changes or removes it when rescheduling.

const ZOOM = 'https://us02web.zoom.us/j/81234567890?pwd=AbCdEf123';
const ROOM = '/meet/abcdefghijklmnopqrstuvwx';

function meetingFor(viewer: 'organizer' | 'invitee', callLink: string | null): Meeting {
  return {
    id: fakeId(),
    type: 'interview',
    title: 'Interview: Night Support',
    notes: null,
    starts_at: '2027-01-11T14:00:00.000Z',
    ends_at: '2027-01-11T14:30:00.000Z',
    duration_minutes: 30,
    status: 'scheduled',
    cancel_reason: null,
    sequence: 0,
    company: { id: fakeId(), name: 'Acme' },
    application_id: fakeId(),
    join_url: ROOM,
    call_link: callLink,
    participants: [
      {
        user_id: fakeId(),
        name: 'Rita Recruiter',
        role: 'company',
        response: 'accepted',
        responded_at: null,
        time_zone: 'America/New_York',
        is_organizer: true,
        is_you: viewer === 'organizer',
      },
      {
        user_id: fakeId(),
        name: 'Maria Santos',
        role: 'applicant',
        response: 'accepted',
        responded_at: null,
        time_zone: 'Asia/Manila',
        is_organizer: false,
        is_you: viewer === 'invitee',
      },
    ],
    my_response: 'accepted',
    created_at: '2027-01-10T17:00:00.000Z',
    updated_at: '2027-01-10T17:00:00.000Z',
  };
}

async function openMeetingsPage(meeting: Meeting, user: CurrentUser, zone: string) {
  const server = createFakeServer();
  server.on(accountContract.timeZone, () => ({ time_zone: zone }));
  server.on(meetingsContract.list, ({ query }) => ({
    items: [meeting],
    total: 1,
    page: 1,
    page_size: Number(query.get('page_size') ?? 50),
  }));
  const rescheduled: Array<Record<string, unknown>> = [];
  server.on(meetingsContract.reschedule, ({ body }) => {
    rescheduled.push(body);
    return { ...meeting, call_link: body.call_link ?? meeting.call_link, sequence: meeting.sequence + 1 };
  });
  const page = user.role === 'applicant' ? paths.applicantMeetings : paths.companyMeetings;
  const view = await renderRoute(page.getHref(), { user, server });
  // The first item is the meeting's; the ones inside it list its people.
  const [item] = within(await screen.findByRole('list', { name: 'Upcoming meetings' })).getAllByRole('listitem');
  if (!item) throw new Error('The upcoming list shows no meeting.');
  return { ...view, item, rescheduled };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-10T17:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a meeting on someone else’s call', () => {
  it('opens the organizer’s link from Join Meeting, in a new tab that cannot reach back', async () => {
    const { item } = await openMeetingsPage(meetingFor('invitee', ZOOM), applicantUser(), 'Asia/Manila');
    const join = within(item).getByRole('link', { name: 'Join Meeting' });
    expect(join).toHaveAttribute('href', ZOOM);
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('opens Tandem’s room when there is no link', async () => {
    const { item } = await openMeetingsPage(meetingFor('invitee', null), applicantUser(), 'Asia/Manila');
    expect(within(item).getByRole('link', { name: 'Join Meeting' })).toHaveAttribute('href', ROOM);
  });

  it('lets the organizer change the link when rescheduling, and says what is wrong with one', async () => {
    const meeting = meetingFor('organizer', ZOOM);
    const { item, events, rescheduled } = await openMeetingsPage(meeting, companyUser(), 'America/New_York');
    await events.click(within(item).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: `Reschedule ${meeting.title}` });
    const field = await within(dialog).findByLabelText('Call link (optional)');
    expect(field).toHaveValue(ZOOM);

    await events.clear(field);
    await events.type(field, 'meet.google.com/abc-defg-hij');
    await events.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await within(dialog).findByText(meetingTexts.callLink)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(rescheduled).toEqual([]);

    // A new link at the same time: the toast says so, not that anyone is asked again.
    await events.clear(field);
    await events.type(field, 'https://meet.google.com/abc-defg-hij');
    await events.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(meetingTexts.callLinkChanged)).toBeInTheDocument();
    expect(rescheduled).toEqual([
      expect.objectContaining({ starts_at: meeting.starts_at, call_link: 'https://meet.google.com/abc-defg-hij' }),
    ]);
  });

  it('removes the link when the organizer empties the field', async () => {
    const meeting = meetingFor('organizer', ZOOM);
    const { item, events, rescheduled } = await openMeetingsPage(meeting, companyUser(), 'America/New_York');
    await events.click(within(item).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: `Reschedule ${meeting.title}` });
    await events.clear(await within(dialog).findByLabelText('Call link (optional)'));
    await events.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(meetingTexts.callLinkChanged)).toBeInTheDocument();
    expect(rescheduled).toEqual([expect.objectContaining({ call_link: null })]);
  });

  it('gives an invitee who reschedules no call link field, and sends none', async () => {
    const meeting = meetingFor('invitee', ZOOM);
    const { item, events, rescheduled } = await openMeetingsPage(meeting, applicantUser(), 'Asia/Manila');
    await events.click(within(item).getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: `Reschedule ${meeting.title}` });
    await events.selectOptions(await within(dialog).findByLabelText('Time'), '23:00');
    expect(within(dialog).queryByLabelText('Call link (optional)')).not.toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByText(meetingTexts.rescheduled)).toBeInTheDocument();
    expect(rescheduled).toEqual([expect.not.objectContaining({ call_link: expect.anything() })]);
  });

  it('shows the link as the way in on the room page', async () => {
    const server = createFakeServer();
    server.on(accountContract.timeZone, () => ({ time_zone: 'Asia/Manila' }));
    server.on(meetingsContract.room, () => meetingFor('invitee', ZOOM));
    await renderRoute(paths.meetingRoom.getHref({ token: ROOM.slice('/meet/'.length) }), {
      user: applicantUser(),
      server,
    });
    const call = await screen.findByRole('region', { name: 'This meeting is held on Zoom' });
    const join = within(call).getByRole('link', { name: 'Join the Call' });
    expect(join).toHaveAttribute('href', ZOOM);
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(call).getByText(ZOOM)).toBeInTheDocument();
    expect(screen.queryByText(/does not host the video call/)).not.toBeInTheDocument();
  });

  it('opens Tandem’s own video room for a meeting without a link, saying when it opens', async () => {
    const server = createFakeServer();
    server.on(accountContract.timeZone, () => ({ time_zone: 'America/New_York' }));
    server.on(meetingsContract.room, () => meetingFor('organizer', null));
    await renderRoute(paths.meetingRoom.getHref({ token: ROOM.slice('/meet/'.length) }), {
      user: companyUser(),
      server,
    });
    const preview = await screen.findByRole('region', { name: 'Ready to join?' });
    expect(
      within(preview).getByText(/^The room opens at .*, 15 minutes before the meeting starts\.$/),
    ).toBeInTheDocument();
    expect(within(preview).getByRole('button', { name: 'Join the Call' })).toBeDisabled();
    expect(screen.queryByText(/does not host the video call/)).not.toBeInTheDocument();
  });
});
