import { and, asc, count, eq } from 'drizzle-orm';
import { HIRING_TEAM_MAX, type HiringTeam, type HiringTeamMember, hiringTeamTexts } from '~/shared/hiring-team';
import { jobEditTexts } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { criteriaOf } from '~/shared/scorecards';
import type { Database } from '../db/client';
import { companyMembers, jobHiringTeam, jobs, users } from '../db/schema';
import { assertPipelineMembers } from '../kernels/hiring/pipeline-members';
import { notify } from '../kernels/notices/notify';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

export interface CompanyActor {
  db: Database;
  companyId: string;
  actorId: string;
  ipAddress?: string;
}

// The company's job (locked when it is about to change), or a 404: another company's job does not exist.
export async function findCompanyJob(db: Database, companyId: string, jobId: string, lock = false) {
  const query = db
    .select({ id: jobs.id, title: jobs.title, scorecardCriteria: jobs.scorecardCriteria })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  const [job] = lock ? await query.for('update') : await query;
  if (!job) throw new AppError('not_found', jobEditTexts.notFound);
  return job;
}

// The team in the order they were added, with the job's scorecard criteria.
export async function findHiringTeam({
  db,
  companyId,
  jobId,
}: {
  db: Database;
  companyId: string;
  jobId: string;
}): Promise<HiringTeam> {
  const job = await findCompanyJob(db, companyId, jobId);
  const members = await db
    .select({
      user_id: users.id,
      name: users.name,
      email: users.email,
      role: companyMembers.role,
      addedAt: jobHiringTeam.addedAt,
    })
    .from(jobHiringTeam)
    .innerJoin(users, eq(users.id, jobHiringTeam.userId))
    // Only current members: someone who left the company is no one's teammate.
    .innerJoin(companyMembers, and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, companyId)))
    .where(eq(jobHiringTeam.jobId, jobId))
    .orderBy(asc(jobHiringTeam.addedAt), asc(users.name));
  return {
    members: members.map(({ addedAt, ...member }) => ({ ...member, added_at: addedAt.toISOString() })),
    scorecard_criteria: criteriaOf(job.scorecardCriteria),
    default_criteria: !job.scorecardCriteria?.length,
  };
}

// Puts a colleague who may read the pipeline on the team, and tells them (not when they added themselves).
export async function addHiringTeamMember({
  db,
  companyId,
  actorId,
  ipAddress,
  jobId,
  userId,
}: CompanyActor & { jobId: string; userId: string }): Promise<HiringTeamMember> {
  return db.transaction(async (tx) => {
    const job = await findCompanyJob(tx, companyId, jobId, true);
    await assertPipelineMembers({ db: tx, companyId, userIds: [userId], field: 'user_id' });
    const [size] = await tx.select({ value: count() }).from(jobHiringTeam).where(eq(jobHiringTeam.jobId, jobId));
    if ((size?.value ?? 0) >= HIRING_TEAM_MAX) {
      throw new AppError('conflict', hiringTeamTexts.teamFull);
    }
    const [added] = await tx.insert(jobHiringTeam).values({ jobId, userId }).onConflictDoNothing().returning();
    if (!added)
      throw new AppError('conflict', hiringTeamTexts.alreadyOnTeam, { user_id: hiringTeamTexts.alreadyOnTeam });
    const [member] = await tx
      .select({ user_id: users.id, name: users.name, email: users.email, role: companyMembers.role })
      .from(users)
      .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(eq(users.id, userId));
    if (!member) throw new Error('The member was not found.');
    if (userId !== actorId) {
      const [actor] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId));
      await notify({
        db: tx,
        items: {
          userId,
          type: 'hiring_team_added',
          title: `You are on the hiring team for ${job.title}`,
          body: `${actor?.name ?? 'A colleague'} added you: you will hear of its applications and can fill its scorecards.`,
          link: paths.companyJob.getHref({ id: jobId }),
        },
      });
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'job.hiring_team_member_added',
        targetType: 'job',
        targetId: jobId,
        details: { user_id: userId },
        ipAddress,
      },
    });
    return { ...member, added_at: added.addedAt.toISOString() };
  });
}
