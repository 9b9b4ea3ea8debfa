import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type AdminCompany, adminCompanyTexts } from '~/shared/admin-companies';
import type { Database } from '../db/client';
import { companies, conversationMembers, conversations, users } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { loadAdminCompany } from './find-admin-companies';

// The account manager dropdown of a company's row: a user with the account_manager role, or nobody.
export async function assignAccountManager({
  db,
  companyId,
  accountManagerId,
  actorId,
  ipAddress,
}: {
  db: Database;
  companyId: string;
  accountManagerId: string | null;
  actorId: string;
  ipAddress?: string;
}): Promise<AdminCompany> {
  await db.transaction(async (tx) => {
    const [company] = await tx
      .select({ accountManagerId: companies.accountManagerId })
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
      .for('update');
    if (!company) throw new AppError('not_found', adminCompanyTexts.notFound);
    if (accountManagerId) {
      const [manager] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, accountManagerId), eq(users.role, 'account_manager')));
      if (!manager) {
        throw new AppError('validation', adminCompanyTexts.notAccountManager, {
          accountManagerId: adminCompanyTexts.notAccountManager,
        });
      }
    }
    if (company.accountManagerId === accountManagerId) return;
    await tx.update(companies).set({ accountManagerId, updatedAt: new Date() }).where(eq(companies.id, companyId));
    // The manager who leaves leaves the company's account-manager conversation too: access follows the
    // assignment already (messaging/conversation-access.ts); this takes them off its member list and digests.
    if (company.accountManagerId) {
      await tx.delete(conversationMembers).where(
        and(
          eq(conversationMembers.userId, company.accountManagerId),
          inArray(
            conversationMembers.conversationId,
            tx
              .select({ id: conversations.id })
              .from(conversations)
              .where(and(eq(conversations.companyId, companyId), eq(conversations.kind, 'account_manager'))),
          ),
        ),
      );
    }
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'company.account_manager_assigned',
        targetType: 'company',
        targetId: companyId,
        details: {
          before: { account_manager_id: company.accountManagerId },
          after: { account_manager_id: accountManagerId },
        },
        ipAddress,
      },
    });
  });
  const company = await loadAdminCompany(db, companyId);
  if (!company) throw new AppError('not_found', adminCompanyTexts.notFound);
  return company;
}
