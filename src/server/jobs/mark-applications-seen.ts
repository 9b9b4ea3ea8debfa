import { and, eq } from 'drizzle-orm';
import { jobEditTexts } from '~/shared/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../platform/errors';

// The company has looked at the job's applications: the "new" badge starts counting from now.
// Not audit-logged: it changes what the company sees, not the job.
export async function markApplicationsSeen({
  db,
  companyId,
  id,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  id: string;
  now?: Date;
}) {
  const [job] = await db
    .update(jobs)
    .set({ applicationsSeenAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)))
    .returning({ seenAt: jobs.applicationsSeenAt });
  if (!job?.seenAt) throw new AppError('not_found', jobEditTexts.notFound);
  return { applications_seen_at: job.seenAt.toISOString() };
}
