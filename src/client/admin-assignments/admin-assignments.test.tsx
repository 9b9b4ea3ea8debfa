import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId } from '~/client/testing/data-generators';
import { createFakeServer, type FakeServer, reply, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type AdminAssignmentSummary, adminAssignmentTexts } from '~/shared/admin-assignments';
import type { Assignment } from '~/shared/billing';
import { adminAssignmentsContract } from '~/shared/contracts/admin-assignments';
import { workContract } from '~/shared/contracts/work';
import { paths } from '~/shared/routes';

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

function assignment(overrides: Partial<Assignment> = {}): Assignment {
  const rate = overrides.rate_cents ?? 4550;
  return {
    engagement_type: 'hourly',
    id: fakeId(),
    company_id: fakeId(),
    company_name: 'Acme',
    applicant_id: fakeId(),
    applicant_name: 'Ada Talent',
    job_id: null,
    role: 'Support Engineer',
    rate_cents: rate,
    weekly_hours: 40,
    start_date: '2026-11-02',
    end_date: null,
    end_reason: null,
    status: 'active',
    shift_status: 'offline',
    terms: [{ rate_cents: rate, weekly_hours: 40, effective_date: '2026-11-02' }],
    currency: 'USD',
    created_at: '2026-10-20T09:00:00.000Z',
    ...overrides,
  };
}

const summary: AdminAssignmentSummary = {
  active_assignments: 12,
  pending_starts: 3,
  talent_at_work: 11,
  weekly_billable_hours: 420,
};

function fakeAdminAssignments(server: FakeServer, items: Assignment[]) {
  server.on(adminAssignmentsContract.summary, () => summary);
  server.on(workContract.adminAssignments, ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const status = query.get('status');
    const found = items.filter(
      (item) =>
        (!status || item.status === status) &&
        (!q || [item.applicant_name, item.company_name, item.role].some((name) => name.toLowerCase().includes(q))),
    );
    return { items: found, total: found.length, page: 1, page_size: 20 };
  });
}

async function openPage(items: Assignment[], path = paths.adminAssignments.getHref()) {
  const server = createFakeServer();
  fakeAdminAssignments(server, items);
  const view = await renderRoute(path, { user: admin(), server });
  await screen.findByRole('heading', { level: 1, name: 'Assignment Management' });
  return { ...view, server };
}

describe('Assignment Management', () => {
  it('shows the summary from the server and every assignment with its status and rate', async () => {
    await openPage([
      assignment({ applicant_name: 'Grace Hopper', company_name: 'Navy Labs', role: 'Analyst', rate_cents: 6000 }),
      assignment({ applicant_name: 'Alan Turing', status: 'pending', start_date: '2026-12-01', rate_cents: 4525 }),
    ]);
    const cards = await screen.findByRole('region', { name: 'Assignment summary' });
    expect(within(cards).getByText('Active Assignments')).toBeInTheDocument();
    expect(within(cards).getByText('12')).toBeInTheDocument();
    expect(within(cards).getByText('Pending Starts')).toBeInTheDocument();
    expect(within(cards).getByText('420')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Assignments' });
    const grace = within(table).getByText('Grace Hopper').closest('tr');
    if (!grace) throw new Error('no row');
    expect(within(grace).getByText('Navy Labs')).toBeInTheDocument();
    expect(within(grace).getByText('Active')).toBeInTheDocument();
    expect(within(grace).getByText('$60.00/h')).toBeInTheDocument();
    const alan = within(table).getByText('Alan Turing').closest('tr');
    if (!alan) throw new Error('no row');
    expect(within(alan).getByText('Pending')).toBeInTheDocument();
    expect(within(alan).getByText('$45.25/h')).toBeInTheDocument();
  });

  it('filters by status and searches by name, in the URL', async () => {
    const { events, router, server } = await openPage([
      assignment({ applicant_name: 'Grace Hopper' }),
      assignment({ applicant_name: 'Alan Turing', status: 'pending' }),
    ]);
    await screen.findByText('Grace Hopper');
    await events.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(screen.getByText('Alan Turing')).toBeInTheDocument();
    await events.type(screen.getByRole('searchbox', { name: 'Search assignments' }), 'grace');
    await waitFor(() => expect(router.state.location.search).toContain('q=grace'));
    expect(await screen.findByText('No assignments match')).toBeInTheDocument();
    const last = server.requests.filter((request) => request.path === '/api/admin/assignments').at(-1);
    expect(last?.query.get('q')).toBe('grace');
    expect(last?.query.get('status')).toBe('pending');
  });

  it('starts a pending assignment through the admin endpoint', async () => {
    const pending = assignment({ applicant_name: 'Alan Turing', status: 'pending', start_date: '2026-01-05' });
    const { events, server } = await openPage([pending]);
    let started = '';
    server.on(workContract.startAdminAssignment, ({ params }) => {
      started = params.id;
      return { ...pending, status: 'active' as const };
    });
    await events.click(await screen.findByRole('button', { name: /Alan Turing/ }));
    await events.click(await screen.findByRole('menuitem', { name: 'Start' }));
    await events.click(await screen.findByRole('button', { name: 'Start Assignment' }));
    await waitFor(() => expect(started).toBe(pending.id));
  });
});

describe('Assignment Management row actions', () => {
  it('ends an active assignment with a reason', async () => {
    const active = assignment({ applicant_name: 'Grace Hopper' });
    const { events, server } = await openPage([active]);
    let sent: unknown = null;
    server.on(workContract.endAdminAssignment, ({ body }) => {
      sent = body;
      return { ...active, status: 'ended' as const };
    });
    await events.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
    await events.click(await screen.findByRole('menuitem', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this assignment?' });
    await events.type(within(dialog).getByLabelText('Reason'), 'Project finished');
    await events.click(within(dialog).getByRole('button', { name: 'End Assignment' }));
    await waitFor(() => expect(sent).toMatchObject({ reason: 'Project finished' }));
  });

  it('changes the terms, the rate in cents', async () => {
    const active = assignment({ applicant_name: 'Grace Hopper' });
    const { events, server } = await openPage([active]);
    let sent: unknown = null;
    server.on(workContract.changeAdminAssignmentTerms, ({ body }) => {
      sent = body;
      return active;
    });
    await events.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
    await events.click(await screen.findByRole('menuitem', { name: 'Change terms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change terms' });
    await events.click(within(dialog).getByRole('button', { name: 'Change Terms' }));
    expect(await within(dialog).findByText('Change the rate, the weekly hours, or both.')).toBeInTheDocument();
    await events.type(within(dialog).getByLabelText('New hourly rate (USD)'), '50.25');
    await events.clear(within(dialog).getByLabelText('Effective date'));
    await events.type(within(dialog).getByLabelText('Effective date'), '2026-12-06');
    await events.click(within(dialog).getByRole('button', { name: 'Change Terms' }));
    await waitFor(() => expect(sent).toEqual({ rate_cents: 5025, effective_date: '2026-12-06' }));
  });
});

describe('New Assignment', () => {
  async function openDialog() {
    const view = await openPage([]);
    view.server.on(adminAssignmentsContract.companyOptions, ({ query }) => ({
      items: [{ id: 'c0000000-0000-4000-8000-000000000001', name: 'Acme', detail: null }].filter((item) =>
        item.name.toLowerCase().includes((query.get('q') ?? '').toLowerCase()),
      ),
    }));
    view.server.on(adminAssignmentsContract.applicantOptions, () => ({
      items: [{ id: 'a0000000-0000-4000-8000-000000000001', name: 'Grace Hopper', detail: 'grace@navy.test' }],
    }));
    await view.events.click(screen.getByRole('button', { name: 'New Assignment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Assignment' });
    await within(dialog).findByRole('option', { name: 'Acme' });
    await within(dialog).findByRole('option', { name: 'Grace Hopper (grace@navy.test)' });
    return { ...view, dialog };
  }

  it('creates the assignment with the rate in cents', async () => {
    const { events, server, dialog } = await openDialog();
    let sent: unknown = null;
    server.on(adminAssignmentsContract.create, ({ body }) => {
      sent = body;
      return reply(201, assignment({ applicant_name: 'Grace Hopper', role: 'Analyst' }));
    });
    await events.selectOptions(within(dialog).getByLabelText('Company'), 'Acme');
    await events.selectOptions(within(dialog).getByLabelText('Talent'), 'Grace Hopper (grace@navy.test)');
    await events.type(within(dialog).getByLabelText('Role'), 'Analyst');
    await events.type(within(dialog).getByLabelText('Hourly rate (USD)'), '45.50');
    await events.clear(within(dialog).getByLabelText('Weekly hours'));
    await events.type(within(dialog).getByLabelText('Weekly hours'), '25');
    await events.clear(within(dialog).getByLabelText('Start date'));
    await events.type(within(dialog).getByLabelText('Start date'), '2026-12-01');
    await events.click(within(dialog).getByRole('button', { name: 'Create Assignment' }));
    await waitFor(() =>
      expect(sent).toEqual({
        company_id: 'c0000000-0000-4000-8000-000000000001',
        applicant_id: 'a0000000-0000-4000-8000-000000000001',
        role: 'Analyst',
        rate_cents: 4550,
        weekly_hours: 25,
        start_date: '2026-12-01',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Assignment' })).not.toBeInTheDocument());
  });

  it('says what is missing before sending, and shows the server’s refusal', async () => {
    const { events, server, dialog } = await openDialog();
    server.on(adminAssignmentsContract.create, () =>
      replyError(409, 'conflict', adminAssignmentTexts.companySuspended),
    );
    await events.click(within(dialog).getByRole('button', { name: 'Create Assignment' }));
    expect(await within(dialog).findByText(adminAssignmentTexts.chooseCompany)).toBeInTheDocument();
    expect(within(dialog).getByText(adminAssignmentTexts.chooseTalent)).toBeInTheDocument();
    expect(within(dialog).getByText(adminAssignmentTexts.roleRequired)).toBeInTheDocument();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    await events.selectOptions(within(dialog).getByLabelText('Company'), 'Acme');
    await events.selectOptions(within(dialog).getByLabelText('Talent'), 'Grace Hopper (grace@navy.test)');
    await events.type(within(dialog).getByLabelText('Role'), 'Analyst');
    await events.type(within(dialog).getByLabelText('Hourly rate (USD)'), '45');
    await events.click(within(dialog).getByRole('button', { name: 'Create Assignment' }));
    expect(await within(dialog).findByText(adminAssignmentTexts.companySuspended)).toBeInTheDocument();
  });
});
