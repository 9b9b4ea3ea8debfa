import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { jobsContract } from '~/shared/contracts/jobs';
import type { JobApplicationList } from '~/shared/jobs';
import { applicationRatings } from '../db/schema';
import { buildApplication, buildJob, buildTestAttempt } from '../seed/job-factories';
import { buildTest } from '../seed/test-factories';
import { companyIdOf } from '../testing/assessment-helpers';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// The board's filters on a job's applications (issue 32 item 4): the reviewers' average rating at least
// N stars and where the skills tests stand, each card's test state, and the stage counts within them.
describe('the pipeline board’s filters', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof signedInAccount>>;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company' });
    companyId = await companyIdOf(testApp, company.user.id);
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  it('narrow a job’s applications by rating and test state, and count the stages within them', async () => {
    const job = await buildJob(db(), { companyId });
    const { test } = await buildTest(db(), { companyId });
    const { test: retakenTest } = await buildTest(db(), { companyId });
    const apply = (applicantName: string, status: 'submitted' | 'interviewing' = 'submitted') =>
      buildApplication(db(), { jobId: job.id, applicantName, status });
    const untested = await apply('Una Untested');
    const pending = await apply('Pat Pending');
    const toGrade = await apply('Rory Review', 'interviewing');
    const failed = await apply('Fay Failed');
    const passed = await apply('Pia Passed', 'interviewing');
    const attempt = (
      application: typeof untested,
      fields: { status: 'assigned' | 'started' | 'submitted' | 'graded'; passed?: boolean; pendingReviews?: number },
      testId = test.id,
      assignedAt = new Date(),
    ) =>
      buildTestAttempt(db(), {
        testId,
        applicantId: application.applicantId,
        applicationId: application.id,
        jobId: job.id,
        assignedAt,
        ...fields,
      });
    await attempt(pending, { status: 'started' });
    await attempt(toGrade, { status: 'submitted', pendingReviews: 1 });
    await attempt(failed, { status: 'graded', passed: false });
    // A retake replaces the failed attempt before it.
    await attempt(passed, { status: 'graded', passed: false }, retakenTest.id, new Date(Date.now() - 60_000));
    await attempt(passed, { status: 'graded', passed: true }, retakenTest.id);

    const reviewer = (await signedInAccount(testApp, { role: 'company', company: { id: companyId, role: 'admin' } }))
      .user;
    await db()
      .insert(applicationRatings)
      .values([
        { applicationId: passed.id, reviewerId: company.user.id, rating: 5 },
        { applicationId: passed.id, reviewerId: reviewer.id, rating: 4 },
        { applicationId: failed.id, reviewerId: company.user.id, rating: 3 },
      ]);

    const read = async (query: QueryOf<typeof jobsContract.applications>) => {
      const response = await company.call(jobsContract.applications, { params: { id: job.id }, query });
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      return response.body;
    };
    const names = (list: JobApplicationList) => list.items.map((item) => item.applicant_name).sort();

    const all = await read({});
    expect(Object.fromEntries(all.items.map((item) => [item.applicant_name, item.test_state]))).toEqual({
      'Una Untested': 'none',
      'Pat Pending': 'pending',
      'Rory Review': 'review',
      'Fay Failed': 'failed',
      'Pia Passed': 'passed',
    });

    // 4.5 stars on average counts as 4 and up; 3 stars does not.
    const rated = await read({ min_rating: 4 });
    expect(names(rated)).toEqual(['Pia Passed']);
    expect(rated.counts).toMatchObject({ submitted: 0, interviewing: 1 });
    expect(names(await read({ min_rating: 3 }))).toEqual(['Fay Failed', 'Pia Passed']);

    expect(names(await read({ test: 'pending' }))).toEqual(['Pat Pending']);
    const toReview = await read({ test: 'review', status: 'interviewing' });
    expect(names(toReview)).toEqual(['Rory Review']);
    expect(toReview.total).toBe(1);
    expect(names(await read({ test: 'none' }))).toEqual(['Una Untested']);
    expect((await read({ test: 'failed', min_rating: 3 })).counts).toMatchObject({ submitted: 1, interviewing: 0 });
    expect(names(await read({ test: 'passed', q: 'pia' }))).toEqual(['Pia Passed']);
    expect(names(await read({ test: 'passed', q: 'fay' }))).toEqual([]);

    // An unknown test state is what the contract's type would not send.
    const refused = await company.callUnchecked(jobsContract.applications, {
      params: { id: job.id },
      query: { min_rating: 9, test: 'maybe' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields).toEqual({
      min_rating: 'Choose a rating from 1 to 5 stars.',
      test: 'Unknown test state.',
    });
  });
});
