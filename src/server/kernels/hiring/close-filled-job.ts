import { and, eq, inArray, sql } from 'drizzle-orm';
import type { JobStatus } from '~/shared/jobs';
import type { Database } from '../../db/client';
import { applications, jobs } from '../../db/schema';
import { recordAuditEvent } from '../../platform/record-audit-event';

// A job is filled once its hires reach its openings, and a filled job takes no more applications: the
// job form promises "The job closes once they are all hired" (docs/design.md §5). Every path that can
// fill a job comes here: a hire (hire-consequences.ts) and an edit lowering the openings (update-job.ts);
// reopening or resuming a filled job is refused (change-job-status.ts).

// The job's row, locked until the transaction ends, and its hires counted after the lock: two hires of
// one job take turns here, so the second counts the first's hire (READ COMMITTED reads afresh per
// statement) and the last opening closes the job however close together they come. NO KEY UPDATE, as
// the status update itself takes: the hire's rows referencing the job hold a KEY SHARE lock on it, which
// a plain FOR UPDATE would wait on, and two hires would deadlock.
export async function lockJobOpenings(
  tx: Database,
  jobId: string,
): Promise<{ status: JobStatus; openings: number; hires: number } | undefined> {
  const [job] = await tx
    .select({ status: jobs.status, openings: jobs.openings })
    .from(jobs)
    .where(eq(jobs.id, jobId))
    .for('no key update');
  if (!job) return undefined;
  const [hired] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.jobId, jobId), eq(applications.status, 'hired')));
  return { ...job, hires: Number(hired?.count ?? 0) };
}

// Closes the job if it is still taking applications (open or paused) and its hires fill its openings,
// in the caller's transaction, with the audit row. True when it closed it.
export async function closeFilledJob({
  tx,
  jobId,
  actorId,
  ipAddress,
  now,
}: {
  tx: Database;
  jobId: string;
  actorId: string;
  ipAddress?: string;
  now: Date;
}): Promise<boolean> {
  const job = await lockJobOpenings(tx, jobId);
  if (!job || job.hires < job.openings || (job.status !== 'open' && job.status !== 'paused')) return false;
  await tx
    .update(jobs)
    .set({ status: 'closed', closedAt: now, updatedAt: now })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['open', 'paused'])));
  await recordAuditEvent({
    db: tx,
    event: {
      actorId,
      action: 'job.filled',
      targetType: 'job',
      targetId: jobId,
      details: { openings: job.openings, hires: job.hires, from: job.status },
      ipAddress,
    },
  });
  return true;
}
