import { and, eq, type SQL } from 'drizzle-orm';
import { accountManagerTexts } from '~/shared/account-managers';
import { type ConversationDetail, messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { companies, companyMembers, conversations } from '../db/schema';
import type { Viewer } from '../kernels/notices/conversation-access';
import { AppError } from '../platform/errors';
import { getConversation } from './get-conversation';
import { openConversation } from './open-conversation';

// The company's conversation with its account manager: the company dashboard's Send Message, and the
// manager's own from a company assigned to them (`asManager`: any other company is not found).
export async function openAccountManagerConversation({
  db,
  viewer,
  companyId,
  asManager = false,
}: {
  db: Database;
  viewer: Viewer;
  companyId: string;
  asManager?: boolean;
}): Promise<{ conversation: ConversationDetail; isNew: boolean }> {
  const [company] = await db
    .select({ accountManagerId: companies.accountManagerId, deletedAt: companies.deletedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (asManager && (!company || company.accountManagerId !== viewer.userId || company.deletedAt)) {
    throw new AppError('not_found', accountManagerTexts.companyNotFound);
  }
  if (!company?.accountManagerId) throw new AppError('conflict', messagingTexts.noAccountManager);
  const colleagues = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  const { id, isNew } = await openConversation({
    db,
    kind: 'account_manager',
    companyId,
    memberIds: [viewer.userId, company.accountManagerId, ...colleagues.map((colleague) => colleague.id)],
    sameParties: and(eq(conversations.kind, 'account_manager'), eq(conversations.companyId, companyId)) as SQL,
  });
  return { conversation: await getConversation({ db, viewer, conversationId: id }), isNew };
}
