import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyUser, fakeId, testFromInput } from '~/client/testing/data-generators';
import { fakeTestsApi } from '~/client/testing/fake-apis';
import { createFakeServer, type FakeServer } from '~/client/testing/fake-server';
import { renderRoute } from '~/client/testing/render-route';
import { testAttemptsContract } from '~/shared/contracts/assessments';
import { paths } from '~/shared/routes';
import type { AttemptRow } from '~/shared/test-attempts';

// A test's attempts on its page: server pages of rows, those waiting for a grade marked, each
// leading to its review.

const test = testFromInput({ name: 'Support Basics', type: 'mixed', is_active: true });

function attemptRow(overrides: Partial<AttemptRow> = {}): AttemptRow {
  return {
    id: fakeId(),
    status: 'graded',
    applicant: { id: fakeId(), name: 'Alan Turing' },
    job: { id: fakeId(), title: 'Support Lead' },
    assigned_at: new Date().toISOString(),
    submitted_at: new Date().toISOString(),
    score: 82,
    passed: true,
    pending_reviews: 0,
    focus_losses: 0,
    pastes: 0,
    ...overrides,
  };
}

async function openTest(answer: (server: FakeServer) => void) {
  const server = createFakeServer();
  fakeTestsApi(server, [test]);
  answer(server);
  const view = await renderRoute(paths.companyTest.getHref({ id: test.id }), { user: companyUser(), server });
  const section = within(await screen.findByRole('region', { name: 'Attempts' }));
  return { ...view, section };
}

describe('A test’s attempts', () => {
  it('lists them a page at a time, marking those that need grading', async () => {
    const waiting = attemptRow({
      status: 'submitted',
      applicant: { id: fakeId(), name: 'Grace Hopper' },
      score: null,
      passed: null,
      pending_reviews: 2,
      focus_losses: 3,
      pastes: 1,
    });
    const { section, events, server } = await openTest((fake) => {
      fake.on(testAttemptsContract.listForTest, ({ query }) =>
        query.get('page') === '2'
          ? {
              items: [attemptRow({ applicant: { id: fakeId(), name: 'Ada Lovelace' } })],
              total: 11,
              page: 2,
              page_size: 10,
            }
          : { items: [waiting, attemptRow()], total: 11, page: 1, page_size: 10 },
      );
    });
    const link = await section.findByRole('link', { name: 'Grace Hopper' });
    expect(link).toHaveAttribute('href', paths.companyTestAttempt.getHref({ id: waiting.id }));
    const row = within(link.closest('tr') as HTMLElement);
    expect(row.getByText('Needs grading')).toBeInTheDocument();
    expect(row.getByText('Waiting for grading (2 answers)')).toBeInTheDocument();
    expect(row.getByText('Left the tab 3 times · Pasted 1 time')).toBeInTheDocument();
    const graded = within(section.getByRole('link', { name: 'Alan Turing' }).closest('tr') as HTMLElement);
    expect(graded.getByText('82%')).toBeInTheDocument();
    expect(graded.getByText('Passed')).toBeInTheDocument();
    expect(graded.queryByText('Needs grading')).not.toBeInTheDocument();

    await events.click(section.getByRole('button', { name: 'Page 2' }));
    expect(await section.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const pages = server.requests.filter((request) => request.path.endsWith('/attempts'));
    expect(pages.map((request) => request.query.get('page'))).toEqual(['1', '2']);
  });

  it('says when nobody has taken the test', async () => {
    const { section } = await openTest(() => {});
    expect(await section.findByText('Nobody has taken this test yet.')).toBeInTheDocument();
  });
});
