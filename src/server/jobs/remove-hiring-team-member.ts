import { and, eq } from 'drizzle-orm';
import { hiringTeamTexts } from '~/shared/hiring-team';
import { jobHiringTeam } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { type CompanyActor, findCompanyJob } from './hiring-team';

export async function removeHiringTeamMember({
  db,
  companyId,
  actorId,
  ipAddress,
  jobId,
  userId,
}: CompanyActor & { jobId: string; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await findCompanyJob(tx, companyId, jobId, true);
    const [removed] = await tx
      .delete(jobHiringTeam)
      .where(and(eq(jobHiringTeam.jobId, jobId), eq(jobHiringTeam.userId, userId)))
      .returning();
    if (!removed) throw new AppError('not_found', hiringTeamTexts.notOnTeam);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'job.hiring_team_member_removed',
        targetType: 'job',
        targetId: jobId,
        details: { user_id: userId },
        ipAddress,
      },
    });
  });
}
