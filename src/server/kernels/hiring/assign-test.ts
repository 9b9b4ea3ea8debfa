import { and, eq, isNull, or } from 'drizzle-orm';
import { attemptTexts } from '~/shared/test-attempts';
import type { Database } from '../../db/client';
import { applications, jobs, testAttempts, tests } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { notify } from '../notices/notify';
import { findCompanyApplication } from './application-scope';
import { testAssignedNotification } from './assign-tests';

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
    await notify({
      db: tx,
      items: testAssignedNotification({
        attempt: { id: created.id, applicantId: row.applicantId },
        test,
        jobTitle: row.jobTitle,
      }),
    });
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
