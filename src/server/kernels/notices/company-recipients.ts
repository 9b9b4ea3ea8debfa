import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CompanyRole, can, companyRoles, type Permission } from '~/shared/permissions';
import type { Database } from '../../db/client';
import { companyMembers, jobHiringTeam, users } from '../../db/schema';

// The company roles that hold a permission.
export function companyRolesWith(permission: Permission): CompanyRole[] {
  return companyRoles.filter((companyRole) => can({ role: 'company', companyRole }, permission));
}

// Who in a company should hear of something: its active members whose role holds the permission the thing
// needs (a Billing member hears of invoices, not of applications). About a job with a hiring team, only
// the team's members among them (docs/decisions/032); a job without one tells everyone who may read it.
export async function companyRecipients({
  db,
  companyId,
  permission,
  jobId,
}: {
  db: Database;
  companyId: string;
  permission: Permission;
  jobId?: string | null;
}): Promise<string[]> {
  const holders = and(
    eq(companyMembers.companyId, companyId),
    inArray(companyMembers.role, companyRolesWith(permission)),
    eq(users.status, 'active'),
  );
  const rows = await db
    .select({ userId: companyMembers.userId, onTeam: jobId ? onHiringTeam(jobId) : sql<boolean>`false` })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(holders);
  const team = rows.filter((row) => row.onTeam);
  return (team.length > 0 ? team : rows).map((row) => row.userId);
}

// drizzle's exists() wants a query builder: given raw SQL it leaves out the parentheses Postgres needs.
function onHiringTeam(jobId: string) {
  return sql<boolean>`exists (select 1 from ${jobHiringTeam} where ${jobHiringTeam.jobId} = ${jobId} and ${jobHiringTeam.userId} = ${companyMembers.userId})`;
}
