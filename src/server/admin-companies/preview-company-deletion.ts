import { and, inArray, isNull, sql } from 'drizzle-orm';
import { adminCompanyTexts, type CompanyDeletePreview } from '~/shared/admin-companies';
import type { Database } from '../db/client';
import { companies, companyMembers, invoices, jobs } from '../db/schema';
import { AppError } from '../platform/errors';
import { findOutstandingInvoices } from './apply-company-bulk-action';

// What deleting these companies would take with it, for the confirm dialog: the open and paused jobs
// that close, the members signed out, the invoices kept, and the companies that still owe (which
// block the deletion).
export async function previewCompanyDeletion({
  db,
  companyIds,
}: {
  db: Database;
  companyIds: string[];
}): Promise<CompanyDeletePreview> {
  const ids = [...new Set(companyIds)];
  const found = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, ids), isNull(companies.deletedAt)))
    .orderBy(companies.name);
  if (found.length !== ids.length) throw new AppError('not_found', adminCompanyTexts.someNotFound);
  const [[jobCount], [memberCount], [invoiceCount], owed] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(inArray(jobs.companyId, ids), sql`${jobs.status} in ('open', 'paused')`)),
    db.select({ count: sql<number>`count(*)::int` }).from(companyMembers).where(inArray(companyMembers.companyId, ids)),
    db.select({ count: sql<number>`count(*)::int` }).from(invoices).where(inArray(invoices.companyId, ids)),
    findOutstandingInvoices(db, ids),
  ]);
  return {
    companies: found.length,
    jobs_to_close: jobCount?.count ?? 0,
    members_to_sign_out: memberCount?.count ?? 0,
    invoices_kept: invoiceCount?.count ?? 0,
    blocked_by_unpaid: found
      .map((company) => ({
        name: company.name,
        invoices: owed.filter((invoice) => invoice.companyId === company.id).length,
      }))
      .filter((company) => company.invoices > 0),
  };
}
