import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testsContract } from '~/shared/contracts/assessments';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { tests } from '../db/schema';
import { buildApplication, buildJob, buildTestAttempt } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { pdfText } from '../testing/pdf-text';
import { createTestApp, type TestApp } from '../testing/test-app';
import { startOfWeek } from './analyze-hiring';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe('hiring figures: summary cards, analytics, exports and applications', () => {
  let testApp: TestApp;
  let company: Account;
  let other: Account;
  let companyId: string;
  let openJobId: string;
  let otherJobId: string;
  const applicationDates: Date[] = [];

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Northwind Outfitters' });
    other = await signedInAccount(testApp, { role: 'company' });
    companyId = (await company.call(companiesContract.profile)).body.id;
    const otherCompanyId = (await other.call(companiesContract.profile)).body.id;

    const open = await buildJob(db, { companyId, status: 'open', publishedAt: daysAgo(30), title: 'React Engineer' });
    const paused = await buildJob(db, { companyId, status: 'paused', publishedAt: daysAgo(20), title: 'Designer' });
    await buildJob(db, { companyId, status: 'closed' });
    await buildJob(db, { companyId, status: 'draft' });
    openJobId = open.id;
    const add = async (options: Parameters<typeof buildApplication>[1]) => {
      const application = await buildApplication(db, options);
      applicationDates.push(application.createdAt);
      return application;
    };
    await add({ jobId: open.id, status: 'interviewing', createdAt: daysAgo(3), applicantName: 'Ana Souza' });
    await add({ jobId: open.id, status: 'interviewing', createdAt: daysAgo(10), applicantName: 'Ben Okafor' });
    await add({
      jobId: open.id,
      status: 'hired',
      createdAt: daysAgo(28),
      offeredAt: daysAgo(24),
      hiredAt: daysAgo(20),
      proposalRateCents: 6_550,
      applicantName: 'Chen Wei',
    });
    // Outside the 12 weeks of the chart, still in the totals.
    await add({ jobId: open.id, status: 'submitted', createdAt: daysAgo(100), proposalRateCents: null });
    await add({ jobId: paused.id, status: 'offered', createdAt: daysAgo(15), offeredAt: daysAgo(5) });
    await add({
      jobId: paused.id,
      status: 'hired',
      createdAt: daysAgo(18),
      offeredAt: daysAgo(8),
      hiredAt: daysAgo(5),
    });

    const [companyTest, otherTest] = await db
      .insert(tests)
      .values([
        { companyId, name: 'React', type: 'coding' },
        { companyId: otherCompanyId, name: 'Theirs', type: 'mcq' },
      ])
      .returning();
    await buildTestAttempt(db, { testId: companyTest?.id ?? '', jobId: open.id });
    await buildTestAttempt(db, { testId: companyTest?.id ?? '', jobId: open.id, status: 'graded', score: 80 });
    // An attempt with no job counts too: the card and the Tests tab count every assignment of a test.
    await buildTestAttempt(db, { testId: companyTest?.id ?? '' });

    // Another company's figures never mix in.
    const otherJob = await buildJob(db, { companyId: otherCompanyId, status: 'open', publishedAt: daysAgo(50) });
    otherJobId = otherJob.id;
    await buildApplication(db, { jobId: otherJob.id, status: 'interviewing' });
    await buildApplication(db, { jobId: otherJob.id, status: 'hired', hiredAt: daysAgo(1) });
    await buildTestAttempt(db, { testId: otherTest?.id ?? '', jobId: otherJob.id });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('computes the five summary cards from the company’s rows', async () => {
    const response = await company.call(jobsContract.summary);
    expect(response.statusCode).toBe(200);
    // Time-to-hire: (30 − 20) days and (20 − 5) days → 12.5.
    expect(response.body).toEqual({
      open_jobs: 1,
      paused_jobs: 1,
      pending_interviews: 2,
      tests_assigned: 3,
      avg_time_to_hire_days: 12.5,
    });
  });

  it('counts in Tests Assigned exactly what the Tests tab counts as attempts', async () => {
    const summary = (await company.call(jobsContract.summary)).body;
    const tab = (await company.call(testsContract.list, { query: { include_archived: 'true', page_size: 100 } })).body;
    const attempts = tab.items.reduce((sum, test) => sum + test.attempts.total, 0);
    expect(summary.tests_assigned).toBe(attempts);
    expect(attempts).toBe(3);
  });

  it('shows no time-to-hire before the first hire', async () => {
    const fresh = await signedInAccount(testApp, { role: 'company' });
    const summary = (await fresh.call(jobsContract.summary)).body;
    expect(summary).toEqual({
      open_jobs: 0,
      paused_jobs: 0,
      pending_interviews: 0,
      tests_assigned: 0,
      avg_time_to_hire_days: null,
    });
    const analytics = (await fresh.call(jobsContract.analytics)).body;
    expect(analytics).toMatchObject({
      applications: 0,
      conversion_rate: null,
      offer_acceptance_rate: null,
      avg_time_to_hire_days: null,
    });
    expect(analytics.applicants_per_week).toHaveLength(12);
    expect(analytics.applicants_per_week.every((week) => week.applicants === 0)).toBe(true);
  });

  it('computes conversion, offer acceptance, time-to-hire and 12 Sunday weeks of applicants', async () => {
    const response = await company.call(jobsContract.analytics);
    expect(response.statusCode).toBe(200);
    const analytics = response.body;
    expect(analytics).toMatchObject({
      applications: 6,
      hires: 2,
      offers: 3,
      offers_accepted: 2,
      // The third is still waiting for its answer: not a declined offer.
      offers_open: 1,
      conversion_rate: 0.3333,
      offer_acceptance_rate: 1,
      avg_time_to_hire_days: 12.5,
    });
    const weeks = analytics.applicants_per_week;
    expect(weeks).toHaveLength(12);
    const thisWeek = startOfWeek(new Date());
    expect(weeks.at(-1)?.week_start).toBe(thisWeek.toISOString().slice(0, 10));
    for (const week of weeks) expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay()).toBe(0);
    const expected = new Map<string, number>();
    const firstWeek = new Date(`${weeks[0]?.week_start}T00:00:00Z`);
    for (const date of applicationDates) {
      if (date < firstWeek) continue;
      const key = startOfWeek(date).toISOString().slice(0, 10);
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    expect(weeks.map((week) => week.applicants)).toEqual(weeks.map((week) => expected.get(week.week_start) ?? 0));
    expect(weeks.reduce((sum, week) => sum + week.applicants, 0)).toBe(5);
  });

  it('exports the analytics as CSV', async () => {
    const response = await company.call(jobsContract.analyticsCsv);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="hiring-analytics-[\d-]+\.csv"$/);
    const lines = response.rawPayload.toString('utf8').replace('\uFEFF', '').replace(/\r\n$/, '').split('\r\n');
    expect(lines.slice(0, 9)).toEqual([
      'Metric,Value',
      'Applications,6',
      'Hires,2',
      'Conversion rate (hires ÷ applications),33.3%',
      'Offers made,3',
      'Offers accepted,2',
      'Offers awaiting an answer,1',
      'Offer acceptance rate (accepted ÷ answered offers),100.0%',
      'Average time-to-hire,12.5 days',
    ]);
    // Then each source's applications and hires (decision 058): these were all made on the board.
    expect(lines.slice(9, 21)).toEqual([
      'Applications from Tandem board,6',
      'Hires from Tandem board,2',
      'Applications from Indeed,0',
      'Hires from Indeed,0',
      'Applications from Google,0',
      'Hires from Google,0',
      'Applications from Job feed,0',
      'Hires from Job feed,0',
      'Applications from Shared link,0',
      'Hires from Shared link,0',
      'Applications from Referral,0',
      'Hires from Referral,0',
    ]);
    // One table: every row has the header's two columns, the weeks included, and no blank line.
    const weekRows = lines.slice(21);
    expect(weekRows).toHaveLength(12);
    for (const row of weekRows) {
      expect(row).toMatch(/^"?Applicants in the week starting \d{4}-\d{2}-\d{2} \(Sunday, UTC\)"?,\d+$/);
    }
    expect(lines).not.toContain('');
  });

  it('exports the analytics as a one-page PDF with the figures', async () => {
    const response = await company.call(jobsContract.analyticsPdf);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="hiring-analytics-[\d-]+\.pdf"$/);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    const text = await pdfText(pdf);
    for (const figure of [
      'Hiring analytics',
      'Northwind Outfitters',
      '33.3%',
      '100.0%',
      'Offers awaiting an answer',
      '12.5 days',
      'Applicants per week',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).toContain(startOfWeek(new Date()).toISOString().slice(0, 10));
  });

  it('lists a job’s applications, newest first, with the new ones marked, never a decided one', async () => {
    const response = await company.call(jobsContract.applications, { params: { id: openJobId } });
    expect(response.statusCode).toBe(200);
    const list = response.body;
    expect(list).toMatchObject({ total: 4, page: 1, page_size: 20 });
    expect(list.items.map((item) => item.applicant_name).slice(0, 3)).toEqual(['Ana Souza', 'Ben Okafor', 'Chen Wei']);
    expect(list.items[2]).toMatchObject({
      job_id: openJobId,
      job_title: 'React Engineer',
      status: 'hired',
      proposal_rate: 65.5,
      // Unseen, but hired already: nothing new to look at.
      is_new: false,
    });
    // In interviews: acted on, not new; the one nobody acted on is.
    expect(list.items.map((item) => item.is_new)).toEqual([false, false, false, true]);
    expect(list.items[3]).toMatchObject({ status: 'submitted', proposal_rate: null });

    await company.call(jobsContract.markApplicationsSeen, { params: { id: openJobId } });
    const seen = (await company.call(jobsContract.applications, { params: { id: openJobId } })).body;
    expect(seen.items.every((item) => !item.is_new)).toBe(true);

    const paged = (
      await company.call(jobsContract.applications, { params: { id: openJobId }, query: { page: 2, page_size: 3 } })
    ).body;
    expect(paged).toMatchObject({ total: 4, page: 2 });
    expect(paged.items).toHaveLength(1);
    const filtered = (
      await company.call(jobsContract.applications, { params: { id: openJobId }, query: { status: 'hired,submitted' } })
    ).body;
    expect(filtered.total).toBe(2);
    expect((await other.call(jobsContract.applications, { params: { id: openJobId } })).statusCode).toBe(404);
  });

  it('lists the applications in the interviewing stage across the company’s jobs', async () => {
    const response = await company.call(jobsContract.companyApplications, { query: { status: 'interviewing' } });
    expect(response.body).toMatchObject({ total: 2 });
    expect(response.body.items.map((item) => item.applicant_name)).toEqual(['Ana Souza', 'Ben Okafor']);
    const theirs = (await other.call(jobsContract.companyApplications)).body;
    expect(theirs.items.every((item) => item.job_id === otherJobId)).toBe(true);
    expect(theirs.total).toBe(2);
  });
});
