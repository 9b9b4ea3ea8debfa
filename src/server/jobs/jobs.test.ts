import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallArguments, EndpointDefinition } from '~/shared/contract';
import { companiesContract } from '~/shared/contracts/companies';
import { jobsContract } from '~/shared/contracts/jobs';
import {
  type CreateJobInput,
  draftJobDefaults,
  earliestStartDate,
  illegalJobTransitionMessage,
  type JobStatus,
  type JobTransition,
  jobEditTexts,
  jobStatuses,
  jobTexts,
  jobTransitionRules,
} from '~/shared/jobs';
import { auditLogs, jobs, jobTests, notifications, testAttempts, tests } from '../db/schema';
import { unverifiedEmailMessage } from '../platform/access-control';
import { buildApplication, buildJob } from '../seed/job-factories';
import { buildTestAttempt } from '../seed/test-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const hourlyJob = {
  title: 'Senior React Engineer',
  description: 'Own our React front end.',
  engagement_type: 'hourly',
  budget_min: 60,
  budget_max: 80,
  weekly_hours: 30,
  start_date: inDays(14),
  skill_tags: ['React', 'TypeScript', 'react'],
  timezone: 'UTC-05:00',
  required_certs: ['AWS Solutions Architect', 'PMP'],
  visibility: 'public',
  cc_email: 'Hiring@Example.test',
  status: 'open',
} satisfies CreateJobInput;

describe('job posts API', () => {
  let testApp: TestApp;
  let company: Account;
  let otherCompany: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Northwind Outfitters' });
    otherCompany = await signedInAccount(testApp, { role: 'company' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const companyIdOf = async (account: Account) => (await account.call(companiesContract.profile)).body.id;
  const createJob = async (body: CreateJobInput, account = company) => account.call(jobsContract.create, { body });
  // A job as a form breaking the rules sends it: some of the values are ones the contract's types refuse.
  const createUnchecked = async (body: object) => company.callUnchecked(jobsContract.create, { body });
  const auditRows = (jobId: string) =>
    testApp.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, jobId)).orderBy(auditLogs.createdAt);

  describe('creating', () => {
    it('publishes a job with the spec payload and answers with what it stored', async () => {
      const response = await createJob(hourlyJob);
      expect(response.statusCode).toBe(201);
      const job = response.body;
      expect(job).toMatchObject({
        company_name: 'Northwind Outfitters',
        title: 'Senior React Engineer',
        engagement_type: 'hourly',
        budget_min: 60,
        budget_max: 80,
        budget_total: null,
        weekly_hours: 30,
        start_date: hourlyJob.start_date,
        // a tag is kept once, whatever its case
        skill_tags: ['React', 'TypeScript'],
        timezone: 'UTC-05:00',
        required_certs: ['AWS Solutions Architect', 'PMP'],
        visibility: 'public',
        cc_email: 'hiring@example.test',
        status: 'open',
        applications_count: 0,
        new_applications_count: 0,
        pipeline_stage: null,
        test_ids: [],
      });
      expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(job.published_at).toBe(job.created_at);
      expect(job.launch_date).toBe(job.published_at);
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row).toMatchObject({ budgetMinCents: 6000, budgetMaxCents: 8000, createdById: company.user.id });
      expect(await auditRows(job.id)).toMatchObject([
        {
          action: 'job.created',
          actorId: company.user.id,
          details: { status: 'open', title: 'Senior React Engineer' },
        },
      ]);
    });

    it('keeps cents exactly and only the budget of the engagement type', async () => {
      const response = await createJob({
        ...hourlyJob,
        engagement_type: 'fixed',
        budget_min: 10,
        budget_max: 20,
        budget_total: 5000.5,
      });
      expect(response.statusCode).toBe(201);
      expect(response.body).toMatchObject({ budget_min: null, budget_max: null, budget_total: 5000.5 });
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, response.body.id));
      expect(row?.budgetTotalCents).toBe(500_050);
    });

    it('saves a draft with the spec defaults for what is empty, even from an unconfirmed address', async () => {
      const unverified = await signedInAccount(testApp, { role: 'company', emailVerified: false });
      const response = await createJob({ status: 'draft' }, unverified);
      expect(response.statusCode).toBe(201);
      expect(response.body).toMatchObject({
        status: 'draft',
        title: draftJobDefaults.title,
        description: draftJobDefaults.description,
        engagement_type: 'hourly',
        weekly_hours: 20,
        timezone: 'UTC+00:00',
        visibility: 'public',
        published_at: null,
        start_date: null,
        cc_email: null,
      });
      expect(response.body.launch_date).toBe(response.body.created_at);
      const kept = await createJob({ status: 'draft', title: 'Data Entry Clerk' });
      expect(kept.body).toMatchObject({ title: 'Data Entry Clerk', description: draftJobDefaults.description });
    });

    it('refuses to publish from an unconfirmed address, with the sentence that says what to do', async () => {
      const unverified = await signedInAccount(testApp, { role: 'company', emailVerified: false });
      const response = await createJob(hourlyJob, unverified);
      expect(response.statusCode).toBe(403);
      expect(response.error).toEqual({
        error: unverifiedEmailMessage(unverified.user.email, 'publish jobs'),
        code: 'forbidden',
      });
    });

    it('enforces the publishing rules with the spec texts', async () => {
      const cases: Array<[object, Record<string, string>]> = [
        [{ title: '' }, { title: jobTexts.titleRequired }],
        [{ title: '   ' }, { title: jobTexts.titleRequired }],
        [{ description: '' }, { description: jobTexts.descriptionRequired }],
        [{ budget_min: null }, { budget_min: jobTexts.hourlyRatesRequired }],
        [{ budget_max: undefined }, { budget_max: jobTexts.hourlyRatesRequired }],
        [
          { budget_min: null, budget_max: null },
          { budget_min: jobTexts.hourlyRatesRequired, budget_max: jobTexts.hourlyRatesRequired },
        ],
        [{ budget_min: 90, budget_max: 80 }, { budget_max: jobTexts.rateOrder }],
        [{ engagement_type: 'fixed', budget_total: null }, { budget_total: jobTexts.totalRequired }],
        [{ start_date: inDays(-3) }, { start_date: jobTexts.startDatePast }],
      ];
      for (const [change, fields] of cases) {
        const response = await createUnchecked({ ...hourlyJob, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.error?.fields, JSON.stringify(change)).toEqual(fields);
        expect(response.error?.error).toBe(Object.values(fields)[0]);
        expect(response.error?.code).toBe('validation');
      }
      // The earliest day anyone on Earth may still call today is allowed.
      expect((await createJob({ ...hourlyJob, start_date: earliestStartDate() })).statusCode).toBe(201);
      // Equal rates are a fixed rate, not an error.
      expect((await createJob({ ...hourlyJob, budget_min: 70, budget_max: 70 })).statusCode).toBe(201);
    });

    it('checks the field limits on drafts too', async () => {
      const cases: Array<[object, Record<string, string>]> = [
        [{ title: 'x'.repeat(61) }, { title: jobTexts.titleTooLong }],
        [{ weekly_hours: 0 }, { weekly_hours: jobTexts.weeklyHoursRange }],
        [{ weekly_hours: 61 }, { weekly_hours: jobTexts.weeklyHoursRange }],
        [{ weekly_hours: 20.5 }, { weekly_hours: jobTexts.weeklyHoursRange }],
        [{ budget_min: 0 }, { budget_min: jobTexts.rateMinimum }],
        [{ budget_max: 0.5 }, { budget_max: jobTexts.rateMinimum }],
        [{ engagement_type: 'fixed', budget_total: 0 }, { budget_total: jobTexts.totalMinimum }],
        [{ timezone: 'UTC+15:00' }, { timezone: jobTexts.timezone }],
        [{ cc_email: 'not-an-email' }, { cc_email: jobTexts.ccEmail }],
        [{ required_certs: ['Astrology'] }, { 'required_certs.0': jobTexts.certification }],
        [{ budget_min: 90, budget_max: 80 }, { budget_max: jobTexts.rateOrder }],
        [{ start_date: inDays(-3) }, { start_date: jobTexts.startDatePast }],
      ];
      for (const [change, fields] of cases) {
        const response = await createUnchecked({ ...hourlyJob, ...change, status: 'draft' });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.error?.fields, JSON.stringify(change)).toEqual(fields);
      }
      expect((await createJob({ ...hourlyJob, title: 'x'.repeat(60), status: 'draft' })).statusCode).toBe(201);
      expect((await createJob({ ...hourlyJob, weekly_hours: 1, status: 'draft' })).statusCode).toBe(201);
      expect((await createJob({ ...hourlyJob, weekly_hours: 60, status: 'draft' })).statusCode).toBe(201);
    });

    it('links only the company’s own live tests', async () => {
      const db = testApp.database.db;
      const [own, archived, foreign] = await db
        .insert(tests)
        .values([
          { companyId: await companyIdOf(company), name: 'React basics', type: 'coding', isActive: true },
          {
            companyId: await companyIdOf(company),
            name: 'Old quiz',
            type: 'mcq',
            archivedAt: new Date(),
          },
          { companyId: await companyIdOf(otherCompany), name: 'Their test', type: 'mcq', isActive: true },
        ])
        .returning();
      if (!own || !archived || !foreign) throw new Error('tests not built');
      const linked = await createJob({ ...hourlyJob, test_ids: [own.id, own.id] });
      expect(linked.statusCode).toBe(201);
      expect(linked.body.test_ids).toEqual([own.id]);
      for (const testId of [archived.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
        const refused = await createJob({ ...hourlyJob, test_ids: [own.id, testId] });
        expect(refused.statusCode).toBe(400);
        expect(refused.error?.fields).toEqual({ test_ids: jobEditTexts.testNotFound });
      }
      const malformed = await createJob({ ...hourlyJob, test_ids: ['nope'] });
      expect(malformed.error?.fields).toEqual({ 'test_ids.0': jobEditTexts.testNotFound });
    });
  });

  describe('reading and editing', () => {
    it('gets one job, and another company’s job does not exist', async () => {
      const job = (await createJob(hourlyJob)).body;
      expect((await company.call(jobsContract.get, { params: { id: job.id } })).body).toEqual(job);
      const foreign = await otherCompany.call(jobsContract.get, { params: { id: job.id } });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.error).toEqual({ error: 'This job does not exist.', code: 'not_found' });
    });

    it('edits a job, replacing its fields and required tests, and logs which fields changed', async () => {
      const db = testApp.database.db;
      const [test] = await db
        .insert(tests)
        .values({ companyId: await companyIdOf(company), name: 'TypeScript', type: 'coding' })
        .returning();
      if (!test) throw new Error('The test was not created.');
      const job = (await createJob({ ...hourlyJob, test_ids: [test.id] })).body;
      const response = await company.call(jobsContract.update, {
        params: { id: job.id },
        body: { ...hourlyJob, title: 'Staff React Engineer', budget_max: 95, test_ids: [] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({
        title: 'Staff React Engineer',
        budget_max: 95,
        status: 'open',
        test_ids: [],
      });
      expect(await db.select().from(jobTests).where(eq(jobTests.jobId, job.id))).toEqual([]);
      const audit = await auditRows(job.id);
      expect(audit.at(-1)).toMatchObject({
        action: 'job.updated',
        details: { fields: ['title', 'budgetMaxCents'], status: 'open' },
      });
    });

    it('sends a test the job comes to require to the applicants still being decided on, once, and tells each', async () => {
      const db = testApp.database.db;
      const [test] = await db
        .insert(tests)
        .values({
          companyId: await companyIdOf(company),
          name: 'Pairing exercise',
          type: 'coding',
          passRate: 70,
          isActive: true,
        })
        .returning();
      if (!test) throw new Error('The test was not created.');
      const job = (await createJob({ ...hourlyJob, test_ids: [] })).body;
      const [submitted, shortlisted, interviewing, passedBefore, hired, rejected] = await Promise.all(
        (['submitted', 'shortlisted', 'interviewing', 'interviewing', 'hired', 'rejected'] as const).map((status) =>
          buildApplication(db, { jobId: job.id, status }),
        ),
      );
      if (!submitted || !shortlisted || !interviewing || !passedBefore || !hired || !rejected) throw new Error('No.');
      // One has the test open already (another job sent it), one passed it before: neither is sent it again.
      await buildTestAttempt(db, { testId: test.id, applicantId: interviewing.applicantId, status: 'assigned' });
      await buildTestAttempt(db, { testId: test.id, applicantId: passedBefore.applicantId, score: 90 });

      const edit = () =>
        company.call(jobsContract.update, { params: { id: job.id }, body: { ...hourlyJob, test_ids: [test.id] } });
      const response = await edit();
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatchObject({ test_ids: [test.id], new_tests_sent_to: 2 });
      const sent = await db
        .select({ applicantId: testAttempts.applicantId, applicationId: testAttempts.applicationId })
        .from(testAttempts)
        .where(and(eq(testAttempts.jobId, job.id), eq(testAttempts.testId, test.id)));
      expect(sent).toEqual(
        expect.arrayContaining([
          { applicantId: submitted.applicantId, applicationId: submitted.id },
          { applicantId: shortlisted.applicantId, applicationId: shortlisted.id },
        ]),
      );
      expect(sent).toHaveLength(2);
      const told = await db
        .select({ userId: notifications.userId, title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'test_assigned'),
            inArray(
              notifications.userId,
              [submitted, shortlisted, interviewing, passedBefore, hired, rejected].map((row) => row.applicantId),
            ),
          ),
        );
      expect(told.map((row) => row.userId).sort()).toEqual([submitted.applicantId, shortlisted.applicantId].sort());
      expect(told[0]?.title).toBe('Skills test: Pairing exercise');
      expect(told[0]?.link).toMatch(/^\/applicant\/tests\/[0-9a-f-]{36}$/);
      // The hire fills the job's one opening, so the edit also closes it: read the edit's own entry.
      const edited = (await auditRows(job.id)).filter((row) => row.action === 'job.updated');
      expect(edited.at(-1)?.details).toMatchObject({ new_tests_sent_to: 2 });

      // Saved again with the same tests: nothing new to send.
      expect((await edit()).body).toMatchObject({ new_tests_sent_to: 0 });
      expect(await db.select().from(testAttempts).where(eq(testAttempts.jobId, job.id))).toHaveLength(2);
    });

    it('holds a published job to the publishing rules, and a draft only to the limits', async () => {
      const open = (await createJob(hourlyJob)).body;
      const emptied = await company.call(jobsContract.update, {
        params: { id: open.id },
        body: { ...hourlyJob, title: '', budget_min: null },
      });
      expect(emptied.statusCode).toBe(400);
      expect(emptied.error?.fields).toEqual({
        title: jobTexts.titleRequired,
        budget_min: jobTexts.hourlyRatesRequired,
      });
      const draft = (await createJob({ ...hourlyJob, status: 'draft' })).body;
      const saved = await company.call(jobsContract.update, {
        params: { id: draft.id },
        body: { title: '', budget_min: null },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toMatchObject({ title: draftJobDefaults.title, budget_min: null, status: 'draft' });
    });

    it('lets an edit keep a start date that has passed since, but not choose a new past one', async () => {
      const job = await buildJob(testApp.database.db, {
        companyId: await companyIdOf(company),
        startDate: inDays(-10),
      });
      const kept = await company.call(jobsContract.update, {
        params: { id: job.id },
        body: { ...hourlyJob, start_date: inDays(-10) },
      });
      expect(kept.statusCode).toBe(200);
      const moved = await company.call(jobsContract.update, {
        params: { id: job.id },
        body: { ...hourlyJob, start_date: inDays(-5) },
      });
      expect(moved.error?.fields).toEqual({ start_date: jobTexts.startDatePast });
    });

    it('refuses to edit an archived job (409) and another company’s job (404)', async () => {
      const job = (await createJob(hourlyJob)).body;
      await company.call(jobsContract.archive, { params: { id: job.id } });
      const archived = await company.call(jobsContract.update, { params: { id: job.id }, body: hourlyJob });
      expect(archived.statusCode).toBe(409);
      expect(archived.error).toEqual({ error: jobEditTexts.archivedCannotBeEdited, code: 'conflict' });
      const mine = (await createJob(hourlyJob)).body;
      const foreign = await otherCompany.call(jobsContract.update, { params: { id: mine.id }, body: hourlyJob });
      expect(foreign.statusCode).toBe(404);
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, mine.id));
      expect(row?.title).toBe(hourlyJob.title);
    });
  });

  describe('the state machine', () => {
    const companyJob = async (status: JobStatus) =>
      buildJob(testApp.database.db, {
        companyId: await companyIdOf(company),
        status,
        startDate: inDays(7),
        title: `A ${status} job`,
      });
    const transitions = Object.keys(jobTransitionRules) as JobTransition[];
    const table = jobStatuses.flatMap((status) => transitions.map((transition) => [status, transition] as const));

    it.each(table)('from %s, %s', async (status, transition) => {
      const job = await companyJob(status);
      const response = await company.call(jobsContract[transition], { params: { id: job.id } });
      const rule = jobTransitionRules[transition];
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      if (rule.from.includes(status)) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toMatchObject({ id: job.id, status: rule.to });
        expect(row?.status).toBe(rule.to);
        const [audit] = await auditRows(job.id);
        expect(audit).toMatchObject({
          actorId: company.user.id,
          action: `job.${{ publish: 'published', pause: 'paused', resume: 'resumed', close: 'closed', reopen: 'reopened', archive: 'archived' }[transition]}`,
          targetType: 'job',
          details: { from: status, to: rule.to },
        });
      } else {
        expect(response.statusCode).toBe(409);
        expect(response.error).toEqual({ error: illegalJobTransitionMessage(transition, status), code: 'conflict' });
        expect(row?.status).toBe(status);
        expect(await auditRows(job.id)).toEqual([]);
      }
    });

    it('says why a move is refused in plain words', () => {
      expect(illegalJobTransitionMessage('pause', 'closed')).toBe('A closed job cannot be paused.');
      expect(illegalJobTransitionMessage('pause', 'draft')).toBe('A draft cannot be paused. Publish it first.');
      expect(illegalJobTransitionMessage('resume', 'open')).toBe('This job is already open.');
      expect(illegalJobTransitionMessage('archive', 'archived')).toBe('This job is already archived.');
      expect(illegalJobTransitionMessage('reopen', 'paused')).toBe(
        'A paused job cannot be reopened. Resume it instead.',
      );
    });

    it('stamps published_at on publishing, closed_at on closing (cleared on reopening), archived_at', async () => {
      const draft = await buildJob(testApp.database.db, {
        companyId: await companyIdOf(company),
        status: 'draft',
        startDate: inDays(3),
      });
      const published = (await company.call(jobsContract.publish, { params: { id: draft.id } })).body;
      expect(published.published_at).not.toBeNull();
      expect(published.launch_date).toBe(published.published_at);
      const closed = (await company.call(jobsContract.close, { params: { id: draft.id } })).body;
      expect(closed.closed_at).not.toBeNull();
      const reopened = (await company.call(jobsContract.reopen, { params: { id: draft.id } })).body;
      expect(reopened).toMatchObject({ status: 'open', closed_at: null, published_at: published.published_at });
      await company.call(jobsContract.archive, { params: { id: draft.id } });
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, draft.id));
      expect(row?.archivedAt).not.toBeNull();
    });

    it('publishes a draft only when it meets the publishing rules, and only from a confirmed address', async () => {
      const companyId = await companyIdOf(company);
      const incomplete = await buildJob(testApp.database.db, {
        companyId,
        status: 'draft',
        budgetMinCents: null,
        budgetMaxCents: null,
        description: '',
        startDate: inDays(-2),
      });
      const refused = await company.call(jobsContract.publish, { params: { id: incomplete.id } });
      expect(refused.statusCode).toBe(400);
      expect(refused.error?.fields).toEqual({
        start_date: jobTexts.startDatePast,
        budget_min: jobTexts.hourlyRatesRequired,
        budget_max: jobTexts.hourlyRatesRequired,
        description: jobTexts.descriptionRequired,
      });

      const unverified = await signedInAccount(testApp, { role: 'company', emailVerified: false });
      const theirDraft = (await createJob({ ...hourlyJob, status: 'draft' }, unverified)).body;
      const unconfirmed = await unverified.call(jobsContract.publish, { params: { id: theirDraft.id } });
      expect(unconfirmed.statusCode).toBe(403);
      expect(unconfirmed.error?.error).toBe(unverifiedEmailMessage(unverified.user.email, 'publish jobs'));
      // Everything else works before confirming.
      expect((await unverified.call(jobsContract.archive, { params: { id: theirDraft.id } })).statusCode).toBe(200);
    });

    it('never moves another company’s job', async () => {
      const job = await companyJob('open');
      for (const transition of [...transitions, 'duplicate'] as const) {
        const response = await otherCompany.call(jobsContract[transition], { params: { id: job.id } });
        expect(response.statusCode, transition).toBe(404);
      }
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row?.status).toBe('open');
    });
  });

  describe('duplicating and deleting', () => {
    it('duplicates into a new draft with the fields and tests, titled Copy of … within 60 characters', async () => {
      const db = testApp.database.db;
      const companyId = await companyIdOf(company);
      const [live, retired] = await db
        .insert(tests)
        .values([
          { companyId, name: 'Live', type: 'coding' },
          { companyId, name: 'Retired', type: 'mcq', archivedAt: new Date() },
        ])
        .returning();
      const source = await buildJob(db, {
        companyId,
        title: 'Senior Full-Stack Engineer for our Payments Platform team',
        skillTags: ['Node.js'],
        startDate: inDays(-1 - 30),
        testIds: [live?.id ?? '', retired?.id ?? ''],
      });
      await buildApplication(db, { jobId: source.id });
      const response = await company.call(jobsContract.duplicate, { params: { id: source.id } });
      expect(response.statusCode).toBe(201);
      const copy = response.body;
      expect(copy.id).not.toBe(source.id);
      expect(copy).toMatchObject({
        status: 'draft',
        title: 'Copy of Senior Full-Stack Engineer for our Payments Platform',
        skill_tags: ['Node.js'],
        budget_min: 60,
        budget_max: 80,
        published_at: null,
        start_date: null,
        applications_count: 0,
        test_ids: [live?.id],
      });
      expect(copy.title.length).toBeLessThanOrEqual(60);
      expect(await auditRows(copy.id)).toMatchObject([
        { action: 'job.duplicated', details: { source_job_id: source.id } },
      ]);
    });

    it('deletes only a draft; anything else is archived instead', async () => {
      const companyId = await companyIdOf(company);
      const draft = await buildJob(testApp.database.db, { companyId, status: 'draft' });
      expect((await otherCompany.call(jobsContract.delete, { params: { id: draft.id } })).statusCode).toBe(404);
      const deleted = await company.call(jobsContract.delete, { params: { id: draft.id } });
      expect(deleted.statusCode).toBe(204);
      expect(await testApp.database.db.select().from(jobs).where(eq(jobs.id, draft.id))).toEqual([]);
      expect(await auditRows(draft.id)).toMatchObject([{ action: 'job.deleted', actorId: company.user.id }]);
      expect((await company.call(jobsContract.delete, { params: { id: draft.id } })).statusCode).toBe(404);

      for (const status of ['open', 'paused', 'closed'] as const) {
        const job = await buildJob(testApp.database.db, { companyId, status });
        const refused = await company.call(jobsContract.delete, { params: { id: job.id } });
        expect(refused.statusCode).toBe(409);
        expect(refused.error?.error).toBe('Only a draft can be deleted. Archive this job instead.');
      }
      const archived = await buildJob(testApp.database.db, { companyId, status: 'archived' });
      const refused = await company.call(jobsContract.delete, { params: { id: archived.id } });
      expect(refused.error?.error).toBe(jobEditTexts.archivedCannotBeDeleted);
    });
  });

  describe('bulk actions', () => {
    it('reports each id’s outcome and logs each change', async () => {
      const db = testApp.database.db;
      const companyId = await companyIdOf(company);
      const [open1, open2, paused, draft, foreign] = [
        await buildJob(db, { companyId, status: 'open' }),
        await buildJob(db, { companyId, status: 'open' }),
        await buildJob(db, { companyId, status: 'paused' }),
        await buildJob(db, { companyId, status: 'draft' }),
        await buildJob(db, { companyId: await companyIdOf(otherCompany), status: 'open' }),
      ];
      const missing = '00000000-0000-4000-8000-000000000000';
      const response = await company.call(jobsContract.bulk, {
        body: { action: 'pause', ids: [open1.id, open2.id, paused.id, draft.id, foreign.id, missing, open1.id] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({
        updated: 2,
        results: [
          { id: open1.id, outcome: 'updated', status: 'paused' },
          { id: open2.id, outcome: 'updated', status: 'paused' },
          { id: paused.id, outcome: 'skipped', error: 'This job is already paused.' },
          { id: draft.id, outcome: 'skipped', error: 'A draft cannot be paused. Publish it first.' },
          { id: foreign.id, outcome: 'not_found' },
          { id: missing, outcome: 'not_found' },
        ],
      });
      const [foreignRow] = await db.select().from(jobs).where(eq(jobs.id, foreign.id));
      expect(foreignRow?.status).toBe('open');
      expect(await auditRows(open1.id)).toMatchObject([
        { action: 'job.paused', details: { bulk: true, from: 'open', to: 'paused' } },
      ]);

      const resumed = await company.call(jobsContract.bulk, {
        body: { action: 'resume', ids: [open1.id, paused.id, draft.id] },
      });
      expect(resumed.body.updated).toBe(2);
      const archived = await company.call(jobsContract.bulk, {
        body: { action: 'archive', ids: [open1.id, draft.id] },
      });
      expect(archived.body.results.map((result) => result.outcome)).toEqual(['updated', 'updated']);
      const rows = await db
        .select({ status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.companyId, companyId), eq(jobs.id, draft.id)));
      expect(rows).toEqual([{ status: 'archived' }]);
    });

    it('validates the request', async () => {
      const empty = await company.call(jobsContract.bulk, { body: { action: 'pause', ids: [] } });
      expect(empty.statusCode).toBe(400);
      expect(empty.error?.fields).toEqual({ ids: 'Select at least one job.' });
      // Publishing is no bulk action the contract allows: sent as a hostile client would.
      const close = await company.callUnchecked(jobsContract.bulk, {
        body: { action: 'publish', ids: ['00000000-0000-4000-8000-000000000000'] },
      });
      expect(close.statusCode).toBe(400);
    });
  });

  describe('who may call', () => {
    it('refuses applicants, administrators and account managers, and asks the signed-out to sign in', async () => {
      const job = (await createJob(hourlyJob)).body;
      // Each endpoint with what it is sent, to call as each caller.
      const sending = <E extends EndpointDefinition>(endpoint: E, ...callArguments: CallArguments<E>) => ({
        name: `${endpoint.method} ${endpoint.path}`,
        send: (caller: Pick<ReturnType<typeof callerFrom>, 'call'>) => caller.call(endpoint, ...callArguments),
      });
      const byId = { params: { id: job.id } };
      const calls = [
        sending(jobsContract.list),
        sending(jobsContract.create, { body: hourlyJob }),
        sending(jobsContract.get, byId),
        sending(jobsContract.update, { ...byId, body: hourlyJob }),
        sending(jobsContract.pause, byId),
        sending(jobsContract.delete, byId),
        sending(jobsContract.summary),
        sending(jobsContract.exportCsv),
        sending(jobsContract.analyticsPdf),
      ];
      for (const role of ['applicant', 'admin', 'account_manager'] as const) {
        const account = await signedInAccount(testApp, { role });
        for (const call of calls) {
          const response = await call.send(account);
          expect(response.statusCode, `${role} ${call.name}`).toBe(403);
        }
      }
      for (const call of calls) {
        const response = await call.send(callerFrom(testApp));
        expect(response.statusCode, call.name).toBe(401);
      }
      const [row] = await testApp.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row?.status).toBe('open');
    });
  });
});
