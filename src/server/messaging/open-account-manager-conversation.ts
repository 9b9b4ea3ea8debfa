import { and, eq, type SQL } from 'drizzle-orm';
import { type ConversationDetail, messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { companies, companyMembers, conversations } from '../db/schema';
import { AppError } from '../platform/errors';
import type { Viewer } from './conversation-access';
import { getConversation } from './get-conversation';
import { openConversation } from './open-conversation';

// The company's conversation with its account manager (the dashboard's Send Message).
export async function openAccountManagerConversation({
  db,
  viewer,
  companyId,
}: {
  db: Database;
  viewer: Viewer;
  companyId: string;
}): Promise<{ conversation: ConversationDetail; isNew: boolean }> {
  const [company] = await db
    .select({ accountManagerId: companies.accountManagerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company?.accountManagerId) throw new AppError('conflict', messagingTexts.noAccountManager);
  const colleagues = await db
    .select({ id: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.companyId, companyId));
  const { id, isNew } = await openConversation(db, {
    kind: 'account_manager',
    companyId,
    memberIds: [viewer.userId, company.accountManagerId, ...colleagues.map((colleague) => colleague.id)],
    sameParties: and(eq(conversations.kind, 'account_manager'), eq(conversations.companyId, companyId)) as SQL,
  });
  return { conversation: await getConversation({ db, viewer, conversationId: id }), isNew };
}
