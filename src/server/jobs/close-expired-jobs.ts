import { and, asc, inArray, lt } from 'drizzle-orm';
import { todayInUtc } from '~/shared/job-reach';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../platform/errors';
import { changeJobStatus } from './change-job-status';

const BATCH = 200;

// The daily sweep (schedule.ts): every open or paused job whose closing date has passed (UTC) is closed
// through the state machine, so each close has its audit row (no actor: the platform, reason
// closing_date). The board already hides such a job from the day after its closing date; the sweep makes
// its status say so. Idempotent: a job closed in between (by its company, or another run) is skipped.
export async function closeExpiredJobs({ db, now = new Date() }: { db: Database; now?: Date }): Promise<number> {
  const today = todayInUtc(now);
  let closed = 0;
  for (;;) {
    const due = await db
      .select({ id: jobs.id, companyId: jobs.companyId })
      .from(jobs)
      .where(and(inArray(jobs.status, ['open', 'paused']), lt(jobs.closesOn, today)))
      .orderBy(asc(jobs.closesOn), asc(jobs.id))
      .limit(BATCH);
    let closedNow = 0;
    for (const job of due) {
      try {
        await changeJobStatus({
          db,
          companyId: job.companyId,
          id: job.id,
          transition: 'close',
          actorId: null,
          auditDetails: { reason: 'closing_date' },
          now,
        });
        closedNow += 1;
      } catch (error) {
        // Moved meanwhile (closed or archived by its company): nothing left to do.
        if (!(error instanceof AppError)) throw error;
      }
    }
    closed += closedNow;
    // A full batch may have more behind it; one where nothing closed would only be read again.
    if (due.length < BATCH || closedNow === 0) break;
  }
  return closed;
}
