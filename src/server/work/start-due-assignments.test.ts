import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationsContract } from '~/shared/contracts/applications';
import { agreements, assignments, auditLogs, companies, notifications } from '../db/schema';
import { addDays, startOfDay, todayOf } from '../platform/work-calendar';
import { buildApplication, buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { type Account, companyAccount } from '../testing/job-board-test-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { startDueAssignments, startMomentOf } from './start-due-assignments';

type CompanyAccount = Account & { companyId: string };

const HOUR_MS = 60 * 60 * 1000;

// The hourly run of the schedule (schedule.ts 'start-due-assignments'): an accepted offer's assignment
// starts by itself once its start date has come, in UTC and in its job's zone, once however often the
// run repeats, and not while the company is suspended.
describe('assignments that start by themselves', () => {
  let testApp: TestApp;
  let company: CompanyAccount;
  const today = todayOf(new Date());

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyAccount(testApp, 'Start Date Inc');
  });
  afterAll(async () => {
    await testApp.close();
  });

  const db = () => testApp.database.db;

  // An offer with this start date, for a job in this zone, accepted by its applicant through the API.
  async function acceptedOffer({
    startDate,
    timezone = 'UTC+00:00',
    owner = company,
  }: {
    startDate: string;
    timezone?: string;
    owner?: CompanyAccount;
  }) {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Sam Starter' });
    const job = await buildJob(db(), { companyId: owner.companyId, title: 'Night Support', timezone });
    const application = await buildApplication(db(), {
      jobId: job.id,
      applicantId: applicant.user.id,
      status: 'offered',
      offerRateCents: 3_000,
      offerWeeklyHours: 20,
      offerStartDate: startDate,
    });
    const accepted = await applicant.call(applicationsContract.acceptOffer, { params: { id: application.id } });
    expect(accepted.statusCode, accepted.error?.error).toBe(200);
    const [assignment] = await db().select().from(assignments).where(eq(assignments.applicationId, application.id));
    if (!assignment) throw new Error('The offer opened no assignment.');
    expect(assignment.status).toBe('pending');
    return { assignment, applicant };
  }

  const statusOf = async (id: string) =>
    (await db().select({ status: assignments.status }).from(assignments).where(eq(assignments.id, id)))[0]?.status;

  it('starts an accepted offer whose start date has come, once across two runs, and tells both sides', async () => {
    const { assignment, applicant } = await acceptedOffer({ startDate: today });
    const later = await acceptedOffer({ startDate: addDays(today, 1) });

    const first = await startDueAssignments({ db: db() });
    expect(first.started).toContain(assignment.id);
    expect(first.started).not.toContain(later.assignment.id);
    expect(await statusOf(assignment.id)).toBe('active');
    expect(await statusOf(later.assignment.id)).toBe('pending');

    // Run again (a retry, or another instance's tick): nothing more happens to it.
    const second = await startDueAssignments({ db: db() });
    expect(second.started).not.toContain(assignment.id);
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, assignment.id), eq(auditLogs.action, 'assignment.started')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: null,
      details: { company_id: company.companyId, start_date: today, started_by: 'schedule' },
    });
    const told = await db()
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, [applicant.user.id, company.user.id]),
          eq(notifications.type, 'assignment_changed'),
          eq(notifications.title, 'Night Support has started'),
        ),
      );
    expect(told.map((row) => row.userId).sort()).toEqual([applicant.user.id, company.user.id].sort());
    expect(told.filter((row) => row.userId === applicant.user.id)).toHaveLength(1);
  });

  it('starts each assignment once when two runs overlap', async () => {
    const { assignment } = await acceptedOffer({ startDate: addDays(today, -2) });
    const runs = await Promise.all([startDueAssignments({ db: db() }), startDueAssignments({ db: db() })]);
    expect(runs.flatMap((run) => run.started).filter((id) => id === assignment.id)).toHaveLength(1);
    expect(await statusOf(assignment.id)).toBe('active');
  });

  it('waits for the start date in the job’s zone when it is behind UTC', async () => {
    const day = addDays(today, 3);
    const west = await acceptedOffer({ startDate: day, timezone: 'UTC-05:00' });
    const east = await acceptedOffer({ startDate: day, timezone: 'UTC+09:00' });
    expect(startMomentOf(day, 'UTC-05:00')).toEqual(new Date(startOfDay(day).getTime() + 5 * HOUR_MS));
    expect(startMomentOf(day, 'UTC+09:00')).toEqual(startOfDay(day));

    // The evening before in UTC: neither (east of UTC it is the day already, but work counts UTC days).
    const eveningBefore = new Date(startOfDay(day).getTime() - 2 * HOUR_MS);
    expect((await startDueAssignments({ db: db(), now: eveningBefore })).started).not.toContain(east.assignment.id);
    // 03:00 UTC is 22:00 the day before in UTC-05:00.
    const threeUtc = new Date(startOfDay(day).getTime() + 3 * HOUR_MS);
    const early = await startDueAssignments({ db: db(), now: threeUtc });
    expect(early.started).toContain(east.assignment.id);
    expect(early.started).not.toContain(west.assignment.id);
    expect(await statusOf(west.assignment.id)).toBe('pending');
    // 05:00 UTC is midnight there.
    const fiveUtc = new Date(startOfDay(day).getTime() + 5 * HOUR_MS);
    expect((await startDueAssignments({ db: db(), now: fiveUtc })).started).toContain(west.assignment.id);
    expect(await statusOf(west.assignment.id)).toBe('active');
  });

  it('leaves a suspended company’s assignment pending until it is active again', async () => {
    const held = await companyAccount(testApp, 'On Hold Ltd');
    const { assignment } = await acceptedOffer({ startDate: today, owner: held });
    await db().update(companies).set({ status: 'suspended' }).where(eq(companies.id, held.companyId));
    expect((await startDueAssignments({ db: db() })).started).not.toContain(assignment.id);
    expect(await statusOf(assignment.id)).toBe('pending');
    await db().update(companies).set({ status: 'active' }).where(eq(companies.id, held.companyId));
    expect((await startDueAssignments({ db: db() })).started).toContain(assignment.id);
  });

  it('leaves an assignment whose agreements are unsigned for the last signature to start (decision 056)', async () => {
    const { assignment, applicant } = await acceptedOffer({ startDate: today });
    const [agreement] = await db()
      .insert(agreements)
      .values({
        companyId: company.companyId,
        applicantId: applicant.user.id,
        assignmentId: assignment.id,
        kind: 'nda',
        templateVersion: 1,
        title: 'Non-disclosure agreement',
        body: 'Keep the secrets.',
        countersign: true,
        blocksWork: true,
        expiresAt: new Date(Date.now() + 14 * 24 * HOUR_MS),
      })
      .returning();
    expect((await startDueAssignments({ db: db() })).started).not.toContain(assignment.id);
    expect(await statusOf(assignment.id)).toBe('pending');
    // Voided, it holds nothing back: the next run starts it.
    await db()
      .update(agreements)
      .set({ status: 'voided' })
      .where(eq(agreements.id, agreement?.id ?? ''));
    expect((await startDueAssignments({ db: db() })).started).toContain(assignment.id);
  });
});
