import { and, eq, isNull } from 'drizzle-orm';
import { earliestStartDate, JOB_TITLE_MAX_LENGTH, jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { jobs, jobTests, tests } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getJob } from './get-job';

// A new draft with the job's fields and required tests, titled 'Copy of …' so the two are told apart
// in the list. Whatever the original's status, the copy starts over as a draft with no applications.
export async function duplicateJob({
  db,
  companyId,
  id,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  id: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}) {
  const [source] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)));
  if (!source) throw new AppError('not_found', jobEditTexts.notFound);

  const copyId = await db.transaction(async (transaction) => {
    const [copy] = await transaction
      .insert(jobs)
      .values({
        companyId,
        createdById: actorId,
        title: `Copy of ${source.title}`.slice(0, JOB_TITLE_MAX_LENGTH).trimEnd(),
        description: source.description,
        engagementType: source.engagementType,
        budgetMinCents: source.budgetMinCents,
        budgetMaxCents: source.budgetMaxCents,
        budgetTotalCents: source.budgetTotalCents,
        weeklyHours: source.weeklyHours,
        openings: source.openings,
        // A start date that has passed would make the copy unsavable until changed.
        startDate: source.startDate && source.startDate >= earliestStartDate(now) ? source.startDate : null,
        // The copy takes the default validity when it is published, unless its company names a date.
        applicantLocations: source.applicantLocations,
        skillTags: source.skillTags,
        timezone: source.timezone,
        requiredCerts: source.requiredCerts,
        visibility: source.visibility,
        ccEmail: source.ccEmail,
        screeningQuestions: source.screeningQuestions,
        interviewStages: source.interviewStages,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: jobs.id });
    if (!copy) throw new Error('The copy was not created.');
    // Only the tests still in use: an archived test can no longer be required.
    const linked = await transaction
      .select({ testId: jobTests.testId })
      .from(jobTests)
      .innerJoin(tests, eq(tests.id, jobTests.testId))
      .where(and(eq(jobTests.jobId, id), isNull(tests.archivedAt)));
    if (linked.length > 0) {
      await transaction.insert(jobTests).values(linked.map(({ testId }) => ({ jobId: copy.id, testId })));
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'job.duplicated',
        targetType: 'job',
        targetId: copy.id,
        details: { source_job_id: id },
        ipAddress,
      },
    });
    return copy.id;
  });
  return getJob({ db, companyId, id: copyId });
}
