import { and, eq, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import type { InterviewStage } from '~/shared/interview-stages';
import { type EditedJob, type JobFields, jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { applications, jobs, jobTests } from '../db/schema';
import { assignAddedJobTests } from '../kernels/hiring/assign-added-job-tests';
import { closeFilledJob } from '../kernels/hiring/close-filled-job';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getJob } from './get-job';
import { prepareJobValues } from './prepare-job-values';

// Replaces a job's editable fields (its status moves only through the transitions, or closes when the
// new openings are all filled already). A draft keeps the draft defaults; a job that has been published
// must still meet the publishing rules; an archived job is frozen. A test it comes to require goes to the
// applicants still being decided on, as it would to a new one.
export async function updateJob({
  db,
  companyId,
  id,
  fields,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  id: string;
  fields: JobFields;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<EditedJob> {
  const [existing] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)));
  if (!existing) throw new AppError('not_found', jobEditTexts.notFound);
  if (existing.status === 'archived') throw new AppError('conflict', jobEditTexts.archivedCannotBeEdited);
  const { values, testIds } = await prepareJobValues({
    db,
    companyId,
    fields,
    isDraft: existing.status === 'draft',
    keptStartDate: existing.startDate,
    keptClosesOn: existing.closesOn,
    keptScreeningQuestions: existing.screeningQuestions,
    keptInterviewStages: existing.interviewStages,
    now,
  });
  const changedFields = Object.entries(values)
    .filter(([key, value]) => JSON.stringify(existing[key as keyof typeof values]) !== JSON.stringify(value))
    .map(([key]) => key);

  const newTestsSentTo = await db.transaction(async (transaction) => {
    // Guarded by status too: an archive that lands in between wins over this edit.
    const [updated] = await transaction
      .update(jobs)
      .set({ ...values, updatedAt: now })
      .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId), eq(jobs.status, existing.status)))
      .returning({ id: jobs.id });
    if (!updated) throw new AppError('conflict', 'This job changed while you were editing it. Please try again.');
    await placeInInterviewStages(transaction, id, values.interviewStages);
    // The links replaced, read in the same transaction: what the edit adds is what goes to the applicants.
    const previousTests = await transaction
      .delete(jobTests)
      .where(eq(jobTests.jobId, id))
      .returning({ testId: jobTests.testId });
    const addedTestIds = testIds.filter((testId) => !previousTests.some((row) => row.testId === testId));
    if (testIds.length > 0) await transaction.insert(jobTests).values(testIds.map((testId) => ({ jobId: id, testId })));
    const sentTo = await assignAddedJobTests({
      db: transaction,
      jobId: id,
      jobTitle: values.title,
      testIds: addedTestIds,
      now,
    });
    // Fewer openings than before may leave none unfilled: then the job closes, as a last hire closes it.
    await closeFilledJob({ tx: transaction, jobId: id, actorId, ipAddress, now });
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'job.updated',
        targetType: 'job',
        targetId: id,
        details: {
          fields: changedFields,
          status: existing.status,
          ...(sentTo > 0 && { new_tests_sent_to: sentTo }),
        },
        ipAddress,
      },
    });
    return sentTo;
  });
  return { ...(await getJob({ db, companyId, id })), new_tests_sent_to: newTestsSentTo };
}

// Every application in Interviewing sits in one of the job's interview stages, or in none when it has none:
// those of a removed stage, and those that arrived before the job had stages, go to the first.
async function placeInInterviewStages(tx: Database, jobId: string, stages: readonly InterviewStage[]) {
  const first = stages[0]?.id ?? null;
  const ids = stages.map((stage) => stage.id);
  await tx
    .update(applications)
    .set({ interviewStageId: first })
    .where(
      and(
        eq(applications.jobId, jobId),
        eq(applications.status, 'interviewing'),
        first === null
          ? isNotNull(applications.interviewStageId)
          : or(isNull(applications.interviewStageId), notInArray(applications.interviewStageId, ids)),
      ),
    );
}
