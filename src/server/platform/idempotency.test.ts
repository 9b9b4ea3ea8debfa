import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';
import { jobsContract } from '~/shared/contracts/jobs';
import type { CreateJobInput } from '~/shared/jobs';
import { idempotentRequests, jobs } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { forgetIdempotencyKeys } from './forget-idempotency-keys';
import { idempotencyTexts } from './idempotency';

const job = {
  title: 'Data Engineer',
  description: 'Sent twice by a retrying client.',
  engagement_type: 'hourly',
  budget_min: 40,
  budget_max: 60,
  weekly_hours: 20,
  skill_tags: ['SQL'],
  timezone: 'UTC+00:00',
  visibility: 'public',
  status: 'draft',
} satisfies CreateJobInput;

// Every create takes an Idempotency-Key (issue 58): a retry gets the first answer and creates nothing twice.
describe('Idempotency-Key on creates', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof signedInAccount>>;
  const jobsOf = async (title: string) =>
    testApp.database.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.title, title));
  const post = (key: string, body: object, headers: Record<string, string> = {}) =>
    company.request({
      method: 'POST',
      url: jobsContract.create.path,
      payload: body,
      headers: { 'idempotency-key': key, ...headers },
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Retry Co' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers a repeat with the first answer, marked replayed, and creates once', async () => {
    const body = { ...job, title: 'Replayed Engineer' };
    const first = await post('create-job-0001', body);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('create-job-0001', body);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await jobsOf('Replayed Engineer')).toHaveLength(1);
    // Without the key, a second create is a second job.
    expect((await company.call(jobsContract.create, { body })).statusCode).toBe(201);
    expect(await jobsOf('Replayed Engineer')).toHaveLength(2);
  });

  it('refuses the same key on a different request, and a malformed key', async () => {
    expect((await post('create-job-0002', { ...job, title: 'First Use' })).statusCode).toBe(201);
    const reused = await post('create-job-0002', { ...job, title: 'Second Use' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ error: idempotencyTexts.reused, code: 'idempotency_key_reused' });
    expect(await jobsOf('Second Use')).toHaveLength(0);
    const malformed = await post('has spaces in it', job);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(idempotencyTexts.malformed);
  });

  it('creates once when the same request races itself', async () => {
    const body = { ...job, title: 'Raced Engineer' };
    const answers = await Promise.all([post('race-0003', body), post('race-0003', body), post('race-0003', body)]);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    expect(await jobsOf('Raced Engineer')).toHaveLength(1);
  });

  it('keeps keys apart per caller, works for API keys, and forgets them after a day', async () => {
    const body = { ...job, title: 'Per Caller' };
    expect((await post('shared-key', body)).statusCode).toBe(201);
    const { secret } = (
      await company.call(companyApiKeysContract.create, { body: { name: 'ATS', scopes: ['jobs:write'] } })
    ).body;
    const viaKey = () =>
      callContract(
        (options) =>
          testApp.app.inject({
            ...options,
            headers: { ...options.headers, authorization: `Bearer ${secret}`, 'idempotency-key': 'shared-key' },
          }),
        jobsContract.create,
        { body },
      );
    const first = await viaKey();
    expect(first.statusCode).toBe(201);
    const again = await viaKey();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await jobsOf('Per Caller')).toHaveLength(2);

    await forgetIdempotencyKeys({ db: testApp.database.db, now: new Date(Date.now() + 25 * 3_600_000) });
    expect(await testApp.database.db.select().from(idempotentRequests)).toHaveLength(0);
  });
});
