import { and, eq, inArray, isNull, notExists, or } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import { attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../../db/client';
import { applications, jobs, jobTests, testAttempts, tests } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { notify } from '../notices/notify';
import { findCompanyApplication } from './application-scope';

// An attempt that means the test is not sent again: still open, or passed (the pipeline reads the latest attempt
// at a test, whichever job it was taken for).
const isOpenOrPassed = or(inArray(testAttempts.status, ['assigned', 'started']), eq(testAttempts.passed, true));

// The job's required tests, assigned to an applicant as they apply (inside the application's
// transaction). A test they have open already, or passed already, is not assigned again: the pipeline
// reads their latest attempt at it, whichever job it was taken for.
export async function assignJobTests({
  db,
  jobId,
  applicationId,
  applicantId,
  now,
}: {
  db: Database;
  jobId: string;
  applicationId: string;
  applicantId: string;
  now: Date;
}): Promise<number> {
  const required = await db
    .select({ testId: jobTests.testId })
    .from(jobTests)
    .innerJoin(tests, eq(tests.id, jobTests.testId))
    .where(and(eq(jobTests.jobId, jobId), eq(tests.isActive, true), isNull(tests.archivedAt)));
  if (required.length === 0) return 0;
  const settled = await db
    .select({ testId: testAttempts.testId })
    .from(testAttempts)
    .where(
      and(
        eq(testAttempts.applicantId, applicantId),
        inArray(
          testAttempts.testId,
          required.map((row) => row.testId),
        ),
        isOpenOrPassed,
      ),
    );
  const settledIds = new Set(settled.map((row) => row.testId));
  const toAssign = required.filter((row) => !settledIds.has(row.testId));
  if (toAssign.length === 0) return 0;
  const inserted = await db
    .insert(testAttempts)
    .values(toAssign.map((row) => ({ testId: row.testId, applicantId, jobId, applicationId, assignedAt: now })))
    .onConflictDoNothing()
    .returning({ id: testAttempts.id });
  return inserted.length;
}

// Applications still being decided: a test the job comes to require reaches them too.
const applicationStatusesTakingTests = ['submitted', 'shortlisted', 'interviewing'] as const;

// The tests a job has just come to require, assigned to every applicant still being decided on (inside the
// job's edit), each told in a notification; the same rule as on applying: a test an applicant has open, or
// has passed, is not assigned again. Returns how many applications were sent at least one test.
export async function assignAddedJobTests({
  db,
  jobId,
  jobTitle,
  testIds,
  now,
}: {
  db: Database;
  jobId: string;
  jobTitle: string;
  testIds: string[];
  now: Date;
}): Promise<number> {
  if (testIds.length === 0) return 0;
  const settled = db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(
      and(eq(testAttempts.applicantId, applications.applicantId), eq(testAttempts.testId, tests.id), isOpenOrPassed),
    );
  const toAssign = await db
    .select({
      testId: tests.id,
      testName: tests.name,
      timeLimit: tests.timeLimitMinutes,
      applicantId: applications.applicantId,
      applicationId: applications.id,
    })
    .from(applications)
    .innerJoin(tests, and(inArray(tests.id, testIds), eq(tests.isActive, true), isNull(tests.archivedAt)))
    .where(
      and(
        eq(applications.jobId, jobId),
        inArray(applications.status, [...applicationStatusesTakingTests]),
        notExists(settled),
      ),
    );
  if (toAssign.length === 0) return 0;
  const inserted = await db
    .insert(testAttempts)
    .values(
      toAssign.map(({ testId, applicantId, applicationId }) => ({
        testId,
        applicantId,
        applicationId,
        jobId,
        assignedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: testAttempts.id, testId: testAttempts.testId, applicantId: testAttempts.applicantId });
  // The tests' names and limits, as the select above read them.
  const testsById = new Map(toAssign.map((row) => [row.testId, { name: row.testName, timeLimit: row.timeLimit }]));
  await notify(
    db,
    inserted.flatMap((attempt) => {
      const test = testsById.get(attempt.testId);
      return test ? [testAssignedNotification({ attempt, test, jobTitle })] : [];
    }),
  );
  return new Set(inserted.map((attempt) => attempt.applicantId)).size;
}

// The test an interview stage sends, assigned as an application enters the stage (inside the move's
// transaction) and the applicant told; as on applying, not when they have it open or passed it already, nor
// once the company archived or unpublished it. Whether it was sent.
export async function assignStageTest({
  db,
  testId,
  jobId,
  jobTitle,
  applicationId,
  applicantId,
  now,
}: {
  db: Database;
  testId: string;
  jobId: string;
  jobTitle: string;
  applicationId: string;
  applicantId: string;
  now: Date;
}): Promise<boolean> {
  const [test] = await db
    .select({ name: tests.name, timeLimit: tests.timeLimitMinutes })
    .from(tests)
    .where(and(eq(tests.id, testId), eq(tests.isActive, true), isNull(tests.archivedAt)));
  if (!test) return false;
  const [settled] = await db
    .select({ id: testAttempts.id })
    .from(testAttempts)
    .where(and(eq(testAttempts.applicantId, applicantId), eq(testAttempts.testId, testId), isOpenOrPassed))
    .limit(1);
  if (settled) return false;
  const [attempt] = await db
    .insert(testAttempts)
    .values({ testId, applicantId, jobId, applicationId, assignedAt: now })
    .onConflictDoNothing()
    .returning({ id: testAttempts.id, applicantId: testAttempts.applicantId });
  if (!attempt) return false;
  await notify(db, [testAssignedNotification({ attempt, test, jobTitle })]);
  return true;
}

function testAssignedNotification({
  attempt,
  test,
  jobTitle,
}: {
  attempt: { id: string; applicantId: string };
  test: { name: string; timeLimit: number };
  jobTitle: string;
}) {
  return {
    userId: attempt.applicantId,
    type: 'test_assigned' as const,
    title: `Skills test: ${test.name}`,
    body: `Take it for ${jobTitle}. You have ${test.timeLimit} minutes once you start.`,
    link: paths.applicantTest.getHref({ id: attempt.id }),
  };
}

// A company assigns one of its published tests (or a public one) to an applicant of one of its jobs.
// A test the applicant has finished before is a retake: a new attempt; one still open is refused.
export async function assignTest({
  db,
  companyId,
  actorId,
  ipAddress,
  applicationId,
  testId,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  applicationId: string;
  testId: string;
  now?: Date;
}): Promise<{ id: string }> {
  const application = await findCompanyApplication({ db, companyId, id: applicationId });
  return db.transaction(async (tx) => {
    const [test] = await tx
      .select({ id: tests.id, name: tests.name, timeLimit: tests.timeLimitMinutes })
      .from(tests)
      .where(
        and(
          eq(tests.id, testId),
          eq(tests.isActive, true),
          isNull(tests.archivedAt),
          or(eq(tests.companyId, companyId), eq(tests.isPublic, true)),
        ),
      );
    if (!test)
      throw new AppError('validation', attemptTexts.testNotAssignable, { test_id: attemptTexts.testNotAssignable });
    const [row] = await tx
      .select({ applicantId: applications.applicantId, jobTitle: jobs.title })
      .from(applications)
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .where(eq(applications.id, application.id));
    if (!row) throw new AppError('not_found', attemptTexts.notFound);
    const [created] = await tx
      .insert(testAttempts)
      .values({
        testId,
        applicantId: row.applicantId,
        jobId: application.jobId,
        applicationId: application.id,
        assignedById: actorId,
        assignedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: testAttempts.id });
    if (!created) throw new AppError('conflict', attemptTexts.alreadyAssigned);
    await notify(
      tx,
      testAssignedNotification({
        attempt: { id: created.id, applicantId: row.applicantId },
        test,
        jobTitle: row.jobTitle,
      }),
    );
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'test_attempt.assigned',
        targetType: 'test_attempt',
        targetId: created.id,
        details: { test_id: testId, test_name: test.name, application_id: application.id },
        ipAddress,
      },
    });
    return created;
  });
}
