import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '~/shared/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import type { JobApplicationList } from '~/shared/jobs';
import { type ApplicationListQuery, pipelineTexts } from '~/shared/pipeline';
import { applicantProfiles, auditLogs, companyMembers, jobs } from '../db/schema';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildTest, buildTestAttempt } from '../seed/test-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// What a company's reviewers read and write on an application: its detail (profile, cover letter,
// tests), private notes and 1–5 ratings per reviewer; and the lists the board and the company-wide
// page read.
describe('the pipeline API: reviewing', () => {
  let testApp: TestApp;
  let reviewer: Account;
  let colleague: Account;
  let otherCompany: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    reviewer = await signedInAccount(testApp, { role: 'company', name: 'Rita Reviewer' });
    companyId = (await reviewer.call(companiesContract.profile)).body.id;
    // A second member of the same company: their own company is swapped for the reviewer's.
    colleague = await signedInAccount(testApp, { role: 'company', name: 'Colin Colleague' });
    await testApp.database.db
      .update(companyMembers)
      .set({ companyId })
      .where(eq(companyMembers.userId, colleague.user.id));
    otherCompany = await signedInAccount(testApp, { role: 'company' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const detailOf = async (id: string, account = reviewer) =>
    (await account.call(pipelineContract.get, { params: { id } })).body;

  describe('the detail', () => {
    it('shows the applicant’s profile, cover letter, proposed rate and the job’s test results', async () => {
      const { test: coding } = await buildTest(db(), {
        companyId,
        name: 'Coding Challenge',
        type: 'coding',
        passRate: 70,
      });
      const { test: writing } = await buildTest(db(), { companyId, name: 'Writing Sample', type: 'written' });
      const { test: unrelated } = await buildTest(db(), { companyId, name: 'Unrelated Test' });
      const job = await buildJob(db(), { companyId, testIds: [coding.id, writing.id] });
      const application = await buildApplication(db(), {
        jobId: job.id,
        applicantName: 'Ada Lovelace',
        coverLetter: 'I love analytical engines.\nHire me.',
        proposalRateCents: 7250,
      });
      await db()
        .update(applicantProfiles)
        .set({
          headline: 'Senior React Developer',
          summary: 'Ten years of front-end work.',
          hourlyRateCents: 8000,
          skills: ['React', 'TypeScript'],
          experienceLevel: 'senior',
          availability: 'full-time',
          region: 'Europe',
          location: 'London',
          timezone: 'UTC+00:00',
        })
        .where(eq(applicantProfiles.userId, application.applicantId));
      // An older failed attempt and a newer passed one: the latest counts. The unrelated test is not shown.
      await buildTestAttempt(db(), {
        testId: coding.id,
        applicantId: application.applicantId,
        score: 40,
        assignedAt: new Date(Date.now() - 5 * 86_400_000),
      });
      await buildTestAttempt(db(), { testId: coding.id, applicantId: application.applicantId, score: 85 });
      await buildTestAttempt(db(), { testId: unrelated.id, applicantId: application.applicantId, score: 90 });

      const detail = await detailOf(application.id);
      expect(detail).toMatchObject({
        id: application.id,
        status: 'submitted',
        job: { id: job.id, title: job.title, status: 'open', openings: 1 },
        applicant: {
          id: application.applicantId,
          name: 'Ada Lovelace',
          headline: 'Senior React Developer',
          summary: 'Ten years of front-end work.',
          hourly_rate: 80,
          skills: ['React', 'TypeScript'],
          experience_level: 'senior',
          availability: 'full-time',
          region: 'Europe',
          location: 'London',
          timezone: 'UTC+00:00',
        },
        cover_letter: 'I love analytical engines.\nHire me.',
        proposal_rate: 72.5,
        rejection_reason: null,
        offer: null,
        notes: [],
        rating: { mine: null, average: null, count: 0 },
      });
      expect(detail.applicant.email).toMatch(/@example\.test$/);
      expect(detail.test_results).toEqual([
        {
          test_id: coding.id,
          test_name: 'Coding Challenge',
          test_type: 'coding',
          pass_rate: 70,
          attempt: {
            id: expect.any(String),
            status: 'graded',
            score: 85,
            passed: true,
            submitted_at: expect.any(String),
            pending_reviews: 0,
          },
        },
        { test_id: writing.id, test_name: 'Writing Sample', test_type: 'written', pass_rate: 70, attempt: null },
      ]);
    });

    it('reads an applicant with an empty profile without inventing anything', async () => {
      const job = await buildJob(db(), { companyId });
      const application = await buildApplication(db(), { jobId: job.id, proposalRateCents: null });
      const detail = await detailOf(application.id);
      expect(detail.applicant).toMatchObject({
        headline: null,
        hourly_rate: null,
        skills: [],
        region: null,
        photo_url: null,
      });
      expect(detail.proposal_rate).toBeNull();
      expect(detail.test_results).toEqual([]);
    });
  });

  describe('private notes', () => {
    it('keeps each reviewer’s notes with author and time, newest first, and logs that one was written', async () => {
      const application = await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id });
      const params = { id: application.id };
      const first = await reviewer.call(pipelineContract.addNote, { params, body: { body: '  Strong portfolio.  ' } });
      expect(first.statusCode).toBe(201);
      expect(first.body).toMatchObject({
        body: 'Strong portfolio.',
        author_id: reviewer.user.id,
        author_name: 'Rita Reviewer',
      });
      const second = await colleague.call(pipelineContract.addNote, { params, body: { body: 'Ask about on-call.' } });
      expect(second.statusCode).toBe(201);

      const detail = await detailOf(application.id, colleague);
      expect(detail.notes.map((note) => [note.author_name, note.body])).toEqual([
        ['Colin Colleague', 'Ask about on-call.'],
        ['Rita Reviewer', 'Strong portfolio.'],
      ]);
      const [audit] = await db().select().from(auditLogs).where(eq(auditLogs.targetId, application.id));
      expect(audit).toMatchObject({ action: 'application.note_added', actorId: reviewer.user.id });
      expect(JSON.stringify(audit?.details)).not.toContain('Strong portfolio');
    });

    it('refuses an empty or overlong note with a sentence', async () => {
      const application = await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id });
      for (const [payload, message] of [
        [{ body: '   ' }, pipelineTexts.noteRequired],
        [{ body: 'x'.repeat(5001) }, pipelineTexts.noteTooLong],
        [{}, 'Invalid input: expected string, received undefined'],
      ] as const) {
        // No body at all among them: sent past the contract's types on purpose.
        const response = await reviewer.callUnchecked(pipelineContract.addNote, {
          params: { id: application.id },
          body: payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.error?.fields?.body).toBe(message);
      }
      expect((await detailOf(application.id)).notes).toEqual([]);
    });
  });

  describe('ratings', () => {
    it('keeps one rating per reviewer, changed by rating again, and averages them', async () => {
      const application = await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id });
      // As sent, before the contract's schema leaves out what it does not declare.
      const rate = async (account: Account, rating: number) =>
        JSON.parse(
          (
            await account.call(pipelineContract.rate, { params: { id: application.id }, body: { rating } })
          ).rawPayload.toString(),
        );

      expect(await rate(reviewer, 4)).toEqual({ mine: 4, average: 4, count: 1 });
      expect(await rate(colleague, 5)).toEqual({ mine: 5, average: 4.5, count: 2 });
      expect(await rate(reviewer, 2)).toEqual({ mine: 2, average: 3.5, count: 2 });
      expect((await detailOf(application.id)).rating).toEqual({ mine: 2, average: 3.5, count: 2 });
      expect((await detailOf(application.id, colleague)).rating).toEqual({ mine: 5, average: 3.5, count: 2 });

      const list = (await reviewer.call(jobsContract.applications, { params: { id: application.jobId } })).body;
      expect(list.items[0]).toMatchObject({ id: application.id, average_rating: 3.5, rating_count: 2 });
    });

    it('takes whole stars from 1 to 5 only', async () => {
      const application = await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id });
      for (const rating of [0, 6, 3.5, '4', null]) {
        // Text and null among them: sent past the contract's types on purpose.
        const response = await reviewer.callUnchecked(pipelineContract.rate, {
          params: { id: application.id },
          body: { rating },
        });
        expect(response.statusCode, String(rating)).toBe(400);
        expect(response.error?.fields).toEqual({ rating: pipelineTexts.rating });
      }
      expect((await detailOf(application.id)).rating.count).toBe(0);
    });

    it('lets the other company neither read nor add to them', async () => {
      const application = await buildApplication(db(), { jobId: (await buildJob(db(), { companyId })).id });
      const params = { id: application.id };
      await reviewer.call(pipelineContract.rate, { params, body: { rating: 5 } });
      const response = await otherCompany.call(pipelineContract.rate, { params, body: { rating: 1 } });
      expect(response.statusCode).toBe(404);
      expect((await detailOf(application.id)).rating).toEqual({ mine: 5, average: 5, count: 1 });
    });
  });

  describe('the lists', () => {
    let jobId: string;
    let otherJobId: string;
    // The lists' own reader: the shared reviewer stays the other blocks' reviewer, whichever runs first.
    let owner: Account;

    beforeAll(async () => {
      // A company of its own, so the counts are exactly these.
      owner = await signedInAccount(testApp, { role: 'company' });
      const ownerCompany = (await owner.call(companiesContract.profile)).body.id;
      const job = await buildJob(db(), { companyId: ownerCompany, title: 'Data Entry Clerk' });
      const otherJob = await buildJob(db(), { companyId: ownerCompany, title: 'Support Agent' });
      jobId = job.id;
      otherJobId = otherJob.id;
      const specs: Array<[string, ApplicationStatus, number]> = [
        ['Grace Hopper', 'submitted', 5],
        ['Alan Turing', 'shortlisted', 4],
        ['Katherine Johnson', 'interviewing', 3],
        ['Edsger Dijkstra', 'rejected', 2],
        ['Barbara Liskov', 'submitted', 1],
      ];
      for (const [name, status, daysAgo] of specs) {
        await buildApplication(db(), {
          jobId,
          applicantName: name,
          status,
          createdAt: new Date(Date.now() - daysAgo * 86_400_000),
        });
      }
      await buildApplication(db(), { jobId: otherJobId, applicantName: 'Margaret Hamilton', status: 'interviewing' });
    });

    // The company-wide list, or one job's board.
    const list = async (query: ApplicationListQuery = {}, board?: string) => {
      const response = board
        ? await owner.call(jobsContract.applications, { params: { id: board }, query })
        : await owner.call(pipelineContract.list, { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      return response.body;
    };
    const names = (answer: JobApplicationList) => answer.items.map((item) => item.applicant_name);

    it('a job’s board: newest first, a stage at a time, with every stage’s count', async () => {
      const all = await list({}, jobId);
      expect(names(all)).toEqual([
        'Barbara Liskov',
        'Edsger Dijkstra',
        'Katherine Johnson',
        'Alan Turing',
        'Grace Hopper',
      ]);
      expect(all.counts).toEqual({
        submitted: 2,
        shortlisted: 1,
        interviewing: 1,
        offered: 0,
        hired: 0,
        rejected: 1,
        withdrawn: 0,
      });
      expect(all.total).toBe(5);
      const submitted = await list({ status: 'submitted' }, jobId);
      expect(names(submitted)).toEqual(['Barbara Liskov', 'Grace Hopper']);
      // The tabs keep counting every stage while one is shown.
      expect(submitted.counts.interviewing).toBe(1);
      expect(submitted.total).toBe(2);
      const paged = await list({ page: 2, page_size: 2 }, jobId);
      expect(names(paged)).toEqual(['Katherine Johnson', 'Alan Turing']);
      expect(paged.total).toBe(5);
    });

    it('the company-wide list: every job, or one, a stage, a name', async () => {
      const all = await list();
      expect(all.total).toBe(6);
      expect(all.items[0]).toMatchObject({ applicant_name: 'Margaret Hamilton', job_title: 'Support Agent' });
      expect(all.counts.interviewing).toBe(2);
      expect((await list({ job_id: otherJobId })).total).toBe(1);
      expect(names(await list({ status: 'interviewing' }))).toEqual(['Margaret Hamilton', 'Katherine Johnson']);
      const searched = await list({ q: 'turing' });
      expect(names(searched)).toEqual(['Alan Turing']);
      expect(searched.counts).toMatchObject({ shortlisted: 1, submitted: 0 });
      // A search box's % is a character, not a wildcard.
      expect((await list({ q: '%' })).total).toBe(0);
      const pastTheEnd = await list({ page: 9 });
      expect(pastTheEnd).toMatchObject({ items: [], total: 6, page: 9 });
    });

    it('the company-wide list counts what is new by each job’s last visit, or since a moment', async () => {
      // No job opened yet: every application nobody acted on (submitted) is new: Grace Hopper, Barbara Liskov.
      expect((await list()).new_count).toBe(2);
      // The clerk's applications were opened two and a half days ago: only Barbara Liskov came after. Margaret
      // Hamilton's job was never opened, but she is in interviews: acted on, not new.
      await db()
        .update(jobs)
        .set({ applicationsSeenAt: new Date(Date.now() - 2.5 * 86_400_000) })
        .where(eq(jobs.id, jobId));
      try {
        const all = await list();
        expect(all.new_count).toBe(1);
        expect(all.items.filter((item) => item.is_new).map((item) => item.applicant_name)).toEqual(['Barbara Liskov']);
        const since = new Date(Date.now() - 6 * 86_400_000).toISOString();
        const sinceMoment = await list({ new_since: since });
        expect(sinceMoment.new_count).toBe(2);
        expect(sinceMoment.counts).toEqual(all.counts);
      } finally {
        await db().update(jobs).set({ applicationsSeenAt: null }).where(eq(jobs.id, jobId));
      }
      const untested = await list({ test: 'none', status: 'submitted,interviewing' });
      expect(names(untested)).toEqual(['Margaret Hamilton', 'Barbara Liskov', 'Katherine Johnson', 'Grace Hopper']);
      expect(untested.counts).toMatchObject({ submitted: 2, interviewing: 2, rejected: 1 });
      expect((await list({ min_rating: 1 })).total).toBe(0);
    });

    it('refuses a malformed filter with a sentence', async () => {
      for (const [query, fields] of [
        [{ status: 'promoted' }, { 'status.0': 'Unknown application status.' }],
        [{ job_id: '42' }, { job_id: 'This job does not exist.' }],
        [{ page: 0 }, { page: 'Too small: expected number to be >=1' }],
      ] as const) {
        const response = await owner.call(pipelineContract.list, { query });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.error?.fields).toEqual(fields);
      }
    });
  });
});
