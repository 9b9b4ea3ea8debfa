import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationType } from '~/shared/applications';
import { applicationsContract } from '~/shared/contracts/applications';
import { hiringTeamContract } from '~/shared/contracts/hiring-team';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { messagingContract } from '~/shared/contracts/messaging';
import { workContract } from '~/shared/contracts/work';
import { closeAttempt } from '../../assessments/close-attempt';
import { createRubricGrader } from '../../assessments/text-graders';
import { notifications } from '../../db/schema';
import { buildAccount } from '../../seed/factories';
import { buildApplication } from '../../seed/job-factories';
import { buildTest, buildTestAttempt } from '../../seed/test-factories';
import { signedInAccount } from '../../testing/auth-helpers';
import { startCompanyConversation } from '../../testing/conversation-helpers';
import { companyAccount, jobWith, uniqueWord } from '../../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAssignment, buildTimesheet } from '../../testing/work-factories';
import { issueInvoices } from '../money/issue-invoices';
import { companyRecipients } from './company-recipients';

type Member = Awaited<ReturnType<typeof buildAccount>>['user'];

// Who in a company hears of something: the members whose role holds what the thing needs, and about a job
// with a hiring team, only its team.
describe('company notifications reach the members who should get them', () => {
  let testApp: TestApp;
  let owner: Awaited<ReturnType<typeof companyAccount>>;
  let hiringManager: Member;
  let billing: Member;
  let viewer: Member;
  let admin: Member;

  const db = () => testApp.database.db;
  const toldOf = async (type: NotificationType, userIds: string[]) =>
    (
      await db()
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.type, type), inArray(notifications.userId, userIds)))
    )
      .map((row) => row.userId)
      .sort();
  const everyone = () => [owner.user.id, hiringManager.id, billing.id, viewer.id, admin.id];
  const member = async (role: 'admin' | 'hiring_manager' | 'billing' | 'viewer', name: string) =>
    (await buildAccount(db(), { role: 'company', name, company: { id: owner.companyId, role } })).user;

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await companyAccount(testApp, 'Teamwork Inc');
    hiringManager = await member('hiring_manager', 'Hana Hiring');
    billing = await member('billing', 'Bill Billing');
    viewer = await member('viewer', 'Vera Viewer');
    admin = await member('admin', 'Ada Admin');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const apply = async (jobId: string) => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const response = await applicant.call(jobBoardContract.apply, {
      params: { id: jobId },
      body: { cover_letter: 'I would love to help.' },
    });
    expect(response.statusCode, response.rawPayload.toString()).toBe(201);
  };

  it('tells every member who may read applications of one to a job without a team — not Billing', async () => {
    const job = await jobWith(testApp, owner.companyId, uniqueWord());
    await apply(job.id);
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'application_received'), eq(notifications.link, `/company/jobs/${job.id}`)));
    expect(told.map((row) => row.userId).sort()).toEqual([owner.user.id, hiringManager.id, viewer.id, admin.id].sort());
  });

  it('tells only the hiring team of a job that has one', async () => {
    const job = await jobWith(testApp, owner.companyId, uniqueWord());
    const added = await owner.call(hiringTeamContract.add, {
      params: { id: job.id },
      body: { user_id: hiringManager.id },
    });
    expect(added.statusCode, added.rawPayload.toString()).toBe(201);
    await apply(job.id);
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'application_received'), eq(notifications.link, `/company/jobs/${job.id}`)));
    expect(told.map((row) => row.userId)).toEqual([hiringManager.id]);
    // A team member whose role cannot read applications is not told either (a Billing member never is).
    expect(
      await companyRecipients({ db: db(), companyId: owner.companyId, permission: 'read:invoice:own', jobId: job.id }),
    ).toEqual(expect.arrayContaining([owner.user.id, billing.id]));
  });

  it('tells only the team when an applicant withdraws', async () => {
    const job = await jobWith(testApp, owner.companyId, uniqueWord());
    await owner.call(hiringTeamContract.add, { params: { id: job.id }, body: { user_id: viewer.id } });
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const application = await buildApplication(db(), { jobId: job.id, applicantId: applicant.user.id });
    const withdrawn = await applicant.call(applicationsContract.withdraw, { params: { id: application.id } });
    expect(withdrawn.statusCode, withdrawn.rawPayload.toString()).toBe(200);
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'application_withdrawn'), eq(notifications.link, `/company/jobs/${job.id}`)));
    expect(told.map((row) => row.userId)).toEqual([viewer.id]);
  });

  it('tells the members who read invoices of a new invoice — Billing, not the Hiring Manager', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const assignment = await buildAssignment(db(), {
      companyId: owner.companyId,
      applicantId: talent.user.id,
      startDate: '2026-11-01',
    });
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: '2026-11-15',
      status: 'approved',
      minutes: { '2026-11-16': 480 },
      talentPayCents: 40_000,
    });
    const run = await issueInvoices({ db: db(), periodStart: '2026-11-15', today: '2026-11-24' });
    expect(run.issued.some((invoice) => invoice.companyId === owner.companyId)).toBe(true);
    expect(await toldOf('invoice_issued', everyone())).toEqual([owner.user.id, billing.id, viewer.id, admin.id].sort());
    // The Billing member heard of no application at all.
    expect(await toldOf('application_received', [billing.id])).toEqual([]);
  });

  it('tells those who approve timesheets of one handed in', async () => {
    const talent = await signedInAccount(testApp, { role: 'applicant' });
    const assignment = await buildAssignment(db(), {
      companyId: owner.companyId,
      applicantId: talent.user.id,
      startDate: '2026-11-01',
    });
    await buildTimesheet(db(), {
      assignmentId: assignment.id,
      weekStart: '2026-11-15',
      minutes: { '2026-11-16': 240 },
    });
    const submitted = await talent.call(workContract.submitWeek, {
      params: { assignment_id: assignment.id, week_start: '2026-11-15' },
    });
    expect(submitted.statusCode, submitted.rawPayload.toString()).toBe(200);
    expect(await toldOf('timesheet_submitted', everyone())).toEqual([owner.user.id, billing.id, admin.id].sort());
  });

  // Billing answers the talent the company hired, not its candidates (decision 032, issue 51).
  it('tells those who may answer of a message while they are away — not a Viewer, who only reads, nor Billing before a hire', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Mia Messenger' });
    const conversation = await startCompanyConversation(testApp, owner, applicant.user.id);
    const sendAndListTold = async (body: string) => {
      const sent = await applicant.call(messagingContract.send, {
        params: { id: conversation.id },
        body: { client_id: crypto.randomUUID(), body },
      });
      expect(sent.statusCode, sent.rawPayload.toString()).toBe(201);
      const told = await db()
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            eq(notifications.type, 'message_received'),
            eq(notifications.title, 'New message from Mia Messenger'),
            inArray(notifications.userId, everyone()),
          ),
        );
      return [...new Set(told.map((row) => row.userId))].sort();
    };
    expect(await sendAndListTold('Hello, is the role still open?')).toEqual(
      [owner.user.id, hiringManager.id, admin.id].sort(),
    );
    await buildAssignment(db(), {
      companyId: owner.companyId,
      applicantId: applicant.user.id,
      startDate: '2026-11-02',
    });
    expect(await sendAndListTold('When is my first invoice due?')).toEqual(
      [owner.user.id, hiringManager.id, billing.id, admin.id].sort(),
    );
  });

  it('tells the job’s hiring team that a test taken for it was submitted', async () => {
    const job = await jobWith(testApp, owner.companyId, uniqueWord());
    await owner.call(hiringTeamContract.add, { params: { id: job.id }, body: { user_id: admin.id } });
    const { test } = await buildTest(db(), { companyId: owner.companyId, name: 'Typing Speed' });
    const attempt = await buildTestAttempt(db(), { testId: test.id, jobId: job.id, status: 'started' });
    expect(
      await closeAttempt({ db: db(), attemptId: attempt.id, closedBy: 'candidate', grader: createRubricGrader() }),
    ).toBe(true);
    const told = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(eq(notifications.type, 'test_submitted'), eq(notifications.link, `/company/test-attempts/${attempt.id}`)),
      );
    expect(told.map((row) => row.userId)).toEqual([admin.id]);
  });
});
