import { and, asc, eq } from 'drizzle-orm';
import { type ConversationDetail, messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { applications, conversationMembers, conversations, jobs, users } from '../db/schema';
import { readableBy, type Viewer } from '../kernels/notices/conversation-access';
import { AppError } from '../platform/errors';
import { conversationColumnsWithReadSeq, summarizeConversations } from './conversation-summaries';

// One conversation as the viewer sees it, with its members' read cursors (read receipts) and the
// application it was started from.
export async function getConversation({
  db,
  viewer,
  conversationId,
}: {
  db: Database;
  viewer: Viewer;
  conversationId: string;
}): Promise<ConversationDetail> {
  const [row] = await db
    .select(conversationColumnsWithReadSeq(viewer))
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), readableBy(viewer)));
  if (!row) throw new AppError('not_found', messagingTexts.conversationNotFound);
  const [[summary], members, context] = await Promise.all([
    summarizeConversations(db, viewer, [row]),
    db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        last_read_seq: conversationMembers.lastReadSeq,
      })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.userId))
      .where(eq(conversationMembers.conversationId, conversationId))
      .orderBy(asc(conversationMembers.joinedAt), asc(users.name)),
    row.applicationId
      ? db
          .select({ application_id: applications.id, job_title: jobs.title })
          .from(applications)
          .innerJoin(jobs, eq(jobs.id, applications.jobId))
          .where(eq(applications.id, row.applicationId))
          .then((found) => found[0] ?? null)
      : null,
  ]);
  if (!summary) throw new AppError('not_found', messagingTexts.conversationNotFound);
  return { ...summary, members, context };
}
