import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId, testFromInput } from '~/client/testing/data-generators';
import { createFakeServer, replyError } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { type AdminTest, takenTestsText } from '~/shared/admin-tests';
import { adminJobsContract } from '~/shared/contracts/admin-jobs';
import { adminTestsContract } from '~/shared/contracts/admin-tests';
import { paths } from '~/shared/routes';

const admin = () => companyUser({ role: 'admin', name: 'Ada Admin', email: 'admin@tandem.test', company: null });

function adminTest(overrides: Partial<AdminTest> = {}): AdminTest {
  return {
    id: fakeId(),
    name: 'Python Assessment',
    type: 'mcq',
    kind: 'technical',
    time_limit: 60,
    question_count: 12,
    status: 'active',
    attempt_count: 0,
    created_at: '2026-11-02T09:00:00.000Z',
    company_id: fakeId(),
    company_name: 'Acme',
    is_platform: false,
    ...overrides,
  };
}

async function openPage(items: AdminTest[]) {
  const server = createFakeServer();
  server.on(adminTestsContract.list, () => ({ items, total: items.length, page: 1, page_size: 20 }));
  const view = await renderRoute(paths.adminTests.getHref(), { user: admin(), server });
  await screen.findByRole('heading', { level: 1, name: 'Tests & Content Management' });
  return { ...view, server };
}

const toastRegion = () => screen.findByRole('region', { name: 'Notifications (F8)' });

// Tests & Content Management (docs/spec/admin-billing-and-content.md §2 item 9, §3, §4): the table's columns,
// the bulk bar only while rows are selected, its toast and the cleared selection, and a refused delete's
// sentence.
describe('Tests & Content Management', () => {
  it('shows name, type, duration, questions, created and company', async () => {
    await openPage([
      adminTest({ name: 'Python Assessment', company_name: 'Tandem Assessments', is_platform: true }),
      adminTest({ name: 'Spoken English', type: 'language', kind: 'behavioral', time_limit: 30, question_count: 4 }),
      adminTest({ name: 'Virtual Assistant', type: 'mixed', kind: 'mixed' }),
    ]);
    const table = await screen.findByRole('table', { name: 'Tests' });
    const python = within(table).getByText('Python Assessment').closest('tr');
    if (!python) throw new Error('no row');
    expect(within(python).getByText('Technical')).toBeInTheDocument();
    expect(within(python).getByText('60 min')).toBeInTheDocument();
    expect(within(python).getByText('12')).toBeInTheDocument();
    expect(within(python).getByText('Tandem Assessments (platform)')).toBeInTheDocument();
    const english = within(table).getByText('Spoken English').closest('tr');
    if (!english) throw new Error('no row');
    expect(within(english).getByText('Behavioral')).toBeInTheDocument();
    expect(within(english).getByText('30 min')).toBeInTheDocument();
    // Questions of several kinds make a test neither Technical nor Behavioral.
    const assistant = within(table).getByText('Virtual Assistant').closest('tr');
    if (!assistant) throw new Error('no row');
    expect(within(assistant).getByText('Mixed')).toBeInTheDocument();
    expect(within(assistant).queryByText('Technical')).not.toBeInTheDocument();
  });

  it('calls a mixed test Mixed in its read-only view too', async () => {
    const mixed = adminTest({ name: 'Virtual Assistant', type: 'mixed', kind: 'mixed' });
    const { events, server } = await openPage([mixed]);
    server.on(adminTestsContract.get, () => ({
      ...testFromInput({ name: 'Virtual Assistant', type: 'mixed', is_active: true }, { id: mixed.id }),
      company_id: mixed.company_id,
      company_name: mixed.company_name,
      is_platform: false,
    }));
    await events.click(await screen.findByRole('button', { name: 'View Virtual Assistant' }));
    const view = await screen.findByRole('dialog', { name: 'Test details' });
    const type = (await within(view).findByText('Type')).nextElementSibling;
    expect(type).toHaveTextContent(/^Mixed$/);
  });

  it('archives the selected tests, says so in a toast and clears the selection', async () => {
    const tests = [adminTest({ name: 'Go Basics' }), adminTest({ name: 'SQL Joins' })];
    const { events, server } = await openPage(tests);
    let sent: unknown = null;
    server.on(adminTestsContract.archive, ({ body }) => {
      sent = body;
      return { action: 'archive' as const, count: 2 };
    });
    await screen.findByText('Go Basics');
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
    await events.click(screen.getByRole('checkbox', { name: 'Select all tests on this page' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(bar).toHaveTextContent('2 tests selected');
    await events.click(within(bar).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(sent).toEqual({ ids: tests.map((test) => test.id) }));
    expect(await within(await toastRegion()).findByText('2 selected tests were archived.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Select Go Basics' })).not.toBeChecked();
  });

  it('shows the server’s sentence when a delete includes a test already taken', async () => {
    const taken = adminTest({ name: 'Python Assessment', attempt_count: 3 });
    const { events, server } = await openPage([taken]);
    server.on(adminTestsContract.delete, () => replyError(409, 'conflict', takenTestsText(['Python Assessment'])));
    await events.click(await screen.findByRole('checkbox', { name: 'Select Python Assessment' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    await events.click(within(bar).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 1 test?' });
    await events.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const region = await toastRegion();
    expect(
      await within(region).findByText(
        '“Python Assessment” has been taken, so nothing was deleted. Archive it instead.',
      ),
    ).toBeInTheDocument();
  });

  it('creates a platform test with its questions through Create New Test', async () => {
    const { events, server } = await openPage([]);
    server.on(adminJobsContract.companyOptions, () => ({ items: [{ id: fakeId(), name: 'Acme', detail: null }] }));
    let sent: Record<string, unknown> | null = null;
    server.on(adminTestsContract.create, ({ body }) => {
      sent = body;
      return { ...testFromInput(body), company_id: fakeId(), company_name: 'Tandem Assessments', is_platform: true };
    });
    await events.click(await screen.findByRole('button', { name: 'Create New Test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Test' });
    // A published test needs an owner, a name, a type and a question: the builder's own rules.
    await events.click(within(dialog).getByRole('button', { name: 'Create Test' }));
    expect(
      await within(dialog).findByText('Choose the company that owns this test, or the platform.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Add at least one question.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give the test a name.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await events.selectOptions(within(dialog).getByLabelText('Owner'), 'platform');
    await events.type(within(dialog).getByLabelText('Test name'), 'Kubernetes Assessment');
    await events.selectOptions(within(dialog).getByLabelText('Type'), 'mcq');
    await events.clear(within(dialog).getByLabelText('Duration (minutes)'));
    await events.type(within(dialog).getByLabelText('Duration (minutes)'), '30');
    await events.type(within(dialog).getByLabelText('Question 1'), 'Which object runs containers?');
    await events.type(within(dialog).getByLabelText('Options for question 1'), 'Pod{Enter}Service{Enter}Ingress');
    await events.type(within(dialog).getByLabelText('Correct answer for question 1'), 'Pod');
    await events.click(within(dialog).getByRole('button', { name: 'Create Test' }));
    await waitFor(() =>
      expect(sent).toEqual({
        owner: 'platform',
        name: 'Kubernetes Assessment',
        description: '',
        type: 'mcq',
        time_limit: 30,
        pass_rate: 70,
        is_active: true,
        questions: [
          {
            type: 'multiple-choice',
            question: 'Which object runs containers?',
            options: ['Pod', 'Service', 'Ingress'],
            answer_key: 'Pod',
          },
        ],
      }),
    );
    expect(await within(await toastRegion()).findByText('Test created successfully')).toBeInTheDocument();
  });
});
