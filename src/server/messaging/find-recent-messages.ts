import { and, count, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { ApplicantMessageList } from '~/shared/applications';
import { messagingTexts } from '~/shared/messaging';
import type { Database } from '../db/client';
import { companies, conversations, messages, users } from '../db/schema';

// The applicant dashboard's Recent Messages: what others wrote to the applicant, newest first.
export async function findRecentMessages({
  db,
  applicantId,
  page,
  pageSize,
}: {
  db: Database;
  applicantId: string;
  page: number;
  pageSize: number;
}): Promise<ApplicantMessageList> {
  const where = and(
    eq(conversations.userId, applicantId),
    inArray(conversations.kind, ['direct', 'support']),
    or(isNull(messages.senderId), ne(messages.senderId, applicantId)),
  ) as SQL;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        kind: conversations.kind,
        body: messages.body,
        attachmentName: messages.attachmentName,
        createdAt: messages.createdAt,
        senderName: users.name,
        companyName: companies.name,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .leftJoin(users, eq(users.id, messages.senderId))
      .leftJoin(companies, eq(companies.id, conversations.companyId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.seq))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ value: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => {
      const organisation = row.kind === 'support' ? messagingTexts.supportTitle : row.companyName;
      return {
        id: row.id,
        from: [row.senderName ?? 'Former user', organisation].filter(Boolean).join(', '),
        message: row.body || `Sent a file: ${row.attachmentName ?? ''}`,
        time: row.createdAt.toISOString(),
        conversation_id: row.conversationId,
      };
    }),
    total: total?.value ?? 0,
    page,
    page_size: pageSize,
  };
}
