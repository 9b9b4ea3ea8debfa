import { and, eq } from 'drizzle-orm';
import { type JobInvitation, jobBoardTexts } from '~/shared/job-board';
import { jobEditTexts } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import type { Database } from '../../db/client';
import { companies, jobInvitations, jobs, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { notify } from '../notices/notify';

// A company lets one applicant see one of its jobs (a private job is listed for invited applicants only).
// Inviting someone invited already changes nothing. Only the company's own jobs: another company's job
// does not exist as far as this one can tell.
export async function inviteToJob({
  db,
  companyId,
  actorId,
  jobId,
  applicantId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  actorId: string;
  jobId: string;
  applicantId: string;
  ipAddress?: string;
}): Promise<{ invitation: JobInvitation; isNew: boolean }> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, status: jobs.status, title: jobs.title, companyName: companies.name })
      .from(jobs)
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
    if (!job) throw new AppError('not_found', jobEditTexts.notFound);
    if (job.status === 'archived') throw new AppError('conflict', jobBoardTexts.invitationArchived);
    const [applicant] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, applicantId), eq(users.role, 'applicant')));
    if (!applicant) {
      throw new AppError('not_found', jobBoardTexts.applicantNotFound, {
        applicant_id: jobBoardTexts.applicantNotFound,
      });
    }
    const [created] = await tx
      .insert(jobInvitations)
      .values({ jobId, applicantId, invitedById: actorId })
      .onConflictDoNothing()
      .returning();
    const row =
      created ??
      (
        await tx
          .select()
          .from(jobInvitations)
          .where(and(eq(jobInvitations.jobId, jobId), eq(jobInvitations.applicantId, applicantId)))
      )[0];
    if (!row) throw new Error('The invitation was not stored.');
    if (created) {
      // The invited applicant hears of it: a private job is found by no one else.
      await notify({
        db: tx,
        items: {
          userId: applicantId,
          type: 'job_invitation',
          title: `${job.companyName} invited you to apply`,
          body: `${job.companyName} invited you to apply for ${job.title}.`,
          link: paths.applicantJob.getHref({ id: jobId }),
        },
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: 'job.invitation_sent',
          targetType: 'job',
          targetId: jobId,
          details: { applicant_id: applicantId, job_title: job.title },
          ipAddress,
        },
      });
    }
    return {
      invitation: { job_id: row.jobId, applicant_id: row.applicantId, invited_at: row.createdAt.toISOString() },
      isNew: Boolean(created),
    };
  });
}
