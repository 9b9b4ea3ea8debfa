import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { tests } from '../db/schema';
import { SESSION_COOKIE } from '../platform/auth-context';
import { callContract } from './contract-client';
import { createTestApp, type TestApp } from './test-app';

describe('browser-test endpoints for jobs', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ENABLE_TEST_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  // The test-only endpoints (/api/testing/..., ENABLE_TEST_ROUTES) have no contract: they are called by path.
  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: { 'sec-fetch-site': 'same-origin' } });
  // The holder of a session the test routes made, calling the API's own endpoints.
  const holderOf = (token: string) => (options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { cookie: `${SESSION_COOKIE}=${token}`, ...options.headers } });

  it('build a company’s job with applications at any stage and test attempts', async () => {
    const account = (await post('/api/testing/accounts', { role: 'company', company_name: 'Acme' })).json();
    const session = (await post('/api/testing/sessions', { email: account.email })).json().token;
    const companyId = (await callContract(holderOf(session), companiesContract.profile)).body.id;
    const [test] = await testApp.database.db
      .insert(tests)
      .values({ companyId, name: 'React', type: 'coding' })
      .returning();

    const created = await post('/api/testing/jobs', {
      company_email: account.email,
      title: 'Support Lead',
      status: 'open',
      skill_tags: ['Zendesk'],
      published_days_ago: 20,
      applications: [
        { status: 'interviewing', applicant_name: 'Ana Souza' },
        { status: 'hired', days_ago: 15, hired_days_ago: 10, proposal_rate: 30 },
      ],
      test_attempts: [{ test_id: test?.id, status: 'graded', score: 90 }],
    });
    expect(created.statusCode).toBe(201);
    const job = created.json();
    expect(job).toMatchObject({
      title: 'Support Lead',
      status: 'open',
      applications: [
        { status: 'interviewing', applicant_name: 'Ana Souza' },
        { status: 'hired', applicant_name: expect.any(String) },
      ],
      test_attempts: [{ id: expect.any(String) }],
    });

    const more = await post(`/api/testing/jobs/${job.id}/applications`, { applications: [{ status: 'offered' }] });
    expect(more.statusCode).toBe(201);

    const token = (await post('/api/testing/sessions', { email: account.email })).json().token;
    const summary = await callContract(holderOf(token), jobsContract.summary);
    expect(summary.body).toEqual({
      open_jobs: 1,
      paused_jobs: 0,
      pending_interviews: 1,
      tests_assigned: 1,
      avg_time_to_hire_days: 10,
    });

    const draft = await post('/api/testing/jobs', { company_email: account.email, status: 'draft' });
    expect(draft.json()).toMatchObject({ status: 'draft', applications: [] });
    const unknown = await post('/api/testing/jobs', { company_email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(404);
  });
});
