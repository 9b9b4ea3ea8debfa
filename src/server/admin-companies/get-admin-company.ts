import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { type AdminCompanyDetail, adminCompanyTexts } from '~/shared/admin-companies';
import { OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing';
import type { Database } from '../db/client';
import { companyMembers, invoices, jobs } from '../db/schema';
import { AppError } from '../platform/errors';
import { loadAdminCompany } from './find-admin-companies';

// The details drawer: the row's figures, plus every job not archived, the members, and the invoices
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
  const [[jobCount], [memberCount], [owedCount]] = await Promise.all([
    db
      .select({ count })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), ne(jobs.status, 'archived'))),
    db.select({ count }).from(companyMembers).where(eq(companyMembers.companyId, companyId)),
    db
      .select({ count })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), inArray(invoices.status, [...OUTSTANDING_INVOICE_STATUSES]))),
  ]);
  return {
    ...company,
    jobs: jobCount?.count ?? 0,
    members: memberCount?.count ?? 0,
    outstanding_invoices: owedCount?.count ?? 0,
  };
}
