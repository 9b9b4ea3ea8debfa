import { and, eq, type SQL } from 'drizzle-orm';
import type { ConversationDetail } from '~/shared/messaging';
import type { Database } from '../db/client';
import { conversations } from '../db/schema';
import type { Viewer } from '../kernels/notices/conversation-access';
import { getConversation } from './get-conversation';
import { openConversation } from './open-conversation';

// The person's own conversation with the platform's staff (the support chat). Every administrator may
// read and answer it; one who does becomes a member.
export async function openSupportConversation({
  db,
  viewer,
}: {
  db: Database;
  viewer: Viewer;
}): Promise<{ conversation: ConversationDetail; isNew: boolean }> {
  const { id, isNew } = await openConversation({
    db,
    kind: 'support',
    companyId: viewer.companyId,
    userId: viewer.userId,
    memberIds: [viewer.userId],
    sameParties: and(eq(conversations.kind, 'support'), eq(conversations.userId, viewer.userId)) as SQL,
  });
  return { conversation: await getConversation({ db, viewer, conversationId: id }), isNew };
}
