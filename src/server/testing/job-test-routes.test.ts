import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tests } from '../db/schema';
import { SESSION_COOKIE } from '../platform/auth-context';
import { createTestApp, type TestApp } from './test-app';

describe('browser-test endpoints for jobs', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ENABLE_TEST_ROUTES: 'true' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const post = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: { 'sec-fetch-site': 'same-origin' } });

  it('build a company’s job with applications at any stage and test attempts', async () => {
    const account = (await post('/api/testing/accounts', { role: 'company', company_name: 'Acme' })).json();
    const companyId = (
      await testApp.app.inject({
        method: 'GET',
        url: '/api/company',
        headers: {
          cookie: `${SESSION_COOKIE}=${(await post('/api/testing/sessions', { email: account.email })).json().token}`,
        },
      })
    ).json().id;
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
    const summary = await testApp.app.inject({
      method: 'GET',
      url: '/api/jobs/summary',
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(summary.json()).toEqual({
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
