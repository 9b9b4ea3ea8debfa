import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApplicantApplicationListQuery,
  type ApplicationStatus,
  applicantTexts,
  applicationTexts,
} from '~/shared/applications';
import { malformedIdMessage } from '~/shared/contract-schemas';
import { applicationMoves, applicationsContract } from '~/shared/contracts/applications';
import { companiesContract } from '~/shared/contracts/companies';
import { applications, assignments, auditLogs, emailOutbox, jobs, notifications } from '../db/schema';
import { forbiddenMessage, notSignedInMessage } from '../platform/access-control';
import { buildApplication, buildJob } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const offerTerms = { offerRateCents: 6_550, offerWeeklyHours: 30, offerStartDate: '2031-03-02' };

// My Applications' API: the applicant's own applications with their history, offer
// and assignment, and the three moves an applicant makes, each refused where it must be.
describe('applicant applications API', () => {
  let testApp: TestApp;
  let company: Account;
  let companyId: string;
  let applicant: Account;
  let otherApplicant: Account;

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Northwind Outfitters' });
    companyId = (await company.call(companiesContract.profile)).body.id;
    applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Applicant' });
    otherApplicant = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  // One job of the company with one application of `owner` at `status`.
  async function seedApplication(
    status: ApplicationStatus,
    {
      owner = applicant,
      title,
      createdAt,
      ...overrides
    }: { owner?: Account; title?: string; createdAt?: Date } & Partial<typeof applications.$inferInsert> = {},
  ) {
    const job = await buildJob(db(), { companyId, title });
    const reachedOffer = status === 'offered' || status === 'hired';
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: owner.user.id,
      status,
      createdAt,
      ...(reachedOffer ? offerTerms : {}),
      ...overrides,
    });
    return { job, application };
  }

  const list = (query: ApplicantApplicationListQuery = {}, account = applicant) =>
    account.call(applicationsContract.list, { query });
  const move = (id: string, action: keyof typeof applicationMoves, account = applicant) =>
    account.call(applicationMoves[action], { params: { id } });

  describe('listing', () => {
    let lister: Account;
    let firstCreatedAt: Date;
    beforeAll(async () => {
      lister = await signedInAccount(testApp, { role: 'applicant' });
      const statuses: ApplicationStatus[] = ['submitted', 'interviewing', 'interviewing', 'offered', 'rejected'];
      for (const [index, status] of statuses.entries()) {
        const { application } = await seedApplication(status, {
          owner: lister,
          title: `Role ${index + 1}`,
          createdAt: daysAgo(10 - index),
        });
        if (index === 0) firstCreatedAt = application.createdAt;
      }
      // Someone else's application is never in this list.
      await seedApplication('submitted', { owner: otherApplicant, title: 'Not yours' });
    });

    it('lists only the applicant’s own applications, newest first, with job, company, stage and history', async () => {
      const response = await list({}, lister);
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toMatchObject({ total: 5, page: 1, page_size: 20 });
      expect(body.items.map((item) => item.job_title)).toEqual(['Role 5', 'Role 4', 'Role 3', 'Role 2', 'Role 1']);
      expect(body.items[4]).toMatchObject({
        company_name: 'Northwind Outfitters',
        status: 'submitted',
        proposal_rate: 70,
        offer: null,
        rejection_reason: null,
        assignment: null,
        history: [{ status: 'submitted', by: null, note: null }],
      });
      expect(body.items[4]?.created_at).toBe(firstCreatedAt.toISOString());
      // An offer shows its terms in dollars.
      expect(body.items[1]).toMatchObject({
        status: 'offered',
        offer: { rate: 65.5, weekly_hours: 30, start_date: '2031-03-02' },
      });
      expect(body.items[1]?.history.map((entry) => entry.status)).toEqual([
        'submitted',
        'shortlisted',
        'interviewing',
        'offered',
      ]);
    });

    it('says why in neutral words when an application was not selected', async () => {
      const body = (await list({ status: 'rejected' }, lister)).body;
      expect(body.items).toHaveLength(1);
      expect(body.items[0]?.rejection_reason).toBe(applicationTexts.defaultRejectionReason);

      const { application } = await seedApplication('rejected', { rejectionReason: 'We hired someone local.' });
      const own = (await list({ status: 'rejected' })).body;
      expect(own.items.find((item) => item.id === application.id)?.rejection_reason).toBe('We hired someone local.');
    });

    it('filters by one stage or several', async () => {
      const interviewing = (await list({ status: 'interviewing' }, lister)).body;
      expect(interviewing.total).toBe(2);
      expect(interviewing.items.every((item) => item.status === 'interviewing')).toBe(true);
      const offersAndSubmitted = (await list({ status: 'offered,submitted' }, lister)).body;
      expect(offersAndSubmitted.items.map((item) => item.status).sort()).toEqual(['offered', 'submitted']);
      expect((await list({ status: 'hired' }, lister)).body).toMatchObject({ items: [], total: 0 });
    });

    it('pages on the server and still counts past the last page', async () => {
      const second = (await list({ page: 2, page_size: 2 }, lister)).body;
      expect(second).toMatchObject({ total: 5, page: 2, page_size: 2 });
      expect(second.items.map((item) => item.job_title)).toEqual(['Role 3', 'Role 2']);
      const beyond = (await list({ page: 9, page_size: 2 }, lister)).body;
      expect(beyond).toMatchObject({ items: [], total: 5, page: 9 });
    });

    it('refuses a bad query with a sentence', async () => {
      const unknown = await list({ status: 'pending' }, lister);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.fields).toEqual({ 'status.0': 'Unknown application status.' });
      expect((await list({ page: 0 }, lister)).statusCode).toBe(400);
      expect((await list({ page_size: 500 }, lister)).statusCode).toBe(400);
      // A page in words is what the contract's type would not send.
      const words = await lister.callUnchecked(applicationsContract.list, { query: { page: 'two' } });
      expect(words.statusCode).toBe(400);
      expect(words.error?.fields).toEqual({ page: 'The page must be a whole number.' });
    });
  });

  describe('withdrawing', () => {
    it('withdraws an application before a hire, tells the company and keeps it in the audit log', async () => {
      const { application, job } = await seedApplication('interviewing');
      const response = await move(application.id, 'withdraw');
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toMatchObject({ id: application.id, job_id: job.id, status: 'withdrawn' });
      expect(body.history.at(-1)).toMatchObject({ status: 'withdrawn', by: 'applicant', note: null });

      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, application.id), eq(auditLogs.action, 'application.withdrawn')));
      expect(audit).toMatchObject({ actorId: applicant.user.id, details: { from: 'interviewing', to: 'withdrawn' } });
      const told = await db().select().from(notifications).where(eq(notifications.userId, company.user.id));
      expect(told.some((note) => note.type === 'application_withdrawn' && note.body.includes(job.title))).toBe(true);
    });

    it('refuses what the state machine refuses, with its sentence', async () => {
      const cases: Array<[ApplicationStatus, string]> = [
        ['hired', 'This application ended in a hire; it cannot move any more.'],
        ['rejected', 'This application was not selected; it cannot move any more.'],
        ['withdrawn', 'This application was withdrawn; it cannot move any more.'],
      ];
      for (const [status, message] of cases) {
        const { application } = await seedApplication(status);
        const response = await move(application.id, 'withdraw');
        expect(response.statusCode, status).toBe(409);
        expect(response.error, status).toEqual({ error: message, code: 'conflict' });
        const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
        expect(row?.status).toBe(status);
      }
    });
  });

  describe('answering an offer', () => {
    it('refuses to accept an offer that has no terms, with a sentence, and changes nothing', async () => {
      const { application } = await seedApplication('offered', {
        offerRateCents: null,
        offerWeeklyHours: null,
        offerStartDate: null,
      });
      const response = await move(application.id, 'accept-offer');
      expect(response.statusCode).toBe(409);
      expect(response.error?.error).toBe(
        'This offer has no rate, hours or start date yet: ask the company to make it again.',
      );
      const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
      expect(row?.status).toBe('offered');
      expect(await db().select().from(assignments).where(eq(assignments.applicationId, application.id))).toEqual([]);
    });

    it('accepting makes a hire, the assignment on the offer’s terms, and closes the filled job', async () => {
      const { application, job } = await seedApplication('offered');
      const response = await move(application.id, 'accept-offer');
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toMatchObject({
        status: 'hired',
        offer: { rate: 65.5, weekly_hours: 30, start_date: '2031-03-02' },
        assignment: { role: job.title, rate: 65.5, weekly_hours: 30, start_date: '2031-03-02', status: 'pending' },
      });
      expect(body.history.at(-1)).toMatchObject({ status: 'hired', by: 'applicant' });

      const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
      expect(assignment).toMatchObject({
        id: body.assignment?.id,
        companyId,
        applicantId: applicant.user.id,
        jobId: job.id,
        rateCents: 6_550,
        weeklyHours: 30,
        startDate: '2031-03-02',
        status: 'pending',
      });
      const [closed] = await db().select().from(jobs).where(eq(jobs.id, job.id));
      expect(closed?.status).toBe('closed');
      const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, applicant.user.email));
      expect(mail.some((email) => email.subject === `You are hired for ${job.title}`)).toBe(true);

      // Accepted once: a second accept, or a withdraw, is refused.
      const again = await move(application.id, 'accept-offer');
      expect(again.statusCode).toBe(409);
      expect(again.error?.error).toBe('This application ended in a hire; it cannot move any more.');
      expect((await move(application.id, 'withdraw')).statusCode).toBe(409);
      expect(await db().select().from(assignments).where(eq(assignments.applicationId, application.id))).toHaveLength(
        1,
      );
    });

    it('declining withdraws the application with the note, and tells the company', async () => {
      const { application, job } = await seedApplication('offered');
      const response = await move(application.id, 'decline-offer');
      expect(response.statusCode).toBe(200);
      expect(response.body.status).toBe('withdrawn');
      expect(response.body.history.at(-1)).toMatchObject({
        status: 'withdrawn',
        by: 'applicant',
        note: applicationTexts.declinedOffer,
      });
      expect(response.body.assignment).toBeNull();
      const [audit] = await db()
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.targetId, application.id), eq(auditLogs.action, 'application.offer_declined')));
      expect(audit).toBeDefined();
      const told = await db().select().from(notifications).where(eq(notifications.userId, company.user.id));
      expect(told.some((note) => note.type === 'offer_declined' && note.body.includes(job.title))).toBe(true);
      const [open] = await db().select().from(jobs).where(eq(jobs.id, job.id));
      expect(open?.status).toBe('open');
    });

    it('accepts or declines only an offer', async () => {
      for (const status of ['submitted', 'shortlisted', 'interviewing'] as const) {
        const { application } = await seedApplication(status);
        const accept = await move(application.id, 'accept-offer');
        expect(accept.statusCode, status).toBe(409);
        expect(accept.error, status).toEqual({ error: applicantTexts.noOfferToAccept, code: 'conflict' });
        const decline = await move(application.id, 'decline-offer');
        expect(decline.statusCode, status).toBe(409);
        expect(decline.error, status).toEqual({ error: applicantTexts.noOfferToDecline, code: 'conflict' });
        const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
        expect(row?.status).toBe(status);
      }
      const finals: Array<[ApplicationStatus, string]> = [
        ['withdrawn', 'This application was withdrawn; it cannot move any more.'],
        ['rejected', 'This application was not selected; it cannot move any more.'],
      ];
      for (const [status, message] of finals) {
        const { application } = await seedApplication(status);
        expect((await move(application.id, 'accept-offer')).error).toEqual({ error: message, code: 'conflict' });
        expect((await move(application.id, 'decline-offer')).error).toEqual({ error: message, code: 'conflict' });
      }
      const { application: hired } = await seedApplication('hired');
      const decline = await move(hired.id, 'decline-offer');
      expect(decline.statusCode).toBe(409);
      expect(decline.error?.error).toBe('This application ended in a hire; it cannot move any more.');
    });
  });

  describe('who may', () => {
    it('treats someone else’s application as one that does not exist', async () => {
      const { application } = await seedApplication('offered', { owner: otherApplicant });
      for (const action of ['withdraw', 'accept-offer', 'decline-offer'] as const) {
        const response = await move(application.id, action);
        expect(response.statusCode, action).toBe(404);
        expect(response.error, action).toEqual({ error: applicationTexts.notFound, code: 'not_found' });
      }
      const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
      expect(row?.status).toBe('offered');
      expect((await list()).body.items.some((item) => item.id === application.id)).toBe(false);

      const missing = await move('00000000-0000-4000-8000-000000000000', 'withdraw');
      expect(missing.statusCode).toBe(404);
      const malformed = await move('not-an-id', 'withdraw');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.error?.error).toBe(malformedIdMessage('application'));
    });

    it('refuses companies and people who are not signed in', async () => {
      const { application } = await seedApplication('offered');
      const asCompany = await list({}, company);
      expect(asCompany.statusCode).toBe(403);
      expect(asCompany.error?.error).toBe(forbiddenMessage);
      for (const action of ['withdraw', 'accept-offer', 'decline-offer'] as const) {
        const response = await move(application.id, action, company);
        expect(response.statusCode, action).toBe(403);
        expect(response.error?.error).toBe(forbiddenMessage);
      }
      const anonymous = await callerFrom(testApp).call(applicationsContract.list);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.error?.error).toBe(notSignedInMessage);
      const [row] = await db().select().from(applications).where(eq(applications.id, application.id));
      expect(row?.status).toBe('offered');
    });
  });
});
