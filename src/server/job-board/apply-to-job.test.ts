import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { applicationsContract } from '~/shared/contracts/applications';
import { testAttemptsContract, testsContract } from '~/shared/contracts/assessments';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { jobBoardTexts } from '~/shared/job-board';
import { milestoneTexts } from '~/shared/milestones';
import { paths } from '~/shared/routes';
import { applications, auditLogs, jobInvitations, jobTests, notifications, testAttempts } from '../db/schema';
import { forbiddenMessage, unverifiedEmailMessage } from '../platform/access-control';
import { buildAccount } from '../seed/factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { applyWaitsFor } from './apply-to-job';

// POST /api/jobs/:id/applications (Apply): the application, its first history entry, the
// company told, the audit row; and each refusal with its sentence, a race included.
describe('applying to a job', () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyAccount>>;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const apply = (
    account: Account,
    jobId: string,
    body: BodyOf<typeof jobBoardContract.apply> = { cover_letter: 'I have done this for years.' },
  ) => account.call(jobBoardContract.apply, { params: { id: jobId }, body });
  const jobPosting = (account: Account, jobId: string) =>
    account.call(jobBoardContract.jobPosting, { params: { id: jobId } });
  const openJob = (overrides = {}) => jobWith(testApp, company.companyId, uniqueWord(), overrides);
  const applicationsOf = (jobId: string) =>
    testApp.database.db.select().from(applications).where(eq(applications.jobId, jobId));

  it('stores a submitted application with its first history entry, tells the company and audits it', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Grace Hopper' });
    const colleague = await buildAccount(testApp.database.db, {
      role: 'company',
      company: { id: company.companyId, role: 'admin' },
    });
    const job = await openJob({ title: 'Support Engineer' });

    const response = await apply(applicant, job.id, {
      cover_letter: '  I answer tickets kindly.  ',
      proposal_rate: 42.5,
    });
    expect(response.statusCode, response.error?.error).toBe(201);
    const body = response.body;
    expect(body).toMatchObject({
      job_id: job.id,
      status: 'submitted',
      cover_letter: 'I answer tickets kindly.',
      proposal_rate: 42.5,
    });

    const [row] = await applicationsOf(job.id);
    expect(row).toMatchObject({
      id: body.id,
      applicantId: applicant.user.id,
      coverLetter: 'I answer tickets kindly.',
      proposalRateCents: 4250,
      status: 'submitted',
    });
    expect(row?.history).toEqual([{ status: 'submitted', at: body.created_at, by: applicant.user.id }]);

    // This job's notifications: the other tests apply to the same company's jobs.
    const told = await testApp.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'application_received'),
          eq(notifications.link, paths.companyJob.getHref({ id: job.id })),
        ),
      );
    expect(told.map((note) => note.userId).sort()).toEqual([company.user.id, colleague.user.id].sort());
    expect(told[0]).toMatchObject({
      title: 'New application for Support Engineer',
      body: 'Grace Hopper applied at $42.50 an hour.',
      link: paths.companyJob.getHref({ id: job.id }),
    });

    const audit = await testApp.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, body.id));
    expect(audit).toMatchObject([
      {
        action: 'application.submitted',
        actorId: applicant.user.id,
        targetType: 'application',
        details: { job_id: job.id, proposal_rate_cents: 4250 },
      },
    ]);

    // The board now shows the application on the job.
    const detail = await jobPosting(applicant, job.id);
    expect(detail.body.application).toEqual({ id: body.id, status: 'submitted', created_at: body.created_at });
  });

  it('answers with the required tests now waiting, and the job says so until each is submitted', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const created = await company.call(testsContract.create, {
      body: {
        name: 'Ticket Triage',
        type: 'mixed',
        time_limit: 20,
        pass_rate: 50,
        is_active: true,
        questions: [{ type: 'date', question: 'Which day is it due?', answer_key: '2026-07-04' }],
      },
    });
    expect(created.statusCode, created.error?.error).toBe(201);
    const test = created.body;
    const first = await openJob({ title: 'Support Triage' });
    const second = await openJob({ title: 'Support Triage, nights' });
    await testApp.database.db.insert(jobTests).values([
      { jobId: first.id, testId: test.id },
      { jobId: second.id, testId: test.id },
    ]);

    // Before applying nothing waits, though the job lists the test it requires.
    const before = (await jobPosting(applicant, first.id)).body;
    expect(before.required_tests).toMatchObject([{ id: test.id, name: 'Ticket Triage' }]);
    expect(before.waiting_tests).toEqual([]);

    const response = await apply(applicant, first.id);
    expect(response.statusCode, response.error?.error).toBe(201);
    const waiting = response.body.waiting_tests;
    expect(waiting).toEqual([
      { id: expect.any(String), test_id: test.id, name: 'Ticket Triage', time_limit: 20, status: 'assigned' },
    ]);
    const [attempt] = await testApp.database.db
      .select()
      .from(testAttempts)
      .where(eq(testAttempts.id, waiting[0]?.id ?? ''));
    expect(attempt).toMatchObject({ applicantId: applicant.user.id, jobId: first.id, status: 'assigned' });
    const page = (await jobPosting(applicant, first.id)).body;
    expect(page.waiting_tests).toEqual(waiting);

    // The second job asks for the same test: the attempt still open is the one that waits.
    const again = await apply(applicant, second.id);
    expect(again.body.waiting_tests).toEqual(waiting);

    // Started, it still waits; submitted, it no longer does.
    const waitingAttempt = { params: { id: waiting[0]?.id ?? '' } };
    expect((await applicant.call(testAttemptsContract.start, waitingAttempt)).statusCode).toBe(200);
    const started = (await jobPosting(applicant, first.id)).body;
    expect(started.waiting_tests).toMatchObject([{ id: waiting[0]?.id, status: 'started' }]);
    expect((await applicant.call(testAttemptsContract.submit, waitingAttempt)).statusCode).toBe(200);
    const after = (await jobPosting(applicant, first.id)).body;
    expect(after.waiting_tests).toEqual([]);
  });

  it('takes an application without a rate', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await openJob();
    const response = await apply(applicant, job.id, { cover_letter: 'Hello', proposal_rate: null });
    expect(response.statusCode).toBe(201);
    expect(response.body.proposal_rate).toBeNull();
  });

  it('asks for a cover letter in the spec’s words, and for a sensible rate', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await openJob();
    const cases: Array<[object, Record<string, string>]> = [
      [{}, { cover_letter: jobBoardTexts.coverLetterRequired }],
      [{ cover_letter: '   \n ' }, { cover_letter: jobBoardTexts.coverLetterRequired }],
      [{ cover_letter: 'x'.repeat(5001) }, { cover_letter: jobBoardTexts.coverLetterTooLong }],
      [{ cover_letter: 'Hi', proposal_rate: 0 }, { proposal_rate: jobBoardTexts.proposalRate }],
      [{ cover_letter: 'Hi', proposal_rate: 10_001 }, { proposal_rate: jobBoardTexts.proposalRate }],
      [{ cover_letter: 'Hi', proposal_rate: '40' }, { proposal_rate: jobBoardTexts.proposalRate }],
    ];
    for (const [payload, fields] of cases) {
      // Some of these (no cover letter, a rate in words) are what the contract's type would not send.
      const response = await applicant.callUnchecked(jobBoardContract.apply, { params: { id: job.id }, body: payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.error, JSON.stringify(payload)).toMatchObject({ code: 'validation', fields });
    }
    expect(await applicationsOf(job.id)).toEqual([]);
  });

  it('refuses a second application to the same job', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await openJob();
    expect((await apply(applicant, job.id)).statusCode).toBe(201);
    const second = await apply(applicant, job.id);
    expect(second.statusCode).toBe(409);
    expect(second.error).toEqual({ error: jobBoardTexts.alreadyApplied, code: 'conflict' });
    expect(await applicationsOf(job.id)).toHaveLength(1);
  });

  it('keeps one application when two applies race', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await openJob();
    const responses = await Promise.all([apply(applicant, job.id), apply(applicant, job.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)?.error?.error).toBe(jobBoardTexts.alreadyApplied);
    expect(await applicationsOf(job.id)).toHaveLength(1);
    const audited = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actorId, applicant.user.id), eq(auditLogs.action, 'application.submitted')));
    expect(audited).toHaveLength(1);
  });

  describe('a fixed-price job', () => {
    const fixedJob = () => openJob({ title: 'Brand Refresh', engagementType: 'fixed', budgetTotalCents: 500_000 });
    const due = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

    it('takes a total split into milestones, which the company reads and tells apart from a rate', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Byron' });
      const job = await fixedJob();
      const milestones = [
        { title: 'Moodboard and two directions', description: 'Two rounds.', amount_cents: 150_000, due_date: due(7) },
        { title: 'Final logo and guide', description: '', amount_cents: 250_050, due_date: due(21) },
      ];
      const response = await apply(applicant, job.id, {
        cover_letter: 'I refreshed three brands last year.',
        proposal_price_cents: 400_050,
        proposal_milestones: milestones,
      });
      expect(response.statusCode, response.error?.error).toBe(201);
      expect(response.body).toMatchObject({
        proposal_rate: null,
        proposal_price_cents: 400_050,
        proposal_milestones: milestones,
      });
      const [row] = await applicationsOf(job.id);
      expect(row).toMatchObject({ proposalRateCents: null, proposalPriceCents: 400_050 });

      const [told] = await testApp.database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'application_received'),
            eq(notifications.link, paths.companyJob.getHref({ id: job.id })),
            eq(notifications.userId, company.user.id),
          ),
        );
      expect(told?.body).toBe('Ada Byron applied for $4,000.50 in 2 milestones.');

      const list = await company.call(jobsContract.applications, { params: { id: job.id } });
      expect(list.statusCode, list.error?.error).toBe(200);
      expect(list.body.items).toMatchObject([{ proposal_rate: null, proposal_price_cents: 400_050 }]);
      const detail = await company.call(pipelineContract.get, { params: { id: row?.id ?? '' } });
      expect(detail.body).toMatchObject({ proposal_price_cents: 400_050, proposal_milestones: milestones });
      const own = await applicant.call(applicationsContract.list);
      expect(own.body.items).toMatchObject([{ proposal_price_cents: 400_050, proposal_milestones: milestones }]);
    });

    it('takes a total alone, or nothing but the cover letter', async () => {
      const job = await fixedJob();
      const first = await signedInAccount(testApp, { role: 'applicant' });
      const total = await apply(first, job.id, { cover_letter: 'Happy to.', proposal_price_cents: 480_000 });
      expect(total.statusCode, total.error?.error).toBe(201);
      expect(total.body).toMatchObject({ proposal_price_cents: 480_000, proposal_milestones: null });
      const second = await signedInAccount(testApp, { role: 'applicant' });
      const open = await apply(second, job.id, { cover_letter: 'Your budget suits me.' });
      expect(open.statusCode, open.error?.error).toBe(201);
      expect(open.body).toMatchObject({ proposal_rate: null, proposal_price_cents: null, proposal_milestones: null });
    });

    it('refuses an hourly rate on a fixed price and a price on an hourly job, at the field, storing nothing', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const fixed = await fixedJob();
      const rate = await apply(applicant, fixed.id, { cover_letter: 'Hello.', proposal_rate: 40 });
      expect(rate.statusCode).toBe(400);
      expect(rate.error).toMatchObject({
        error: jobBoardTexts.rateForFixedPrice,
        fields: { proposal_rate: jobBoardTexts.rateForFixedPrice },
      });
      const hourly = await openJob();
      const price = await apply(applicant, hourly.id, { cover_letter: 'Hello.', proposal_price_cents: 100_000 });
      expect(price.statusCode).toBe(400);
      expect(price.error).toMatchObject({ fields: { proposal_price_cents: jobBoardTexts.priceForHourly } });
      expect(await applicationsOf(fixed.id)).toEqual([]);
      expect(await applicationsOf(hourly.id)).toEqual([]);
    });

    it('refuses milestones that do not add up to the total, have no total, or are due in the past', async () => {
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      const job = await fixedJob();
      const milestone = { title: 'All of it', amount_cents: 100_000, due_date: due(10) };
      const cases: Array<[Partial<BodyOf<typeof jobBoardContract.apply>>, Record<string, string>]> = [
        [
          { proposal_price_cents: 100_001, proposal_milestones: [milestone] },
          { proposal_price_cents: milestoneTexts.totalMismatch(100_000, 100_001) },
        ],
        [{ proposal_milestones: [milestone] }, { proposal_price_cents: jobBoardTexts.milestonesNeedPrice }],
        [
          { proposal_price_cents: 100_000, proposal_milestones: [{ ...milestone, due_date: due(-3) }] },
          { 'proposal_milestones.0.due_date': jobBoardTexts.milestoneDuePast },
        ],
        [
          { proposal_price_cents: 100_000, proposal_milestones: [] },
          { proposal_milestones: milestoneTexts.atLeastOne },
        ],
      ];
      for (const [proposal, fields] of cases) {
        const response = await apply(applicant, job.id, { cover_letter: 'Hello.', ...proposal });
        expect(response.statusCode, JSON.stringify(proposal)).toBe(400);
        expect(response.error?.fields).toMatchObject(fields);
      }
      expect(await applicationsOf(job.id)).toEqual([]);
    });
  });

  it('refuses a job that is not open, and answers a job the applicant cannot see as missing', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    for (const status of ['paused', 'closed'] as const) {
      const job = await openJob({ status });
      const response = await apply(applicant, job.id);
      expect(response.statusCode, status).toBe(409);
      expect(response.error, status).toEqual({ error: jobBoardTexts.jobNotOpen, code: 'conflict' });
    }
    const hidden = [
      await openJob({ status: 'draft' }),
      await openJob({ status: 'archived' }),
      await openJob({ visibility: 'private' }),
    ];
    for (const job of hidden) {
      const response = await apply(applicant, job.id);
      expect(response.statusCode, job.status).toBe(404);
      expect(response.error?.error).toBe(jobBoardTexts.jobNotFound);
    }
    const missing = await apply(applicant, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const malformed = await apply(applicant, 'not-a-job');
    expect(malformed.statusCode).toBe(400);
  });

  it('lets an invited applicant apply to a private job', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const job = await openJob({ visibility: 'private' });
    await testApp.database.db.insert(jobInvitations).values({ jobId: job.id, applicantId: applicant.user.id });
    expect((await apply(applicant, job.id)).statusCode).toBe(201);
  });

  it('waits for a confirmed email address, saying what to do', async () => {
    const unconfirmed = await signedInAccount(testApp, { role: 'applicant', emailVerified: false });
    const job = await openJob();
    const response = await apply(unconfirmed, job.id);
    expect(response.statusCode).toBe(403);
    expect(response.error).toEqual({
      error: unverifiedEmailMessage(unconfirmed.user.email, applyWaitsFor),
      code: 'forbidden',
    });
    expect(response.error?.error).toMatch(/^Confirm your email address to apply to jobs\. /);
    expect(await applicationsOf(job.id)).toEqual([]);
  });

  it('is for applicants: a company cannot apply, a visitor must sign in', async () => {
    const job = await openJob();
    const response = await apply(company, job.id);
    expect(response.statusCode).toBe(403);
    expect(response.error).toEqual({ error: forbiddenMessage, code: 'forbidden' });
    const anonymous = await callerFrom(testApp).call(jobBoardContract.apply, {
      params: { id: job.id },
      body: { cover_letter: 'Hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await applicationsOf(job.id)).toEqual([]);
  });
});
