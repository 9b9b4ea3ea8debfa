import type { Test } from '~/shared/assessments';
import { testTexts } from '~/shared/assessments';
import { testAttemptsContract, testsContract } from '~/shared/contracts/assessments';
import { jobsContract } from '~/shared/contracts/jobs';
import type { Job } from '~/shared/jobs';
import { emptyJobSummary, jobFromInput, testFromInput, testSummaryOf } from './data-generators';
import { type FakeServer, reply, replyError } from './fake-server';

// The parts of the API a page under test calls, answered from memory. Each returns its store, so a test
// can seed it and read what the page saved.

// /api/tests: list (newest change first), read, create, replace, and a test's (empty) attempts.
export function fakeTestsApi(server: FakeServer, tests: Test[] = []): Test[] {
  const store = [...tests];
  const find = (id: string | undefined) => store.find((test) => test.id === id);
  server.on(testsContract.list, ({ query }) => {
    const activeOnly = query.get('active_only') === 'true';
    const items = store
      .filter((test) => !test.archived && (!activeOnly || test.is_active))
      .sort((first, second) => second.updated_at.localeCompare(first.updated_at))
      .map(testSummaryOf);
    return { items, total: items.length, page: 1, page_size: Number(query.get('page_size') ?? 20) };
  });
  server.on(testsContract.get, ({ params }) => find(params.id) ?? replyError(404, 'not_found', testTexts.notFound));
  // A test's page lists its attempts; none unless a test answers this itself.
  server.fallback(testAttemptsContract.listForTest, ({ query }) => ({
    items: [],
    total: 0,
    page: 1,
    page_size: Number(query.get('page_size') ?? 20),
  }));
  server.on(testsContract.create, ({ body }) => {
    const test = testFromInput(body);
    store.unshift(test);
    return reply(201, test);
  });
  server.on(testsContract.update, ({ params, body }) => {
    const current = find(params.id);
    if (!current) return replyError(404, 'not_found', testTexts.notFound);
    const updated = testFromInput(body, { id: current.id, created_at: current.created_at });
    store.splice(store.indexOf(current), 1, updated);
    return updated;
  });
  return store;
}

// /api/jobs: what the Jobs & Applications page reads (its job list, summary cards and tag filter), and
// creating a job.
export function fakeJobsApi(server: FakeServer, jobs: Job[] = []): Job[] {
  const store = [...jobs];
  server.on(jobsContract.list, ({ query }) => ({
    items: store,
    total: store.length,
    page: 1,
    page_size: Number(query.get('page_size') ?? 20),
  }));
  server.on(jobsContract.summary, () => emptyJobSummary);
  server.on(jobsContract.tags, () => ({ tags: [] }));
  server.on(jobsContract.create, ({ body }) => {
    const job = jobFromInput(body);
    store.unshift(job);
    return job;
  });
  return store;
}
