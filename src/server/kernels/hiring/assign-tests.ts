import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import type { Database } from '../../db/client';
import { jobTests, testAttempts, tests } from '../../db/schema';

// An attempt that means the test is not sent again: still open, or passed (the pipeline reads the latest attempt
// at a test, whichever job it was taken for).
export const isOpenOrPassed = or(inArray(testAttempts.status, ['assigned', 'started']), eq(testAttempts.passed, true));

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
export const applicationStatusesTakingTests = ['submitted', 'shortlisted', 'interviewing'] as const;

export function testAssignedNotification({
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
