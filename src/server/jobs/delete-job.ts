import { and, eq } from 'drizzle-orm';
import { jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// Deletes a draft for good. A job that has been published keeps its history (applications, figures):
// it can only be archived.
export async function deleteJob({
  db,
  companyId,
  id,
  actorId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  id: string;
  actorId: string;
  ipAddress?: string;
}) {
  await db.transaction(async (transaction) => {
    const [deleted] = await transaction
      .delete(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId), eq(jobs.status, 'draft')))
      .returning({ id: jobs.id, title: jobs.title });
    if (!deleted) {
      const [job] = await transaction
        .select({ status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)));
      if (!job) throw new AppError('not_found', jobEditTexts.notFound);
      throw new AppError(
        'conflict',
        job.status === 'archived' ? jobEditTexts.archivedCannotBeDeleted : jobEditTexts.onlyDraftDeleted,
      );
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'job.deleted',
        targetType: 'job',
        targetId: id,
        details: { title: deleted.title },
        ipAddress,
      },
    });
  });
}
