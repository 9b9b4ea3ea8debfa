import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { adminCompanyTexts, type CompanyBulkAction, type CompanyBulkResult } from '~/shared/admin-companies';
import { OUTSTANDING_INVOICE_STATUSES } from '~/shared/billing';
import type { Database } from '../db/client';
import { companies, companyMembers, invoices, jobs } from '../db/schema';
import { endSessionsOf } from '../kernels/identity/end-sessions-of';
import { AppError } from '../platform/errors';
import { type AuditAction, recordAuditEvent } from '../platform/record-audit-event';

const auditActionOf: Record<CompanyBulkAction, AuditAction> = {
  suspend: 'company.suspended',
  activate: 'company.activated',
  delete: 'company.deleted',
};

// Signs every member of the company out at once: their sessions end, and their open tabs are told why on
// their next request (kernels/identity/sessions.ts). A suspended company's members cannot sign in again either
// (auth/finish-sign-in.ts). Returns who was signed out.
async function signOutMembers(db: Database, companyId: string, now: Date): Promise<string[]> {
  const members = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  const ended = await endSessionsOf({ db, userIds: members.map((member) => member.userId), now });
  return ended.userIds;
}

// The invoices that still wait for payment, by company: a company is not deleted while it owes any.
export async function findOutstandingInvoices(db: Database, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: invoices.companyId, invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(inArray(invoices.companyId, companyIds), inArray(invoices.status, [...OUTSTANDING_INVOICE_STATUSES])))
    .orderBy(invoices.invoiceNumber);
}

// Bulk Suspend, Activate and Delete of Company Management. Suspend signs the members out (returning who,
// for the caller to tell their open tabs) and takes the
// jobs off the job board (job-board/job-visibility.ts leaves out companies that are not active);
// Activate brings them back; Delete is a soft delete (suspended, hidden from every list, open jobs
// closed, invoices kept), refused while any selected company has invoices to pay. One audit row per
// company changed, with its status before and after. All or nothing.
export async function applyCompanyBulkAction({
  db,
  action,
  companyIds,
  actorId,
  ipAddress,
}: {
  db: Database;
  action: CompanyBulkAction;
  companyIds: string[];
  actorId: string;
  ipAddress?: string;
}): Promise<{ result: CompanyBulkResult; signedOutUserIds: string[] }> {
  const ids = [...new Set(companyIds)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: companies.id, name: companies.name, status: companies.status })
      .from(companies)
      .where(and(inArray(companies.id, ids), isNull(companies.deletedAt)))
      .orderBy(companies.name)
      .for('update');
    if (found.length !== ids.length) throw new AppError('not_found', adminCompanyTexts.someNotFound);

    if (action === 'delete') {
      const owed = await findOutstandingInvoices(tx, ids);
      if (owed.length > 0) {
        const nameOf = new Map(found.map((company) => [company.id, company.name]));
        const owing = [...new Set(owed.map((invoice) => invoice.companyId))].map((id) => {
          const numbers = owed.filter((invoice) => invoice.companyId === id).map((invoice) => invoice.invoiceNumber);
          return `${nameOf.get(id)} (${numbers.join(', ')})`;
        });
        throw new AppError('conflict', adminCompanyTexts.unpaidInvoices(owing));
      }
    }

    const result: CompanyBulkResult = { changed: 0, jobs_closed: 0, members_signed_out: 0 };
    const signedOutUserIds: string[] = [];
    const now = new Date();
    for (const company of found) {
      const after = action === 'activate' ? 'active' : 'suspended';
      // Suspending a suspended company (or activating an active one) changes nothing and leaves no trace.
      if (action !== 'delete' && company.status === after) continue;
      await tx
        .update(companies)
        .set({ status: after, updatedAt: now, ...(action === 'delete' && { deletedAt: now }) })
        .where(eq(companies.id, company.id));
      const signedOut = action === 'activate' ? [] : await signOutMembers(tx, company.id, now);
      signedOutUserIds.push(...signedOut);
      const membersSignedOut = signedOut.length;
      const closed =
        action === 'delete'
          ? await tx
              .update(jobs)
              .set({ status: 'closed', closedAt: now, updatedAt: now })
              .where(and(eq(jobs.companyId, company.id), sql`${jobs.status} in ('open', 'paused')`))
              .returning({ id: jobs.id })
          : [];
      result.changed += 1;
      result.members_signed_out += membersSignedOut;
      result.jobs_closed += closed.length;
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: auditActionOf[action],
          targetType: 'company',
          targetId: company.id,
          details: {
            name: company.name,
            before: { status: company.status, ...(action === 'delete' && { deleted_at: null }) },
            after: { status: after, ...(action === 'delete' && { deleted_at: now.toISOString() }) },
            ...(action !== 'activate' && { members_signed_out: membersSignedOut }),
            ...(action === 'delete' && { jobs_closed: closed.length }),
          },
          ipAddress,
        },
      });
    }
    return { result, signedOutUserIds };
  });
}
