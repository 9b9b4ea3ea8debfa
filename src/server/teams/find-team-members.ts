import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type TeamListQuery, type TeamMember, type TeamMemberPage, teamTexts } from '~/shared/teams';
import type { Database } from '../db/client';
import { companyMembers, users } from '../db/schema';
import { lastActiveAtOf } from '../kernels/identity/member-activity';
import { AppError } from '../platform/errors';

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: companyMembers.role,
  status: users.status,
  joinedAt: companyMembers.createdAt,
  lastActiveAt: lastActiveAtOf(users.id),
};

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: TeamMember['role'];
  status: string;
  joinedAt: Date;
  lastActiveAt: Date | null;
};

export function describeMember(row: MemberRow): TeamMember {
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status === 'active' ? 'active' : 'suspended',
    joined_at: row.joinedAt.toISOString(),
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
  };
}

// The company's members, a page at a time: owners first, then by name, so a role change does not move a row.
export async function findTeamMembers({
  db,
  companyId,
  query,
}: {
  db: Database;
  companyId: string;
  query: TeamListQuery;
}): Promise<TeamMemberPage> {
  const inCompany = eq(companyMembers.companyId, companyId);
  const [rows, [total]] = await Promise.all([
    db
      .select(memberColumns)
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(inCompany)
      .orderBy(sql`${companyMembers.role} <> 'owner'`, asc(sql`lower(${users.name})`), asc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(companyMembers).where(inCompany),
  ]);
  return { items: rows.map(describeMember), total: total?.total ?? 0, page: query.page, page_size: query.page_size };
}

// One member of the company, as the list shows them; 404 when the person is not in this company.
export async function getTeamMember({
  db,
  companyId,
  userId,
}: {
  db: Database;
  companyId: string;
  userId: string;
}): Promise<TeamMember> {
  const [row] = await db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!row) throw new AppError('not_found', teamTexts.memberNotFound);
  return describeMember(row);
}
