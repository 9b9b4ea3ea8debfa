import { and, eq } from 'drizzle-orm';
import { hasClosingDatePassed } from '~/shared/job-reach';
import {
  canTransitionJob,
  checkJobRules,
  illegalJobTransitionMessage,
  type JobStatus,
  type JobTransition,
  jobEditTexts,
  jobTransitionRules,
} from '~/shared/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { lockJobOpenings } from '../kernels/hiring/close-filled-job';
import { jobBudget } from '../kernels/hiring/load-job-views';
import { AppError, validationError } from '../platform/errors';
import { getPlatformSettings } from '../platform/get-platform-settings';
import { type AuditAction, recordAuditEvent } from '../platform/record-audit-event';
import { defaultClosingDate } from './default-closing-date';

const auditActionByTransition: Record<JobTransition, AuditAction> = {
  publish: 'job.published',
  pause: 'job.paused',
  resume: 'job.resumed',
  close: 'job.closed',
  reopen: 'job.reopened',
  archive: 'job.archived',
};

const filledRefusals: Partial<Record<JobTransition, string>> = {
  reopen: jobEditTexts.filledCannotReopen,
  resume: jobEditTexts.filledCannotResume,
};

// Moves a job along the state machine of docs/design.md §5, or refuses with 409 and a sentence that says
// why. Publishing also needs the publishing rules (400 with the fields). The update is guarded by the
// status it read, so two people acting at once cannot both move the job from the same place.
export async function changeJobStatus({
  db,
  companyId,
  id,
  transition,
  actorId,
  ipAddress,
  auditDetails = {},
  onPublished,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  id: string;
  transition: JobTransition;
  // null: the platform itself (the closing-date sweep).
  actorId: string | null;
  ipAddress?: string;
  // Added to the audit row (a bulk action says so).
  auditDetails?: Record<string, unknown>;
  // Runs in the move's transaction when the job is published: its announcement commits with it.
  onPublished?: (transaction: Database, jobId: string) => Promise<void>;
  now?: Date;
}): Promise<{ id: string; from: JobStatus; status: JobStatus }> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)));
  if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  if (!canTransitionJob(job.status, transition)) {
    throw new AppError('conflict', illegalJobTransitionMessage(transition, job.status));
  }
  if (transition === 'publish') {
    const problems = checkJobRules(
      {
        title: job.title,
        description: job.description,
        engagement_type: job.engagementType,
        ...jobBudget(job),
        start_date: job.startDate,
      },
      { publishing: true, now },
    );
    if (Object.keys(problems).length > 0) throw validationError(problems);
  }

  const to = jobTransitionRules[transition].to;
  // A job that starts taking applications again gets a closing date if it has none or its own has passed
  // (the sweep closed it): the platform's default validity from today.
  const closesOn =
    to === 'open' && (job.closesOn == null || hasClosingDatePassed(job.closesOn, now))
      ? defaultClosingDate((await getPlatformSettings({ db })).job_validity_days, now)
      : undefined;
  return db.transaction(async (transaction) => {
    // A filled job takes no more applications (close-filled-job.ts): it reopens once it has openings left.
    const filledRefusal = filledRefusals[transition];
    if (filledRefusal) {
      const openings = await lockJobOpenings(transaction, id);
      if (openings && openings.hires >= openings.openings) throw new AppError('conflict', filledRefusal);
    }
    const [moved] = await transaction
      .update(jobs)
      .set({
        status: to,
        updatedAt: now,
        ...(transition === 'publish' && { publishedAt: job.publishedAt ?? now }),
        ...(transition === 'close' && { closedAt: now }),
        ...(transition === 'reopen' && { closedAt: null }),
        ...(transition === 'archive' && { archivedAt: now }),
        ...(closesOn && { closesOn }),
      })
      .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId), eq(jobs.status, job.status)))
      .returning({ id: jobs.id });
    if (!moved) {
      const [current] = await transaction.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, id));
      if (!current) throw new AppError('not_found', jobEditTexts.notFound);
      throw new AppError('conflict', illegalJobTransitionMessage(transition, current.status));
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: auditActionByTransition[transition],
        targetType: 'job',
        targetId: id,
        details: { ...auditDetails, from: job.status, to, ...(closesOn && { closes_on: closesOn }) },
        ipAddress,
      },
    });
    if (transition === 'publish') await onPublished?.(transaction, id);
    return { id, from: job.status, status: to };
  });
}
