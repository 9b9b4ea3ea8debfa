import type { z } from 'zod';
import type { createJobSchema } from '~/shared/jobs';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { Database } from '../db/client';
import { jobs, jobTests } from '../db/schema';
import { unverifiedEmailMessage } from '../platform/access-control';
import { AppError } from '../platform/errors';
import { getJob } from './get-job';
import { prepareJobValues } from './prepare-job-values';

export interface JobActor {
  id: string;
  email: string;
  emailVerified: boolean;
}

// Creates a job as a draft, or published at once ('open'). Publishing needs a confirmed email
// address and the spec's publishing rules; a draft needs neither and gets defaults for what is empty.
export async function createJob({
  db,
  companyId,
  actor,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  actor: JobActor;
  input: z.output<typeof createJobSchema>;
  ipAddress?: string;
  now?: Date;
}) {
  const isDraft = input.status === 'draft';
  if (!isDraft && !actor.emailVerified) throw new AppError('forbidden', unverifiedEmailMessage(actor.email));
  const { values, testIds } = await prepareJobValues({ db, companyId, fields: input, isDraft, now });

  const id = await db.transaction(async (transaction) => {
    const [created] = await transaction
      .insert(jobs)
      .values({
        ...values,
        companyId,
        createdById: actor.id,
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
        actorId: actor.id,
        action: 'job.created',
        targetType: 'job',
        targetId: created.id,
        details: { status: input.status, title: values.title },
        ipAddress,
      },
    });
    return created.id;
  });
  return getJob({ db, companyId, id });
}
