import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ADMIN_COMPANY_TEAM_SHOWN, type AdminCompanyDetail, adminCompanyTexts } from '~/shared/admin-companies';
import { OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing';
import type { Database } from '../db/client';
import { companyMembers, invoices, jobs, users } from '../db/schema';
import { lastActiveAtOf } from '../kernels/identity/member-activity';
import { AppError } from '../platform/errors';
import { loadAdminCompany } from './find-admin-companies';

// The details drawer: the row's figures, plus every job not archived, the members (each with their role),
// and the invoices
// still to be paid.
export async function getAdminCompany({
  db,
  companyId,
}: {
  db: Database;
  companyId: string;
}): Promise<AdminCompanyDetail> {
  const company = await loadAdminCompany(db, companyId);
  if (!company) throw new AppError('not_found', adminCompanyTexts.notFound);
  const count = sql<number>`count(*)::int`;
  const [[jobCount], [memberCount], [owedCount], team] = await Promise.all([
    db
      .select({ count })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), ne(jobs.status, 'archived'))),
    db.select({ count }).from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    db
      .select({ count })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), inArray(invoices.status, [...OUTSTANDING_INVOICE_STATUSES]))),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: companyMembers.role,
        lastActiveAt: lastActiveAtOf(companyMembers.userId),
      })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(eq(companyMembers.companyId, companyId))
      .orderBy(asc(companyMembers.role), asc(users.name), asc(users.id))
      .limit(ADMIN_COMPANY_TEAM_SHOWN),
  ]);
  return {
    ...company,
    jobs: jobCount?.count ?? 0,
    members: memberCount?.count ?? 0,
    team: team.map(({ lastActiveAt, ...member }) => ({
      ...member,
      last_active_at: lastActiveAt?.toISOString() ?? null,
    })),
    outstanding_invoices: owedCount?.count ?? 0,
  };
}
