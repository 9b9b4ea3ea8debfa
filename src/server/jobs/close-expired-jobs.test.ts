import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInUtc } from '~/shared/job-reach';
import { auditLogs, companyMembers, jobs } from '../db/schema';
import { buildJob } from '../seed/job-factories';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { closeExpiredJobs } from './close-expired-jobs';

// The nightly sweep (schedule.ts, decision 058): open and paused jobs past their closing date are closed
// through the state machine, each with its audit row, and a second run changes nothing.
describe('closing jobs past their closing date', () => {
  let testApp: TestApp;
  let companyId: string;
  const today = todayInUtc();

  beforeAll(async () => {
    testApp = await createTestApp();
    const owner = await signedInAccount(testApp, { role: 'company' });
    const [membership] = await testApp.database.db
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, owner.user.id));
    companyId = membership?.companyId ?? '';
  });
  afterAll(async () => {
    await testApp.close();
  });

  const statusOf = async (id: string) =>
    (await testApp.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id)))[0]?.status;
  const closings = (id: string) =>
    testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, 'job.closed')));

  it('closes open and paused jobs whose closing date has passed, audited, once', async () => {
    const db = testApp.database.db;
    const expired = await buildJob(db, { companyId, closesOn: addDays(today, -1) });
    const pausedExpired = await buildJob(db, { companyId, status: 'paused', closesOn: addDays(today, -3) });
    const lastDay = await buildJob(db, { companyId, closesOn: today });
    const noDate = await buildJob(db, { companyId, closesOn: null });
    const draft = await buildJob(db, { companyId, status: 'draft', closesOn: addDays(today, -5) });

    expect(await closeExpiredJobs({ db })).toBe(2);
    expect(await statusOf(expired.id)).toBe('closed');
    expect(await statusOf(pausedExpired.id)).toBe('closed');
    for (const job of [lastDay, noDate]) expect(await statusOf(job.id)).toBe('open');
    expect(await statusOf(draft.id)).toBe('draft');
    const [row] = await closings(expired.id);
    expect(row).toMatchObject({ actorId: null, details: { from: 'open', to: 'closed', reason: 'closing_date' } });
    expect(await closings(pausedExpired.id)).toHaveLength(1);

    // Idempotent: nothing left to close, no second audit row.
    expect(await closeExpiredJobs({ db })).toBe(0);
    expect(await closings(expired.id)).toHaveLength(1);
  });

  it('closes a job on the day after its closing date, not on it (UTC)', async () => {
    const db = testApp.database.db;
    const job = await buildJob(db, { companyId, closesOn: '2030-03-10' });
    await closeExpiredJobs({ db, now: new Date('2030-03-10T23:59:00Z') });
    expect(await statusOf(job.id)).toBe('open');
    await closeExpiredJobs({ db, now: new Date('2030-03-11T00:15:00Z') });
    expect(await statusOf(job.id)).toBe('closed');
  });
});
