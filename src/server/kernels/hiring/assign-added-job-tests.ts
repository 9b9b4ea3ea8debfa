import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, testAttempts, tests } from '../../db/schema';
import { notify } from '../notices/notify';
import { applicationStatusesTakingTests, isOpenOrPassed, testAssignedNotification } from './assign-tests';

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
  await notify({
    db,
    items: inserted.flatMap((attempt) => {
      const test = testsById.get(attempt.testId);
      return test ? [testAssignedNotification({ attempt, test, jobTitle })] : [];
    }),
  });
  return new Set(inserted.map((attempt) => attempt.applicantId)).size;
}
