import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '~/client/components/ui/toaster';
import { queryClient } from '~/client/lib/query-client';
import { createFakeServer, type FakeServer } from '~/client/testing/fake-server';
import { fakeWorkApi, workAssignment, workTimesheet } from '~/client/testing/fake-work-api';
import type { Assignment, Timesheet } from '~/shared/billing';
import { endAssignmentSchema, returnTimesheetSchema, workTexts } from '~/shared/billing';
import { paths } from '~/shared/routes';
import { CompanyAssignmentsPanel } from './company-assignments-panel';
import { CompanyTimesheetsPanel } from './company-timesheets-panel';
import { reviewTexts } from './timesheet-review-dialog';

// The company's panels on Billing: the weeks to approve — Approve needs the explicit tick for
// hours over the weekly ones, Return needs a comment — and the assignments — Start on the start date,
// Change terms from a date, End with a date and a reason, the terms history. Today is Nov 24, 2026.

const messageOf = (schema: typeof returnTimesheetSchema | typeof endAssignmentSchema, input: object) =>
  schema.safeParse(input).error?.issues[0]?.message ?? '';

async function renderPanel(panel: ReactNode, server: FakeServer, path = '/company/billing') {
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter([{ path: '/company/billing', element: panel }], { initialEntries: [path] });
  const events = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { events, router };
}

async function findNotification(text: string) {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return within(region).findByText(text);
}

const posts = (server: FakeServer) => server.requests.filter((request) => request.method === 'POST');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the company’s timesheets', () => {
  const assignment = workAssignment({ applicant_name: 'Grace Hopper', role: 'Data Analyst', weekly_hours: 40 });
  const submitted = (minutes: number[], overrides: Partial<Timesheet> = {}) =>
    workTimesheet(assignment, '2026-11-15', minutes, {
      status: 'submitted',
      submitted_at: '2026-11-21T17:00:00.000Z',
      ...overrides,
    });

  async function openTimesheets(timesheets: Timesheet[]) {
    const server = createFakeServer();
    const store = fakeWorkApi(server, { assignments: [assignment], timesheets });
    const view = await renderPanel(<CompanyTimesheetsPanel />, server);
    return { ...view, server, store };
  }

  it('lists the weeks awaiting approval, with the hours against the weekly ones', async () => {
    const { events, server } = await openTimesheets([
      submitted([0, 540, 540, 540, 540, 360]),
      workTimesheet(assignment, '2026-11-08', [0, 480], { status: 'approved' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Timesheets' });
    const row = await within(table).findByRole('row', { name: /Grace Hopper/ });
    // The header and the one submitted week.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(row).toHaveTextContent('Data Analyst');
    expect(row).toHaveTextContent('Nov 15 – 21, 2026');
    expect(row).toHaveTextContent('42 / 40 h');
    expect(row).toHaveTextContent('Over by 2 h');
    expect(server.requests.find((request) => request.path === '/api/company/timesheets')?.query.get('status')).toBe(
      'submitted',
    );

    await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    await waitFor(() => expect(within(table).getByRole('row', { name: /Nov 8 – 14, 2026/ })).toBeInTheDocument());
    expect(server.requests.at(-1)?.query.get('status')).toBe('approved');
  });

  it('approves hours over the weekly ones only with the tick', async () => {
    const { events, server, store } = await openTimesheets([submitted([0, 540, 540, 540, 540, 360])]);
    await events.click(await screen.findByRole('button', { name: 'Review Grace Hopper, Nov 15 – 21, 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper · Nov 15 – 21, 2026' });
    expect(dialog).toHaveTextContent('Monday, Nov 169 h');
    expect(dialog).toHaveTextContent('42 / 40 h');

    await events.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText(reviewTexts.overHoursRequired)).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.click(within(dialog).getByRole('checkbox', { name: 'Approve 2 hours over the agreed 40' }));
    await events.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await findNotification('Timesheet approved')).toBeInTheDocument();
    expect(posts(server).map((request) => [request.path, request.body])).toEqual([
      [`/api/company/timesheets/${store.timesheets[0]?.id}/approve`, { approve_over_weekly_hours: true }],
    ]);
    expect(store.timesheets[0]?.status).toBe('approved');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No timesheets awaiting approval')).toBeInTheDocument();
  });

  it('approves a week within the weekly hours without asking about extra hours', async () => {
    const { events, server } = await openTimesheets([submitted([0, 480, 480])]);
    await events.click(await screen.findByRole('button', { name: 'Review Grace Hopper, Nov 15 – 21, 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await events.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await findNotification('Timesheet approved')).toBeInTheDocument();
    expect(posts(server)[0]?.body).toEqual({ approve_over_weekly_hours: false });
  });

  it('shows the talent’s note for each day they wrote one', async () => {
    const week = submitted([0, 480, 480]);
    week.entries[1] = { ...week.entries[1], work_date: '2026-11-16', minutes: 480, note: 'Cleaned the CRM import.' };
    const { events } = await openTimesheets([week]);
    await events.click(await screen.findByRole('button', { name: 'Review Grace Hopper, Nov 15 – 21, 2026' }));
    const notes = within(await screen.findByRole('dialog')).getByRole('region', { name: 'The talent’s notes' });
    expect(notes).toHaveTextContent('What Grace Hopper did');
    expect(
      within(notes)
        .getAllByRole('definition')
        .map((note) => note.textContent),
    ).toEqual(['Cleaned the CRM import.']);
  });

  // docs/decisions/024: $45.50 an hour, the 10% platform fee, no tax (the fake drafts as the server does).
  it('shows what a week costs before approving it, and keeps it on the week once approved', async () => {
    const { events } = await openTimesheets([submitted([0, 480, 480])]);
    const table = await screen.findByRole('table', { name: 'Timesheets' });
    expect(await within(table).findByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('$800.80');
    await events.click(screen.getByRole('button', { name: 'Review Grace Hopper, Nov 15 – 21, 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Cost if approved' })).toBeInTheDocument();
    const cost = within(dialog).getByLabelText('Cost of this week');
    expect(cost).toHaveTextContent('16 h × $45.50/h$728.00');
    expect(cost).toHaveTextContent('Platform fee (10%)$72.80');
    expect(cost).toHaveTextContent('Total$800.80');
    expect(cost).not.toHaveTextContent('Tax');

    await events.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await findNotification('16 hours of Grace Hopper for Nov 15 – 21, 2026: $800.80 on your next invoice.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await events.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
    // The approved list is a new table: the empty list of submitted weeks replaced the first.
    const viewButton = await screen.findByRole('button', { name: 'View Grace Hopper, Nov 15 – 21, 2026' });
    const approved = within(screen.getByRole('table', { name: 'Timesheets' })).getByRole('row', {
      name: /Grace Hopper/,
    });
    expect(approved).toHaveTextContent('Approved');
    expect(approved).toHaveTextContent('$800.80');
    await events.click(viewButton);
    const view = await screen.findByRole('dialog');
    expect(within(view).getByRole('heading', { name: 'Cost' })).toBeInTheDocument();
    expect(within(view).getByLabelText('Cost of this week')).toHaveTextContent('Total$800.80');
    expect(view).toHaveTextContent('Billed on your next weekly invoice.');
  });

  it('approves the selected weeks together after a confirm, and says which were left for review', async () => {
    const within40 = submitted([0, 480, 480], { id: 'week-1' });
    const earlier = workTimesheet(assignment, '2026-11-08', [0, 480], {
      id: 'week-2',
      status: 'submitted',
      submitted_at: '2026-11-14T17:00:00.000Z',
    });
    const over = workTimesheet(assignment, '2026-11-01', [0, 600, 600, 600, 600, 600], {
      id: 'week-3',
      status: 'submitted',
      submitted_at: '2026-11-07T17:00:00.000Z',
    });
    const { events, server, store } = await openTimesheets([within40, earlier, over]);
    const table = await screen.findByRole('table', { name: 'Timesheets' });
    await within(table).findByRole('row', { name: /Nov 15 – 21, 2026/ });
    await events.click(within(table).getByRole('checkbox', { name: 'Select all timesheets on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('3 selected');
    await events.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Approve 3 weeks?' });
    expect(posts(server)).toHaveLength(0);
    await events.click(within(confirm).getByRole('button', { name: 'Approve' }));

    expect(await findNotification('Timesheets approved')).toBeInTheDocument();
    expect(
      await findNotification(`2 weeks approved; 1 week left for review: ${workTexts.overWeeklyHours(3_000, 40)}`),
    ).toBeInTheDocument();
    expect(posts(server).map((request) => request.body)).toEqual([{ ids: ['week-1', 'week-2', 'week-3'] }]);
    expect(store.timesheets.map((week) => week.status)).toEqual(['approved', 'approved', 'submitted']);
    // The approved weeks leave the list of those awaiting approval; the one over its hours stays.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /Nov 1 – 7, 2026/ })).toBeInTheDocument();
  });

  it('returns a week only with a comment', async () => {
    const { events, server, store } = await openTimesheets([submitted([0, 480, 480])]);
    await events.click(await screen.findByRole('button', { name: 'Review Grace Hopper, Nov 15 – 21, 2026' }));
    const dialog = await screen.findByRole('dialog');
    await events.click(within(dialog).getByRole('button', { name: 'Return' }));
    await events.click(within(dialog).getByRole('button', { name: 'Return Timesheet' }));
    expect(await within(dialog).findByText(messageOf(returnTimesheetSchema, { comment: '' }))).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.type(within(dialog).getByLabelText('Comment for Grace Hopper'), 'Tuesday was a holiday.');
    await events.click(within(dialog).getByRole('button', { name: 'Return Timesheet' }));
    expect(await findNotification('Timesheet returned')).toBeInTheDocument();
    expect(posts(server)[0]?.body).toEqual({ comment: 'Tuesday was a holiday.' });
    expect(store.timesheets[0]).toMatchObject({ status: 'returned', return_comment: 'Tuesday was a holiday.' });
  });
});

describe('the company’s assignments', () => {
  async function openAssignments(assignments: Assignment[]) {
    const server = createFakeServer();
    const store = fakeWorkApi(server, { assignments });
    const view = await renderPanel(<CompanyAssignmentsPanel />, server);
    await screen.findByRole('table', { name: 'Assignments' });
    return { ...view, server, store };
  }

  async function openMenu(events: ReturnType<typeof userEvent.setup>, name: string) {
    await events.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
    return screen.findByRole('menu');
  }

  it('lists each assignment’s talent, role, rate, hours, start, status and shift', async () => {
    await openAssignments([
      workAssignment({
        applicant_name: 'Grace Hopper',
        role: 'Data Analyst',
        rate_cents: 4550,
        shift_status: 'on_break',
      }),
      workAssignment({
        applicant_name: 'Alan Turing',
        role: 'Cryptographer',
        status: 'pending',
        start_date: '2026-12-01',
      }),
    ]);
    const grace = await screen.findByRole('row', { name: /Grace Hopper/ });
    for (const text of ['Data Analyst', '$45.50/h', '40 h', 'Nov 2, 2026', 'Active', 'On break'])
      expect(grace).toHaveTextContent(text);
    const alan = screen.getByRole('row', { name: /Alan Turing/ });
    expect(alan).toHaveTextContent('Pending');
    expect(alan).not.toHaveTextContent('Offline');
  });

  it('starts a pending assignment from its start date, after the confirm dialog', async () => {
    const due = workAssignment({
      applicant_name: 'Grace Hopper',
      role: 'Data Analyst',
      status: 'pending',
      start_date: '2026-11-24',
    });
    const later = workAssignment({
      applicant_name: 'Alan Turing',
      role: 'Cryptographer',
      status: 'pending',
      start_date: '2026-12-01',
    });
    const { events, server, store } = await openAssignments([due, later]);

    let menu = await openMenu(events, 'Alan Turing, Cryptographer');
    expect(within(menu).getByRole('menuitem', { name: 'Start (from Dec 1, 2026)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await events.keyboard('{Escape}');

    menu = await openMenu(events, 'Grace Hopper, Data Analyst');
    await events.click(within(menu).getByRole('menuitem', { name: 'Start' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start this assignment?' });
    await events.click(within(dialog).getByRole('button', { name: 'Start Assignment' }));
    expect(await findNotification('Assignment started')).toBeInTheDocument();
    expect(posts(server).map((request) => request.path)).toEqual([`/api/company/assignments/${due.id}/start`]);
    expect(store.assignments[0]?.status).toBe('active');
  });

  it('ends an assignment only with a reason', async () => {
    const assignment = workAssignment({ applicant_name: 'Grace Hopper', role: 'Data Analyst' });
    const { events, server, store } = await openAssignments([assignment]);
    const menu = await openMenu(events, 'Grace Hopper, Data Analyst');
    await events.click(within(menu).getByRole('menuitem', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this assignment?' });
    expect(within(dialog).getByLabelText('End date')).toHaveValue('2026-11-24');
    await events.click(within(dialog).getByRole('button', { name: 'End Assignment' }));
    expect(
      await within(dialog).findByText(messageOf(endAssignmentSchema, { end_date: '2026-11-24', reason: '' })),
    ).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.type(within(dialog).getByLabelText('Reason'), 'The project is finished.');
    await events.click(within(dialog).getByRole('button', { name: 'End Assignment' }));
    expect(await findNotification('Assignment ended')).toBeInTheDocument();
    expect(posts(server)[0]?.body).toEqual({ end_date: '2026-11-24', reason: 'The project is finished.' });
    expect(store.assignments[0]).toMatchObject({ status: 'ended', end_reason: 'The project is finished.' });
  });

  it('changes the rate from a date, in cents, and shows the terms history', async () => {
    const assignment = workAssignment({ applicant_name: 'Grace Hopper', role: 'Data Analyst', rate_cents: 4550 });
    const { events, server } = await openAssignments([assignment]);
    let menu = await openMenu(events, 'Grace Hopper, Data Analyst');
    await events.click(within(menu).getByRole('menuitem', { name: 'Change terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change terms' });
    await events.click(within(dialog).getByRole('button', { name: 'Change Terms' }));
    expect(await within(dialog).findByText('Change the rate, the weekly hours, or both.')).toBeInTheDocument();
    expect(posts(server)).toHaveLength(0);

    await events.type(within(dialog).getByLabelText('New hourly rate (USD)'), '50.25');
    await events.clear(within(dialog).getByLabelText('Effective date'));
    await events.type(within(dialog).getByLabelText('Effective date'), '2026-11-29');
    await events.click(within(dialog).getByRole('button', { name: 'Change Terms' }));
    expect(await findNotification('Terms changed')).toBeInTheDocument();
    expect(posts(server)[0]?.body).toEqual({ rate_cents: 5025, effective_date: '2026-11-29' });

    menu = await openMenu(events, 'Grace Hopper, Data Analyst');
    await events.click(within(menu).getByRole('menuitem', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    const history = within(details).getByRole('table');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Nov 2, 2026$45.50/h40 h', 'Nov 29, 2026$50.25/h40 h']);
  });

  // docs/decisions/035: a fixed price has milestones on its contract instead of a rate and weekly hours.
  it('shows a fixed-price assignment as Fixed price, with its contract and no terms to change', async () => {
    const assignment = workAssignment({ engagement_type: 'fixed', applicant_name: 'Grace Hopper', role: 'Designer' });
    const { events } = await openAssignments([assignment]);
    const row = await screen.findByRole('row', { name: /Grace Hopper/ });
    expect(row).toHaveTextContent('Fixed price');
    expect(row).not.toHaveTextContent('/h');
    expect(within(row).getByRole('link', { name: 'View contract of Grace Hopper, Designer' })).toHaveAttribute(
      'href',
      paths.companyContract.getHref({ id: assignment.id }),
    );
    let menu = await openMenu(events, 'Grace Hopper, Designer');
    expect(within(menu).queryByRole('menuitem', { name: 'Change terms' })).not.toBeInTheDocument();
    await events.click(within(menu).getByRole('menuitem', { name: 'View details' }));
    const details = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    expect(details).toHaveTextContent('PayFixed price');
    expect(within(details).queryByRole('table')).not.toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'the contract' })).toHaveAttribute(
      'href',
      paths.companyContract.getHref({ id: assignment.id }),
    );
    await events.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    menu = await openMenu(events, 'Grace Hopper, Designer');
    expect(within(menu).getByRole('menuitem', { name: 'End' })).toBeInTheDocument();
  });
});
