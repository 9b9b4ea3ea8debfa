import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMIZED_NAME, anonymizeAccount } from '../kernels/identity/anonymize-account';
import { AppError } from '../platform/errors';
import { createDatabaseFileChunks, createFileStore, type FileStore } from '../platform/file-store';
import { linkStoredFile } from '../platform/link-stored-file';
import { recordAuditEvent } from '../platform/record-audit-event';
import { buildAccount, buildSession } from '../seed/factories';
import { buildJob } from '../seed/job-factories';
import { buildTest } from '../seed/test-factories';
import { createTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import {
  applicantProfiles,
  auditLogs,
  jobs,
  oauthAccounts,
  questions,
  sessions,
  storedFileChunks,
  storedFiles,
  testAttempts,
  tests,
  users,
} from './schema';

// Rules the database enforces itself, whatever code writes to it (migration 0008).
describe('integrity rules in the database', () => {
  let database: DatabaseHandle;
  let companyId: string;
  let files: FileStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    files = createFileStore({ db: database.db, chunks: createDatabaseFileChunks(database.db) });
    const { user } = await buildAccount(database.db, { role: 'company' });
    const [member] = await database.db
      .execute<{ company_id: string }>(sql`select company_id from company_members where user_id = ${user.id}`)
      .then((result) => (result as unknown as { rows: Array<{ company_id: string }> }).rows);
    companyId = member?.company_id ?? '';
  });
  afterAll(async () => {
    await database.close();
  });

  // The database's refusal, as the error it raised (drizzle wraps it).
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: { cause?: { code?: string; constraint?: string } }) => ({
        code: error.cause?.code,
        constraint: error.cause?.constraint,
      }),
    );

  it('refuses a budget whose minimum is above its maximum, or a negative one', async () => {
    expect(await refusal(buildJob(database.db, { companyId, budgetMinCents: 9_000, budgetMaxCents: 8_000 }))).toEqual({
      code: '23514',
      constraint: 'jobs_budget_range',
    });
    expect(await refusal(buildJob(database.db, { companyId, engagementType: 'fixed', budgetTotalCents: -5 }))).toEqual({
      code: '23514',
      constraint: 'jobs_budget_range',
    });
    expect(await refusal(buildJob(database.db, { companyId, weeklyHours: 0 }))).toMatchObject({
      constraint: 'jobs_weekly_hours_range',
    });
    await expect(
      buildJob(database.db, { companyId, budgetMinCents: 8_000, budgetMaxCents: 8_000 }),
    ).resolves.toBeTruthy();
  });

  it('keeps pass rates, time limits, points and scores in range, and one question per position', async () => {
    const { test } = await buildTest(database.db, { companyId });
    expect(await refusal(database.db.update(tests).set({ passRate: 101 }).where(eq(tests.id, test.id)))).toMatchObject({
      constraint: 'tests_pass_rate_range',
    });
    expect(
      await refusal(database.db.update(tests).set({ timeLimitMinutes: 0 }).where(eq(tests.id, test.id))),
    ).toMatchObject({ constraint: 'tests_time_limit_range' });
    expect(
      await refusal(database.db.update(questions).set({ points: 0 }).where(eq(questions.testId, test.id))),
    ).toMatchObject({ constraint: 'questions_points_range' });
    expect(
      await refusal(
        database.db
          .insert(questions)
          .values({ testId: test.id, position: 0, type: 'short-answer', text: 'Twice at 0?' }),
      ),
    ).toMatchObject({ code: '23505', constraint: 'questions_test_id_position_unique' });
    const { user: applicant } = await buildAccount(database.db);
    expect(
      await refusal(
        database.db.insert(testAttempts).values({ testId: test.id, applicantId: applicant.id, score: 140 }),
      ),
    ).toMatchObject({ constraint: 'test_attempts_score_range' });
  });

  it('keeps email addresses unique in any case, whatever writes them', async () => {
    await buildAccount(database.db, { email: 'casey@example.test' });
    expect(
      await refusal(
        database.db.insert(users).values({ email: 'Casey@Example.test', name: 'Casey', role: 'applicant' }),
      ),
    ).toMatchObject({ code: '23505', constraint: 'users_email_lower_unique' });
  });

  it('never deletes an account; anonymising it keeps the audit trail, which still names who acted', async () => {
    const { user } = await buildAccount(database.db, { role: 'company', email: 'leaving@example.test' });
    await buildSession(database.db, user.id);
    await database.db.insert(oauthAccounts).values({ userId: user.id, provider: 'google', subject: 'leaving-sub' });
    await recordAuditEvent({ db: database.db, event: { actorId: user.id, action: 'job.created', targetType: 'job' } });

    expect(await refusal(database.db.delete(users).where(eq(users.id, user.id)))).toBeDefined();
    await anonymizeAccount({ db: database.db, files, userId: user.id, actorId: null });

    const [after] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toMatchObject({ name: ANONYMIZED_NAME, status: 'suspended', passwordHash: null });
    expect(after?.email).not.toContain('leaving');
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user.id))).toEqual([]);
    const trail = await database.db.select().from(auditLogs).where(eq(auditLogs.actorId, user.id));
    expect(trail.map((row) => row.actorEmail)).toEqual(['leaving@example.test']);
    const [anonymized] = await database.db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.action} = 'account.anonymized' and ${auditLogs.targetId} = ${user.id}`);
    expect(anonymized).toBeDefined();
    // The audit log stays append only.
    expect(
      await refusal(database.db.update(auditLogs).set({ actorEmail: 'x' }).where(eq(auditLogs.actorId, user.id))),
    ).toBeDefined();
  });

  it('anonymising an applicant takes their profile and their photo file away', async () => {
    const { user } = await buildAccount(database.db, { role: 'applicant' });
    const refused = () => new AppError('validation', 'refused');
    const photo = await files.write({
      ownerId: user.id,
      kind: 'photo',
      contentType: 'image/png',
      content: Readable.from([Buffer.from('not really a png')]),
      maxBytes: 1024,
      tooLarge: refused,
      empty: refused,
    });
    await database.db.transaction(async (tx) => {
      await linkStoredFile({ tx, fileId: photo.id, ownerId: user.id, kind: 'photo' });
      await tx
        .update(applicantProfiles)
        .set({
          headline: 'Bookkeeper',
          summary: 'Ten years of small-business books.',
          photoFileId: photo.id,
          photoContentType: 'image/png',
        })
        .where(eq(applicantProfiles.userId, user.id));
    });

    await anonymizeAccount({ db: database.db, files, userId: user.id, actorId: null });

    expect(await database.db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, user.id))).toEqual([]);
    expect(await database.db.select().from(storedFiles).where(eq(storedFiles.ownerId, user.id))).toEqual([]);
    expect(await database.db.select().from(storedFileChunks).where(eq(storedFileChunks.fileId, photo.id))).toEqual([]);
  });

  it('keeps jobs pointing at a person who left', async () => {
    const { user } = await buildAccount(database.db, { role: 'company' });
    const job = await buildJob(database.db, { companyId, createdById: user.id });
    await anonymizeAccount({ db: database.db, files, userId: user.id, actorId: null });
    const [stored] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored?.createdById).toBe(user.id);
  });
});
