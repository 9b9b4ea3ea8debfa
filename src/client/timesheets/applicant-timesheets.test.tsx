import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, replyError } from '~/client/testing/fake-server';
import { fakeWorkApi, workAssignment, workTimesheet } from '~/client/testing/fake-work-api';
import { renderRoute } from '~/client/testing/render-route';
import type { CurrentUser } from '~/shared/auth';
import { type Assignment, type ClockState, type Timesheet, workTexts } from '~/shared/billing';
import { reviewsContract } from '~/shared/contracts/reviews';
import { workContract } from '~/shared/contracts/work';
import { paths } from '~/shared/routes';
import { applicantTimesheetTexts } from './applicant-timesheets';
import { hoursTexts } from './hours';

// /applicant/timesheets: the weekly grid (hours typed as 7.5 or 7:30, sent as minutes), Save and
// Submit, the week's status (returned with the company's words, approved and locked), the clock, the
// weeks saved so far, and the page's loading, empty and error states. Today is Tuesday, Nov 24, 2026: the
// week runs from Sunday Nov 22, and Wednesday to Saturday are still to come.

const THIS_WEEK = '2026-11-22';

function talent(): CurrentUser {
  return {
    id: fakeId(),
    email: 'ada@talent.test',
    name: 'Ada Talent',
    role: 'applicant',
    email_verified: true,
    has_password: true,
    company: null,
  };
}

async function openTimesheets(
  {
    assignments = [workAssignment()],
    timesheets = [],
    clock = [],
  }: { assignments?: Assignment[]; timesheets?: Timesheet[]; clock?: ClockState[] } = {},
  path = paths.applicantTimesheets.getHref(),
  answer?: (server: FakeServer) => void,
) {
  const server = createFakeServer();
  const store = fakeWorkApi(server, { assignments, timesheets, clock });
  answer?.(server);
  const view = await renderRoute(path, { user: talent(), server });
  await screen.findByRole('heading', { level: 1, name: 'Timesheets' });
  return { ...view, store };
}

const hoursBox = (day: string) => screen.getByRole('textbox', { name: `Hours on ${day}` });
const noteBox = (day: string) => screen.getByRole('textbox', { name: `What you did on ${day}` });
const button = (name: string) => screen.getByRole('button', { name });
const requestsTo = (server: FakeServer, method: string, path: string) =>
  server.requests.filter((request) => request.method === method && request.path === path);
// What the page asked the work API to change, in order.
const changes = (server: FakeServer) =>
  server.requests
    .filter((request) => request.method !== 'GET' && request.path.startsWith('/api/applicant/'))
    .map((request) => `${request.method} ${request.path}`);
const weekPath = (assignment: Assignment, week = THIS_WEEK) => `/api/applicant/timesheets/${assignment.id}/${week}`;

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the talent’s weekly timesheet', () => {
  it('sends the hours typed as 7.5 or 7:30 as whole minutes, for the days up to today', async () => {
    const assignment = workAssignment();
    const { events, server, store } = await openTimesheets({ assignments: [assignment] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Nov 22 – 28, 2026' })).toBeInTheDocument();

    await events.type(await screen.findByRole('textbox', { name: 'Hours on Sun, Nov 22' }), '7.5');
    await events.type(hoursBox('Mon, Nov 23'), '7:30');
    await events.type(hoursBox('Tue, Nov 24'), '8');
    for (const future of ['Wed, Nov 25', 'Thu, Nov 26', 'Fri, Nov 27', 'Sat, Nov 28'])
      expect(hoursBox(future)).toBeDisabled();
    expect(screen.getByText('23 / 40 h')).toBeInTheDocument();
    // A note for the day, for the company: what was done.
    await events.type(noteBox('Mon, Nov 23'), '  Answered the weekend backlog.  ');
    expect(screen.queryByRole('textbox', { name: 'What you did on Wed, Nov 25' })).not.toBeInTheDocument();

    await events.click(button('Save'));
    expect(await findNotification('Timesheet saved')).toBeInTheDocument();
    const [put] = requestsTo(server, 'PUT', weekPath(assignment));
    expect(put?.body).toEqual({
      entries: [
        { work_date: '2026-11-22', minutes: 450, note: '' },
        { work_date: '2026-11-23', minutes: 450, note: 'Answered the weekend backlog.' },
        { work_date: '2026-11-24', minutes: 480, note: '' },
      ],
    });
    expect(store.timesheets[0]?.total_minutes).toBe(1380);
    // The saved week reads back as typed.
    await waitFor(() => expect(hoursBox('Mon, Nov 23')).toHaveValue('7.5'));
    expect(noteBox('Mon, Nov 23')).toHaveValue('Answered the weekend backlog.');
  });

  it('asks for hours on a day before keeping its note, and sends nothing', async () => {
    const { events, server } = await openTimesheets();
    await events.type(await screen.findByRole('textbox', { name: 'What you did on Sun, Nov 22' }), 'Reading the docs');
    await events.click(button('Save'));
    expect(await screen.findByText('Log hours on Sun Nov 22 to keep a note for it.')).toBeInTheDocument();
    expect(noteBox('Sun, Nov 22')).toHaveFocus();
    expect(requestsTo(server, 'PUT', weekPath(workAssignment()))).toHaveLength(0);
    expect(changes(server)).toEqual([]);
  });

  it('shows the notes of a submitted week as text', async () => {
    const assignment = workAssignment();
    const submitted = workTimesheet(assignment, THIS_WEEK, [0, 480], { status: 'submitted' });
    submitted.entries[1] = { work_date: '2026-11-23', minutes: 480, note: 'Migrated the help center.' };
    await openTimesheets({ assignments: [assignment], timesheets: [submitted] });
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(notes).toHaveTextContent('Mon Nov 23Migrated the help center.');
    expect(screen.queryByRole('textbox', { name: /^What you did/ })).not.toBeInTheDocument();
  });

  it('says under the day what to type when the hours cannot be read, and saves nothing', async () => {
    const { events, server } = await openTimesheets();
    await events.type(await screen.findByRole('textbox', { name: 'Hours on Mon, Nov 23' }), 'seven');
    await events.click(button('Save'));
    expect(await screen.findByText(hoursTexts.invalid)).toBeInTheDocument();
    expect(hoursBox('Mon, Nov 23')).toHaveAttribute('aria-invalid', 'true');
    expect(hoursBox('Mon, Nov 23')).toHaveFocus();
    expect(changes(server)).toHaveLength(0);

    await events.clear(hoursBox('Mon, Nov 23'));
    await events.type(hoursBox('Mon, Nov 23'), '25');
    await events.tab();
    expect(await screen.findByText(hoursTexts.tooMany)).toBeInTheDocument();
  });

  it('tells each day what is wrong with "abc", "25:00" and "-1", and neither saves nor submits the week', async () => {
    const { events, server } = await openTimesheets();
    await events.type(await screen.findByRole('textbox', { name: 'Hours on Sun, Nov 22' }), 'abc');
    await events.type(hoursBox('Mon, Nov 23'), '25:00');
    await events.type(hoursBox('Tue, Nov 24'), '-1');
    await events.click(button('Save'));
    // Each sentence is the description of its own day's box.
    await waitFor(() => expect(hoursBox('Sun, Nov 22')).toHaveAccessibleDescription(hoursTexts.invalid));
    expect(hoursBox('Mon, Nov 23')).toHaveAccessibleDescription(hoursTexts.tooMany);
    expect(hoursBox('Tue, Nov 24')).toHaveAccessibleDescription(hoursTexts.invalid);
    for (const day of ['Sun, Nov 22', 'Mon, Nov 23', 'Tue, Nov 24'])
      expect(hoursBox(day)).toHaveAttribute('aria-invalid', 'true');
    expect(hoursBox('Sun, Nov 22')).toHaveFocus();

    // A good day beside them does not get the week through either.
    await events.clear(hoursBox('Sun, Nov 22'));
    await events.type(hoursBox('Sun, Nov 22'), '2');
    await events.click(button('Submit'));
    expect(hoursBox('Mon, Nov 23')).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(changes(server)).toHaveLength(0);
  });

  it('submits only with hours logged, after the confirm dialog, and then the week cannot change', async () => {
    const assignment = workAssignment();
    const { events, server } = await openTimesheets({ assignments: [assignment] });
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    await events.type(hoursBox('Mon, Nov 23'), '6');
    expect(submit).toBeEnabled();
    await events.click(submit);
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit this week?' });
    expect(dialog).toHaveTextContent('6 hours for Nov 22 – 28, 2026 go to Acme for approval.');
    await events.click(within(dialog).getByRole('button', { name: 'Submit Week' }));

    expect(await findNotification('Timesheet submitted')).toBeInTheDocument();
    // The unsaved hours were saved first, then the week submitted.
    expect(changes(server)).toEqual([`PUT ${weekPath(assignment)}`, `POST ${weekPath(assignment)}/submit`]);
    const week = screen.getByRole('region', { name: 'Week of Nov 22 – 28, 2026' });
    expect(await within(week).findByText('Submitted')).toBeInTheDocument();
    expect(hoursBox('Mon, Nov 23')).toBeDisabled();
    expect(button('Save')).toBeDisabled();
    expect(button('Submit')).toBeDisabled();
  });

  it('says the server’s reason when it refuses the week', async () => {
    const assignment = workAssignment();
    const { events, server } = await openTimesheets({ assignments: [assignment] }, undefined, (fake) =>
      fake.on(workContract.submitWeek, () => replyError(409, 'conflict', workTexts.submitWhileClockedIn)),
    );
    await events.type(await screen.findByRole('textbox', { name: 'Hours on Mon, Nov 23' }), '6');
    await events.click(button('Submit'));
    await events.click(await screen.findByRole('button', { name: 'Submit Week' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(workTexts.submitWhileClockedIn);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The hours were saved before the refusal: the saved week, reloaded, keeps the sentence on screen.
    await waitFor(() => expect(requestsTo(server, 'GET', weekPath(assignment))).toHaveLength(2));
    expect(screen.getByRole('alert')).toHaveTextContent(workTexts.submitWhileClockedIn);
    expect(hoursBox('Mon, Nov 23')).toHaveValue('6');
  });

  it('shows an approved week locked', async () => {
    const assignment = workAssignment();
    const approved = workTimesheet(assignment, THIS_WEEK, [0, 480, 480], {
      status: 'approved',
      submitted_at: '2026-11-24T08:00:00.000Z',
      approved_at: '2026-11-24T09:00:00.000Z',
    });
    await openTimesheets({ assignments: [assignment], timesheets: [approved] });
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
    expect(hoursBox('Mon, Nov 23')).toHaveValue('8');
    expect(hoursBox('Mon, Nov 23')).toBeDisabled();
    expect(button('Save')).toBeDisabled();
    expect(button('Submit')).toBeDisabled();
  });

  it('shows the company’s comment on a returned week, which can be corrected and submitted again', async () => {
    const assignment = workAssignment();
    const returned = workTimesheet(assignment, THIS_WEEK, [0, 600], {
      status: 'returned',
      submitted_at: '2026-11-24T08:00:00.000Z',
      return_comment: 'Monday was a holiday: please move the hours to Tuesday.',
    });
    await openTimesheets({ assignments: [assignment], timesheets: [returned] });
    const alert = await screen.findByText('Returned by Acme');
    expect(alert.parentElement).toHaveTextContent('Monday was a holiday: please move the hours to Tuesday.');
    expect(hoursBox('Mon, Nov 23')).toBeEnabled();
    expect(button('Submit')).toBeEnabled();
  });

  it('moves between weeks through the URL and opens a past week from the list', async () => {
    const assignment = workAssignment();
    const earlier = workTimesheet(assignment, '2026-11-08', [0, 480, 480, 480, 480, 480], {
      status: 'approved',
      submitted_at: '2026-11-14T08:00:00.000Z',
    });
    const { events, router } = await openTimesheets({ assignments: [assignment], timesheets: [earlier] });
    await screen.findByRole('heading', { level: 2, name: 'Week of Nov 22 – 28, 2026' });
    expect(button('Next week')).toBeDisabled();
    expect(button('This week')).toBeDisabled();

    await events.click(button('Previous week'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Nov 15 – 21, 2026' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('week=2026-11-15');

    const pastWeeks = await screen.findByRole('table', { name: 'Past weeks' });
    const row = within(pastWeeks).getByRole('row', { name: /Nov 8 – 14, 2026/ });
    expect(row).toHaveTextContent('40 / 40 h');
    await events.click(within(row).getByRole('link', { name: 'Nov 8 – 14, 2026' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Nov 8 – 14, 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Locked')).toBeInTheDocument();
    // The assignment started on Monday, Nov 2: there is no week before it.
    await events.click(button('Previous week'));
    await screen.findByRole('heading', { level: 2, name: 'Week of Nov 1 – 7, 2026' });
    expect(button('Previous week')).toBeDisabled();
    expect(hoursBox('Sun, Nov 1')).toBeDisabled();

    await events.click(button('This week'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Nov 22 – 28, 2026' })).toBeInTheDocument();
  });

  it('picks the assignment from several, and says when a pending one starts', async () => {
    const active = workAssignment({ role: 'Support Engineer', company_name: 'Acme' });
    const pending = workAssignment({
      role: 'Bookkeeper',
      company_name: 'Globex',
      status: 'pending',
      start_date: '2026-12-01',
    });
    const { events, router } = await openTimesheets({ assignments: [pending, active] });
    const picker = await screen.findByRole('combobox', { name: 'Assignment' });
    expect(picker).toHaveDisplayValue('Support Engineer at Acme');
    await events.selectOptions(picker, 'Bookkeeper at Globex (Starts on Dec 1, 2026)');
    expect(await screen.findByText('Starts on Dec 1, 2026')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?assignment=${pending.id}`);
    expect(screen.queryByRole('button', { name: 'Clock In' })).not.toBeInTheDocument();
  });

  it('lets the talent end their own assignment with their last day and a reason', async () => {
    const assignment = workAssignment({ role: 'Support Engineer', company_name: 'Acme' });
    const { events, server } = await openTimesheets({ assignments: [assignment] }, undefined, (fake) =>
      // Ended, the page asks for a review of the company.
      fake.on(reviewsContract.applicantAssignmentReviews, ({ params }) => ({
        assignment_id: params.id,
        counterpart_name: 'Acme',
        role: 'Support Engineer',
        window_closes_at: '2026-12-07T10:00:00.000Z',
        can_write: true,
        mine: null,
        theirs: null,
        has_their_review: false,
      })),
    );
    await events.click(await screen.findByRole('button', { name: 'End Assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this assignment?' });
    expect(dialog).toHaveTextContent('You stop working as Support Engineer for Acme after your last day.');
    const endDate = within(dialog).getByLabelText('End date');
    expect(endDate).toHaveValue('2026-11-24');
    await events.click(within(dialog).getByRole('button', { name: 'End Assignment' }));
    expect(await within(dialog).findByText('Please give a reason for ending the assignment.')).toBeInTheDocument();
    expect(requestsTo(server, 'POST', `/api/applicant/assignments/${assignment.id}/end`)).toHaveLength(0);

    await events.clear(endDate);
    await events.type(endDate, '2026-11-23');
    await events.type(within(dialog).getByLabelText('Reason'), 'I am moving to another role.');
    await events.click(within(dialog).getByRole('button', { name: 'End Assignment' }));
    expect(
      await findNotification('Your assignment as Support Engineer at Acme ended on Nov 23, 2026. Acme has been told.'),
    ).toBeInTheDocument();
    expect(requestsTo(server, 'POST', `/api/applicant/assignments/${assignment.id}/end`)[0]?.body).toEqual({
      end_date: '2026-11-23',
      reason: 'I am moving to another role.',
    });
    expect(await screen.findByText(/This assignment ended on Nov 23, 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End Assignment' })).not.toBeInTheDocument();
  });

  // docs/decisions/035: a fixed price has no timesheet and no clock; its milestones are on its contract.
  it('lists a fixed-price assignment with its contract, and offers it no week or clock', async () => {
    const hourly = workAssignment({ role: 'Support Engineer', company_name: 'Acme' });
    const fixed = workAssignment({ engagement_type: 'fixed', role: 'Logo Designer', company_name: 'Globex' });
    const { server } = await openTimesheets({ assignments: [fixed, hourly] });
    const contracts = await screen.findByRole('region', { name: 'Fixed-price contracts' });
    expect(within(contracts).getByText('Logo Designer at Globex')).toBeInTheDocument();
    expect(within(contracts).getByRole('link', { name: 'View contract' })).toHaveAttribute(
      'href',
      paths.applicantContract.getHref({ id: fixed.id }),
    );
    // The week and the clock are the hourly assignment's, the only one to pick.
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Nov 22 – 28, 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Assignment' })).not.toBeInTheDocument();
    expect(screen.getByText('Support Engineer at Acme')).toBeInTheDocument();
    expect(server.requests.some((request) => request.path.includes(fixed.id))).toBe(false);
  });

  it('offers only the contract when every assignment is a fixed price', async () => {
    const fixed = workAssignment({ engagement_type: 'fixed', role: 'Logo Designer', company_name: 'Globex' });
    await openTimesheets({ assignments: [fixed] });
    const contracts = await screen.findByRole('region', { name: 'Fixed-price contracts' });
    expect(within(contracts).getByRole('link', { name: 'View contract' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: /^Week of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Clock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clock In' })).not.toBeInTheDocument();
  });

  it('says so when there is no assignment yet', async () => {
    await openTimesheets({ assignments: [] });
    expect(await screen.findByText(applicantTimesheetTexts.noAssignments)).toBeInTheDocument();
  });

  it('shows why the assignments did not load, and loads them on Try Again', async () => {
    let isFailing = true;
    const assignment = workAssignment();
    const { events } = await openTimesheets({ assignments: [assignment] }, undefined, (server) =>
      server.on(workContract.applicantAssignments, () =>
        isFailing
          ? replyError(403, 'forbidden', 'You cannot see these assignments.')
          : { items: [assignment], total: 1, page: 1, page_size: 100 },
      ),
    );
    expect(await screen.findByText('You cannot see these assignments.')).toBeInTheDocument();
    isFailing = false;
    await events.click(button('Try Again'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Week of Nov 22 – 28, 2026' })).toBeInTheDocument();
  });
});

describe('the clock', () => {
  it('offers the moves of each state and says since when and how long', async () => {
    const assignment = workAssignment();
    const onShift: ClockState = {
      assignment_id: assignment.id,
      shift_status: 'on_shift',
      clocked_in_at: new Date(2026, 10, 24, 9, 2).toISOString(),
      break_started_at: null,
      worked_minutes: 135,
    };
    const { events, server } = await openTimesheets({ assignments: [assignment], clock: [onShift] });
    const clock = await screen.findByRole('region', { name: 'Clock' });
    expect(await within(clock).findByText(/since 09:02/)).toBeInTheDocument();
    expect(clock).toHaveTextContent('On shift since 09:02 · 2 h 15 min worked');
    expect(
      within(clock)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Start Break', 'Clock Out']);

    await events.click(within(clock).getByRole('button', { name: 'Start Break' }));
    expect(await within(clock).findByRole('button', { name: 'End Break' })).toBeInTheDocument();
    expect(clock).toHaveTextContent('On break since 10:00');
    expect(
      within(clock)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['End Break', 'Clock Out']);

    await events.click(within(clock).getByRole('button', { name: 'End Break' }));
    await events.click(await within(clock).findByRole('button', { name: 'Clock Out' }));
    expect(await within(clock).findByRole('button', { name: 'Clock In' })).toBeInTheDocument();
    expect(clock).toHaveTextContent('Offline');
    expect(within(clock).getAllByRole('button')).toHaveLength(1);
    // The finished shift is on the week: the grid asks for it again.
    await waitFor(() => expect(requestsTo(server, 'GET', weekPath(assignment))).toHaveLength(2));
    expect(await findNotification('Clocked out')).toBeInTheDocument();

    await events.click(within(clock).getByRole('button', { name: 'Clock In' }));
    expect(await within(clock).findByText(/since 10:00/)).toBeInTheDocument();
    expect(requestsTo(server, 'POST', `/api/applicant/assignments/${assignment.id}/clock/in`)).toHaveLength(1);
  });
});
