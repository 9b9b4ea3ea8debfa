import { and, asc, eq, ilike, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import { hiringTeamTexts, PIPELINE_MEMBERS_PAGE_SIZE, type PipelineMember } from '~/shared/hiring-team';
import type { Database } from '../../db/client';
import { companyMembers, jobHiringTeam, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { companyRolesWith } from '../notices/company-recipients';

// The members of a company who may read the pipeline: those a hiring team takes and a note can @mention.
const readsPipeline = (companyId: string) =>
  and(
    eq(companyMembers.companyId, companyId),
    inArray(companyMembers.role, companyRolesWith('read:job_application:own')),
    eq(users.status, 'active'),
  ) as SQL;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// A picker's options: by name or email, alphabetical, one page (a big company is searched, not scrolled).
export async function findPipelineMembers({
  db,
  companyId,
  search,
  notOnJobId,
}: {
  db: Database;
  companyId: string;
  search: string;
  notOnJobId?: string;
}): Promise<PipelineMember[]> {
  const rows = await db
    .select({ user_id: users.id, name: users.name, email: users.email, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        readsPipeline(companyId),
        search ? or(ilike(users.name, likePattern(search)), ilike(users.email, likePattern(search))) : undefined,
        notOnJobId
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(jobHiringTeam)
                .where(and(eq(jobHiringTeam.jobId, notOnJobId), eq(jobHiringTeam.userId, companyMembers.userId))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(PIPELINE_MEMBERS_PAGE_SIZE);
  return rows;
}

// Each id is a colleague who may read the pipeline, or a 400 naming the field: a person of another
// company is "not a member", as if they did not exist.
export async function assertPipelineMembers({
  db,
  companyId,
  userIds,
  field,
}: {
  db: Database;
  companyId: string;
  userIds: readonly string[];
  field: string;
}): Promise<Map<string, { name: string; email: string }>> {
  const found = new Map<string, { name: string; email: string }>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(users.status, 'active'), inArray(users.id, [...userIds])));
  const readers = new Set(companyRolesWith('read:job_application:own'));
  for (const userId of userIds) {
    const row = rows.find((candidate) => candidate.id === userId);
    const message = !row
      ? hiringTeamTexts.notAMember
      : !readers.has(row.role)
        ? hiringTeamTexts.cannotReadPipeline
        : null;
    if (message) throw new AppError('validation', message, { [field]: message });
    if (row) found.set(userId, { name: row.name, email: row.email });
  }
  return found;
}
