import type { z } from 'zod';
import type { createJobSchema } from '~/shared/jobs';
import type { Database } from '../db/client';
import { jobs, jobTests } from '../db/schema';
import { unverifiedEmailMessage } from '../platform/access-control';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getJob } from './get-job';
import { prepareJobValues } from './prepare-job-values';

// What an unconfirmed address holds back: "Confirm your email address to publish jobs."
export const publishWaitsFor = 'publish jobs';

// Creates a job as a draft, or published at once ('open'). Publishing needs a confirmed email
// address and the spec's publishing rules; a draft needs neither and gets defaults for what is empty.
export async function createJob({
  db,
  companyId,
  actorId,
  actorEmail,
  isActorEmailVerified,
  input,
  ipAddress,
  onPublished,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actorId: string;
  // The actor's address as their session has it: publishing waits until it is confirmed.
  actorEmail: string;
  isActorEmailVerified: boolean;
  input: z.output<typeof createJobSchema>;
  ipAddress?: string;
  // Runs in the job's transaction when it is published at once: what announces it (the administrators'
  // email) commits with the job, or neither does.
  onPublished?: (transaction: Database, jobId: string) => Promise<void>;
  now?: Date;
}) {
  const isDraft = input.status === 'draft';
  if (!isDraft && !isActorEmailVerified)
    throw new AppError('forbidden', unverifiedEmailMessage(actorEmail, publishWaitsFor));
  const { values, testIds } = await prepareJobValues({ db, companyId, fields: input, isDraft, now });

  const id = await db.transaction(async (transaction) => {
    const [created] = await transaction
      .insert(jobs)
      .values({
        ...values,
        companyId,
        createdById: actorId,
        status: input.status,
        publishedAt: isDraft ? null : now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: jobs.id });
    if (!created) throw new Error('The job was not created.');
    if (testIds.length > 0) {
      await transaction.insert(jobTests).values(testIds.map((testId) => ({ jobId: created.id, testId })));
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'job.created',
        targetType: 'job',
        targetId: created.id,
        details: { status: input.status, title: values.title },
        ipAddress,
      },
    });
    if (input.status === 'open') await onPublished?.(transaction, created.id);
    return created.id;
  });
  return getJob({ db, companyId, id });
}
