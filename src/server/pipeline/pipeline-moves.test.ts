import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApplicationStatus,
  applicationStatuses,
  applicationTexts,
  canMoveApplication,
  illegalApplicationMoveMessage,
} from '~/shared/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import { pipelineContract } from '~/shared/contracts/pipeline';
import { type CreateJobInput, earliestStartDate, jobEditTexts } from '~/shared/jobs';
import {
  BULK_MOVE_MAX,
  type BulkMoveInput,
  type MoveApplicationInput,
  type OfferInput,
  pipelineTexts,
} from '~/shared/pipeline';
import { unknownPlaceholderMessage } from '~/shared/template-placeholders';
import { applications, assignments, auditLogs, companies, emailOutbox, jobs, notifications } from '../db/schema';
import { moveApplication } from '../kernels/hiring/move-application';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const validOffer = { rate: 55.5, weekly_hours: 30, start_date: inDays(14) };

// The company's moves on the pipeline (docs/design.md §5): every transition it may make, every refusal with
// its sentence, offers and their rules, bulk moves, tenancy, and what an accepted offer does to the job.
describe('the pipeline API: moves', () => {
  let testApp: TestApp;
  let company: Account;
  let otherCompany: Account;
  let companyId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', name: 'Rita Reviewer' });
    otherCompany = await signedInAccount(testApp, { role: 'company' });
    companyId = (await company.call(companiesContract.profile)).body.id;
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const newJob = (overrides: Partial<Parameters<typeof buildJob>[1]> = {}) =>
    buildJob(db(), { companyId, ...overrides });
  const newApplication = async (status: ApplicationStatus = 'submitted', jobId?: string) =>
    buildApplication(db(), { jobId: jobId ?? (await newJob()).id, status });
  const statusOf = async (id: string) =>
    (await db().select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]?.status;
  const move = (id: string, body: MoveApplicationInput, account = company) =>
    account.call(pipelineContract.move, { params: { id }, body });
  const offer = (id: string, body: OfferInput, account = company) =>
    account.call(pipelineContract.offer, { params: { id }, body });
  const jobView = async (id: string) => (await company.call(jobsContract.get, { params: { id } })).body;
  const detailOf = async (id: string) => (await company.call(pipelineContract.get, { params: { id } })).body;

  describe('every move the company may ask for', () => {
    // From every stage to every stage: the allowed ones happen, the others are a 409 with the sentence.
    const targets = applicationStatuses;
    for (const from of applicationStatuses) {
      it(`from ${from}`, async () => {
        for (const to of targets) {
          const application = await newApplication(from);
          const response =
            to === 'offered' ? await offer(application.id, validOffer) : await move(application.id, { to });
          if (canMoveApplication(from, to, 'company')) {
            expect(response.statusCode, `${from} → ${to}`).toBe(200);
            expect(response.body.status).toBe(to);
            expect(await statusOf(application.id)).toBe(to);
          } else {
            expect(response.statusCode, `${from} → ${to}`).toBe(409);
            expect(response.error).toEqual({ error: illegalApplicationMoveMessage(from, to), code: 'conflict' });
            expect(await statusOf(application.id)).toBe(from);
          }
        }
      });
    }

    it('says why a move is refused in plain words', () => {
      expect(illegalApplicationMoveMessage('offered', 'offered')).toBe(
        'This application is in the Offer stage already.',
      );
      expect(illegalApplicationMoveMessage('submitted', 'hired')).toBe(
        'Only an offer the applicant accepts makes a hire.',
      );
      expect(illegalApplicationMoveMessage('rejected', 'rejected')).toBe(
        'This application was not selected; it cannot move any more.',
      );
      expect(illegalApplicationMoveMessage('interviewing', 'shortlisted')).toBe(
        'An application cannot move from Interviewing to Shortlisted.',
      );
    });

    it('records who moved it and when, tells the applicant, and logs the move', async () => {
      const application = await newApplication('submitted');
      const response = await move(application.id, { to: 'shortlisted' });
      expect(response.statusCode).toBe(200);
      const detail = response.body;
      expect(detail.history.map((entry) => entry.status)).toEqual(['submitted', 'shortlisted']);
      expect(detail.history[1]).toMatchObject({ by_name: 'Rita Reviewer', note: null });
      expect(Date.parse(detail.history[1]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const told = await db().select().from(notifications).where(eq(notifications.userId, application.applicantId));
      expect(told).toMatchObject([
        { type: 'application_stage_changed', body: 'Your application moved to Shortlisted.' },
      ]);
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, application.id), eq(auditLogs.action, 'application.moved')));
      expect(audit).toMatchObject({ actorId: company.user.id, details: { from: 'submitted', to: 'shortlisted' } });
    });

    it('asks for an offer’s terms instead of moving to offered without them', async () => {
      const application = await newApplication('interviewing');
      const response = await move(application.id, { to: 'offered' });
      expect(response.statusCode).toBe(400);
      expect(response.error?.error).toBe('An offer needs a rate, weekly hours and a start date.');
      expect(await statusOf(application.id)).toBe('interviewing');
    });

    it('refuses an unknown stage with a sentence', async () => {
      const application = await newApplication();
      // A stage the contract's types would not allow, sent on purpose.
      const response = await company.callUnchecked(pipelineContract.move, {
        params: { id: application.id },
        body: { to: 'promoted' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.error?.fields).toEqual({ to: 'Unknown application stage.' });
    });
  });

  describe('rejecting', () => {
    it('keeps the reason the applicant reads, or says it neutrally', async () => {
      const withReason = await newApplication('interviewing');
      const reason = 'We chose a candidate with more Kubernetes experience.';
      const rejected = await move(withReason.id, { to: 'rejected', reason: `  ${reason}  ` });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.body).toMatchObject({ status: 'rejected', rejection_reason: reason });

      const without = await newApplication('submitted');
      const neutral = await move(without.id, { to: 'rejected' });
      expect(neutral.body).toMatchObject({
        status: 'rejected',
        rejection_reason: applicationTexts.defaultRejectionReason,
      });
      const [told] = await db().select().from(notifications).where(eq(notifications.userId, without.applicantId));
      expect(told?.body).toBe(applicationTexts.defaultRejectionReason);
    });

    it('fills a reason’s placeholders for each applicant, one at a time or many at once, and refuses others', async () => {
      const job = await newJob();
      const [ada, grace] = await Promise.all(
        ['Ada Lovelace', 'Grace Hopper'].map((applicantName) =>
          buildApplication(db(), { jobId: job.id, applicantName, status: 'interviewing' }),
        ),
      );
      if (!ada || !grace) throw new Error('two applications');
      const template = 'Thank you, {{ first_name }}: {{company_name}} has filled {{job_title}}.';
      const [hiring] = await db()
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.id, job.companyId));
      const one = await move(ada.id, { to: 'rejected', reason: template });
      expect(one.body.rejection_reason).toBe(`Thank you, Ada: ${hiring?.name} has filled ${job.title}.`);
      const [told] = await db().select().from(notifications).where(eq(notifications.userId, ada.applicantId));
      expect(told?.body).toBe(`Thank you, Ada: ${hiring?.name} has filled ${job.title}.`);

      const many = await company.call(pipelineContract.bulkMove, {
        body: { to: 'rejected', ids: [grace.id], reason: template },
      });
      expect(many.statusCode, many.error?.error).toBe(200);
      const [graceRow] = await db().select().from(applications).where(eq(applications.id, grace.id));
      expect(graceRow?.rejectionReason).toBe(`Thank you, Grace: ${hiring?.name} has filled ${job.title}.`);

      const other = await newApplication('interviewing');
      const unknown = await move(other.id, { to: 'rejected', reason: 'Dear {{name}},' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.fields).toEqual({ reason: unknownPlaceholderMessage(['{{name}}']) });
      expect(await statusOf(other.id)).toBe('interviewing');
    });

    it('takes a reason only with a rejection, and a short one', async () => {
      const application = await newApplication();
      const withReason = await move(application.id, { to: 'shortlisted', reason: 'Great fit' });
      expect(withReason.statusCode).toBe(400);
      expect(withReason.error?.fields).toEqual({ reason: pipelineTexts.reasonOnlyWhenRejecting });
      const tooLong = await move(application.id, { to: 'rejected', reason: 'x'.repeat(501) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.error?.fields).toEqual({ reason: pipelineTexts.reasonTooLong });
      expect(await statusOf(application.id)).toBe('submitted');
    });
  });

  describe('offers', () => {
    it('stores the terms, tells the applicant by notification and email, and shows them', async () => {
      const application = await newApplication('interviewing');
      const response = await offer(application.id, validOffer);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        status: 'offered',
        offer: { rate: 55.5, weekly_hours: 30, start_date: validOffer.start_date },
      });
      const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
      expect(row).toMatchObject({ offerRateCents: 5550, offerWeeklyHours: 30, offerStartDate: validOffer.start_date });
      const [told] = await db().select().from(notifications).where(eq(notifications.userId, application.applicantId));
      expect(told?.type).toBe('offer_made');
      const detail = response.body;
      const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, detail.applicant.email));
      expect(emails.map((email) => email.subject)).toEqual([`You have an offer for ${detail.job.title}`]);
    });

    it('enforces the offer’s rules field by field', async () => {
      const application = await newApplication('interviewing');
      const cases: Array<[object, Record<string, string>]> = [
        [
          {},
          {
            rate: pipelineTexts.offerRate,
            weekly_hours: pipelineTexts.offerHours,
            start_date: pipelineTexts.offerStartRequired,
          },
        ],
        [{ ...validOffer, rate: 0 }, { rate: pipelineTexts.offerRate }],
        [{ ...validOffer, rate: 1000.01 }, { rate: pipelineTexts.offerRate }],
        [{ ...validOffer, rate: 20.555 }, { rate: 'Use at most two decimals for the rate.' }],
        [{ ...validOffer, rate: '50' }, { rate: pipelineTexts.offerRate }],
        [{ ...validOffer, weekly_hours: 0 }, { weekly_hours: pipelineTexts.offerHours }],
        [{ ...validOffer, weekly_hours: 61 }, { weekly_hours: pipelineTexts.offerHours }],
        [{ ...validOffer, weekly_hours: 12.5 }, { weekly_hours: pipelineTexts.offerHours }],
        [{ ...validOffer, start_date: '2020-01-01' }, { start_date: pipelineTexts.offerStartPast }],
        [
          { ...validOffer, start_date: '2027-02-30' },
          { start_date: 'This date does not exist on the calendar. Use a date such as 2026-12-01.' },
        ],
        [{ ...validOffer, start_date: 'next monday' }, { start_date: 'Use a date such as 2026-12-01.' }],
      ];
      for (const [body, fields] of cases) {
        // Some are bodies the contract's types would not allow (none, a rate as text): sent on purpose.
        const response = await company.callUnchecked(pipelineContract.offer, { params: { id: application.id }, body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.error?.fields, JSON.stringify(body)).toEqual(fields);
      }
      expect(await statusOf(application.id)).toBe('interviewing');
    });

    it('accepts a start date of today, wherever today is', async () => {
      const application = await newApplication('shortlisted');
      const response = await offer(application.id, { ...validOffer, start_date: earliestStartDate() });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a second offer while one is waiting for an answer', async () => {
      const application = await newApplication('offered');
      const response = await offer(application.id, validOffer);
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe('This application is in the Offer stage already.');
    });
  });

  describe('an accepted offer', () => {
    const accept = (id: string, applicantId: string) =>
      moveApplication({
        db: db(),
        applicationId: id,
        to: 'hired',
        actor: { mover: 'applicant', actorId: applicantId },
      });

    it('hires, creates the assignment, fills and closes the job; the badge follows the pipeline', async () => {
      const job = await newJob({ title: 'Support Lead' });
      const [first, second] = [await newApplication('submitted', job.id), await newApplication('submitted', job.id)];
      if (!first || !second) throw new Error('not built');
      expect((await jobView(job.id)).pipeline_stage).toBeNull();

      await move(first.id, { to: 'shortlisted' });
      expect((await jobView(job.id)).pipeline_stage).toBeNull();
      await move(first.id, { to: 'interviewing' });
      expect(await jobView(job.id)).toMatchObject({ status: 'open', pipeline_stage: 'interviewing' });
      await offer(first.id, { rate: 42, weekly_hours: 25, start_date: inDays(7) });
      expect(await jobView(job.id)).toMatchObject({ status: 'open', pipeline_stage: 'offer', hired_count: 0 });

      const hired = await accept(first.id, first.applicantId);
      expect(hired).toMatchObject({ status: 'hired', jobFilled: true });
      const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, first.id));
      expect(assignment).toMatchObject({
        companyId,
        applicantId: first.applicantId,
        jobId: job.id,
        role: 'Support Lead',
        rateCents: 4200,
        weeklyHours: 25,
        startDate: inDays(7),
        status: 'pending',
      });
      expect(await jobView(job.id)).toMatchObject({
        status: 'closed',
        pipeline_stage: 'filled',
        openings: 1,
        hired_count: 1,
      });
      const detail = await detailOf(first.id);
      expect(detail).toMatchObject({ status: 'hired', offer: { rate: 42 } });
      expect(detail.hired_at).not.toBeNull();
      // A hire is final for the company too.
      expect((await move(first.id, { to: 'rejected' })).statusCode).toBe(409);
      // The other applicant can still be turned down after the job closed.
      expect((await move(second.id, { to: 'rejected' })).statusCode).toBe(200);
    });

    it('keeps a job with openings left open, and closes it with the last one', async () => {
      const job = await newJob({ openings: 2 });
      const first = await newApplication('interviewing', job.id);
      const second = await newApplication('interviewing', job.id);
      await offer(first.id, validOffer);
      await offer(second.id, validOffer);
      expect(await accept(first.id, first.applicantId)).toMatchObject({ jobFilled: false });
      // One of two hired and an offer still out: the job keeps looking and shows the offer.
      expect(await jobView(job.id)).toMatchObject({ status: 'open', pipeline_stage: 'offer', hired_count: 1 });
      expect(await accept(second.id, second.applicantId)).toMatchObject({ jobFilled: true });
      expect(await jobView(job.id)).toMatchObject({ status: 'closed', pipeline_stage: 'filled', hired_count: 2 });
      const closed = await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job.id));
      expect(closed).toEqual([{ status: 'closed' }]);
    });

    it('closes the job when its last openings are filled by offers accepted at the same moment', async () => {
      // Each acceptance counts the hires in its own transaction: unless they take turns on the job, each
      // sees only its own hire and the filled job stays open (PostgreSQL runs them at once; PGlite in turn).
      for (let round = 0; round < 4; round += 1) {
        const job = await newJob({ openings: 2 });
        const offered = [await newApplication('interviewing', job.id), await newApplication('interviewing', job.id)];
        for (const application of offered) await offer(application.id, validOffer);
        const results = await Promise.all(
          offered.map((application) => accept(application.id, application.applicantId)),
        );
        expect(results.map((result) => result.status)).toEqual(['hired', 'hired']);
        expect(results.filter((result) => result.jobFilled)).toHaveLength(1);
        expect(await jobView(job.id)).toMatchObject({ status: 'closed', pipeline_stage: 'filled', hired_count: 2 });
      }
    });

    it('a job says how many it hires: 1 by default, 1 to 100, kept by edits and copies', async () => {
      const base = {
        title: 'Night Shift Agents',
        description: 'Answer chats overnight.',
        engagement_type: 'hourly',
        budget_min: 20,
        budget_max: 25,
        status: 'open',
      } satisfies CreateJobInput;
      const created = await company.call(jobsContract.create, { body: base });
      expect(created.body).toMatchObject({ openings: 1, hired_count: 0 });
      const id = created.body.id;
      for (const openings of [0, 101, 2.5, '3']) {
        // '3' is text, which the contract's types would not allow: sent on purpose.
        const response = await company.callUnchecked(jobsContract.update, {
          params: { id },
          body: { ...base, openings },
        });
        expect(response.statusCode, String(openings)).toBe(400);
        expect(response.error?.fields).toEqual({ openings: 'The number of openings must be between 1 and 100.' });
      }
      const edited = await company.call(jobsContract.update, { params: { id }, body: { ...base, openings: 12 } });
      expect(edited.body.openings).toBe(12);
      const copy = await company.call(jobsContract.duplicate, { params: { id } });
      expect(copy.body).toMatchObject({ status: 'draft', openings: 12 });
    });

    it('closes a job whose edit leaves no opening unfilled, and reopens a filled job only with openings left', async () => {
      const fields = {
        title: 'Weekend Support Agents',
        description: 'Answer chats at weekends.',
        engagement_type: 'hourly',
        budget_min: 20,
        budget_max: 25,
      } satisfies CreateJobInput;
      const job = await newJob({ ...fields, openings: 3, budgetMinCents: 2000, budgetMaxCents: 2500 });
      await newApplication('hired', job.id);
      await newApplication('hired', job.id);
      await newApplication('interviewing', job.id);
      const edit = (openings: number) =>
        company.call(jobsContract.update, { params: { id: job.id }, body: { ...fields, openings } });
      const reopen = () => company.call(jobsContract.reopen, { params: { id: job.id } });

      // Two of three hired: still looking. Two of two: filled, so closed, as the job form promises.
      expect((await edit(3)).body).toMatchObject({ status: 'open', hired_count: 2, openings: 3 });
      expect((await edit(2)).body).toMatchObject({ status: 'closed', pipeline_stage: 'filled', openings: 2 });
      const [audit] = await db()
        .select({ details: auditLogs.details })
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'job.filled'), eq(auditLogs.targetId, job.id)));
      expect(audit?.details).toMatchObject({ openings: 2, hires: 2, from: 'open' });

      // Filled, it is not reopened; with an opening more, it is.
      const refused = await reopen();
      expect(refused.statusCode).toBe(409);
      expect(refused.error).toEqual({ error: jobEditTexts.filledCannotReopen, code: 'conflict' });
      expect((await jobView(job.id)).status).toBe('closed');
      expect((await edit(3)).body).toMatchObject({ status: 'closed', openings: 3 });
      expect((await reopen()).body).toMatchObject({ status: 'open', pipeline_stage: 'interviewing' });
    });

    it('a declined offer withdraws the application and the badge falls back', async () => {
      const job = await newJob();
      const application = await newApplication('interviewing', job.id);
      await offer(application.id, validOffer);
      await moveApplication({
        db: db(),
        applicationId: application.id,
        to: 'withdrawn',
        actor: { mover: 'applicant', actorId: application.applicantId },
        note: applicationTexts.declinedOffer,
      });
      expect(await jobView(job.id)).toMatchObject({ status: 'open', pipeline_stage: null });
      const detail = await detailOf(application.id);
      expect(detail.history.at(-1)).toMatchObject({ status: 'withdrawn', note: applicationTexts.declinedOffer });
    });
  });

  describe('bulk moves', () => {
    const bulk = (body: BulkMoveInput, account = company) => account.call(pipelineContract.bulkMove, { body });

    it('moves what it can and says why it skipped the rest', async () => {
      const job = await newJob();
      const submitted = await newApplication('submitted', job.id);
      const shortlisted = await newApplication('shortlisted', job.id);
      const hired = await newApplication('hired', job.id);
      const foreign = await buildApplication(db(), {
        jobId: (
          await buildJob(db(), {
            companyId: (await otherCompany.call(companiesContract.profile)).body.id,
          })
        ).id,
      });
      const missing = '00000000-0000-4000-8000-000000000000';
      const response = await bulk({
        to: 'interviewing',
        ids: [submitted.id, shortlisted.id, hired.id, foreign.id, missing, submitted.id],
      });
      expect(response.statusCode).toBe(200);
      // As sent, before the contract's schema leaves out what it does not declare.
      expect(JSON.parse(response.rawPayload.toString())).toEqual({
        moved: 2,
        results: [
          { id: submitted.id, outcome: 'moved', status: 'interviewing' },
          { id: shortlisted.id, outcome: 'moved', status: 'interviewing' },
          { id: hired.id, outcome: 'skipped', error: illegalApplicationMoveMessage('hired', 'interviewing') },
          { id: foreign.id, outcome: 'not_found' },
          { id: missing, outcome: 'not_found' },
        ],
      });
      expect(await statusOf(foreign.id)).toBe('submitted');
      const bulkAudits = await db().select().from(auditLogs).where(eq(auditLogs.targetId, submitted.id));
      expect(bulkAudits.map((row) => row.details)).toEqual([
        expect.objectContaining({ bulk: true, to: 'interviewing' }),
      ]);
    });

    it('rejects several with one reason, or the neutral words', async () => {
      const first = await newApplication('submitted');
      const second = await newApplication('interviewing');
      const response = await bulk({
        to: 'rejected',
        ids: [first.id, second.id],
        reason: 'The role was filled internally.',
      });
      expect(response.body.moved).toBe(2);
      for (const id of [first.id, second.id]) {
        const detail = await detailOf(id);
        expect(detail).toMatchObject({ status: 'rejected', rejection_reason: 'The role was filled internally.' });
      }
      const third = await newApplication('shortlisted');
      await bulk({ to: 'rejected', ids: [third.id] });
      const detail = await detailOf(third.id);
      expect(detail.rejection_reason).toBe(applicationTexts.defaultRejectionReason);
    });

    it('validates the request', async () => {
      const application = await newApplication();
      const cases: Array<[object, Record<string, string>]> = [
        [{ to: 'shortlisted', ids: [] }, { ids: pipelineTexts.selectOne }],
        [
          { to: 'shortlisted', ids: Array.from({ length: BULK_MOVE_MAX + 1 }, () => application.id) },
          { ids: pipelineTexts.tooMany },
        ],
        [{ to: 'offered', ids: [application.id] }, { to: pipelineTexts.bulkTarget }],
        [{ to: 'hired', ids: [application.id] }, { to: pipelineTexts.bulkTarget }],
        [{ to: 'shortlisted', ids: ['not-an-id'] }, { 'ids.0': pipelineTexts.applicationId }],
        [
          { to: 'interviewing', ids: [application.id], reason: 'Nope' },
          { reason: pipelineTexts.reasonOnlyWhenRejecting },
        ],
      ];
      for (const [payload, fields] of cases) {
        // Some name a stage the contract's types would not allow: sent on purpose.
        const response = await company.callUnchecked(pipelineContract.bulkMove, { body: payload });
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.error?.fields).toEqual(fields);
      }
      expect(await statusOf(application.id)).toBe('submitted');
    });
  });

  describe('tenancy', () => {
    it('another company can neither see nor move the application: 404 and no change', async () => {
      const application = await newApplication('interviewing');
      const params = { id: application.id };
      const attempts = [
        ['get', await otherCompany.call(pipelineContract.get, { params })],
        ['move', await otherCompany.call(pipelineContract.move, { params, body: { to: 'rejected' } })],
        ['offer', await otherCompany.call(pipelineContract.offer, { params, body: validOffer })],
        ['addNote', await otherCompany.call(pipelineContract.addNote, { params, body: { body: 'Sneaky' } })],
        ['rate', await otherCompany.call(pipelineContract.rate, { params, body: { rating: 1 } })],
      ] as const;
      for (const [name, response] of attempts) {
        expect(response.statusCode, name).toBe(404);
        expect(response.error).toEqual({ error: applicationTexts.notFound, code: 'not_found' });
      }
      expect(await statusOf(application.id)).toBe('interviewing');
      const list = (await otherCompany.call(pipelineContract.list)).body;
      expect(list.items.map((item) => item.id)).not.toContain(application.id);
      const byJob = await otherCompany.call(pipelineContract.list, { query: { job_id: application.jobId } });
      expect(byJob.statusCode).toBe(404);
    });

    it('an administrator may read any application but not move it', async () => {
      const admin = await signedInAccount(testApp, { role: 'admin' });
      const application = await newApplication('shortlisted');
      const params = { id: application.id };
      const read = await admin.call(pipelineContract.adminGet, { params });
      expect(read.statusCode).toBe(200);
      expect(read.body).toMatchObject({ id: application.id, status: 'shortlisted', rating: { mine: null } });
      const moved = await admin.call(pipelineContract.move, { params, body: { to: 'rejected' } });
      expect(moved.statusCode).toBe(403);
      const companyRoute = await admin.call(pipelineContract.get, { params });
      expect(companyRoute.statusCode).toBe(403);
      expect(await statusOf(application.id)).toBe('shortlisted');
    });

    it('the applicant cannot move their application on the company’s side', async () => {
      const application = await newApplication('submitted');
      const applicant = await signedInAccount(testApp, { role: 'applicant' });
      for (const response of [
        await applicant.call(pipelineContract.move, { params: { id: application.id }, body: { to: 'shortlisted' } }),
        await applicant.call(pipelineContract.bulkMove, { body: { to: 'shortlisted', ids: [application.id] } }),
      ]) {
        expect(response.statusCode).toBe(403);
      }
      expect(await statusOf(application.id)).toBe('submitted');
    });

    it('a malformed id is a 400 with a sentence', async () => {
      const response = await company.call(pipelineContract.get, { params: { id: '42' } });
      expect(response.statusCode).toBe(400);
      expect(response.error?.error).toBe('This link is broken: it does not name an application.');
    });
  });
});
