import { eq } from 'drizzle-orm';
import type { HiringTeam } from '~/shared/hiring-team';
import { criteriaOf, type ScorecardCriteriaInput } from '~/shared/scorecards';
import { jobs } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { type CompanyActor, findCompanyJob, findHiringTeam } from './hiring-team';

// What interviewers rate from now on; cards already filled keep the criteria they were filled with.
export async function setScorecardCriteria({
  db,
  companyId,
  actorId,
  ipAddress,
  jobId,
  input,
}: CompanyActor & { jobId: string; input: Required<ScorecardCriteriaInput> }): Promise<HiringTeam> {
  await db.transaction(async (tx) => {
    const job = await findCompanyJob(tx, companyId, jobId, true);
    await tx.update(jobs).set({ scorecardCriteria: input.criteria, updatedAt: new Date() }).where(eq(jobs.id, jobId));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'job.scorecard_criteria_changed',
        targetType: 'job',
        targetId: jobId,
        details: { from: criteriaOf(job.scorecardCriteria), to: input.criteria },
        ipAddress,
      },
    });
  });
  return findHiringTeam({ db, companyId, jobId });
}
