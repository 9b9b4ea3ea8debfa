import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type ConversationSummary, messagingTexts, type Participant } from '~/shared/messaging';
import type { Database } from '../db/client';
import { uuidColumn } from '../db/row-columns';
import { companies, conversations, messages, users } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { textArrayLiteral } from '../db/text-array-literal';
import type { ConversationRow, Viewer } from '../kernels/notices/conversation-access';

// Drizzle leaves a single-table select's columns unqualified, so a subquery in the select list would read
// its own table's "id"; these name the outer row's columns in full.
const conversationIdColumn = sql.raw('"conversations"."id"');
const conversationKindColumn = sql.raw('"conversations"."kind"');

// How far the viewer has read a conversation. The staff share one inbox: a support conversation any
// administrator has read is read for all of them.
export function readSeqOf(viewer: Viewer): SQL<number> {
  const own = sql`(select cm.last_read_seq from conversation_members cm where cm.conversation_id = ${conversationIdColumn} and cm.user_id = ${viewer.userId})`;
  if (viewer.role !== 'admin') return sql<number>`coalesce(${own}, 0)`.mapWith(Number);
  const staff = sql`(select max(cm.last_read_seq) from conversation_members cm join users u on u.id = cm.user_id where cm.conversation_id = ${conversationIdColumn} and u.role = 'admin')`;
  return sql<number>`coalesce(case when ${conversationKindColumn} = 'support' then ${staff} else ${own} end, 0)`.mapWith(
    Number,
  );
}

// Is the viewer on the company's side of a direct or account-manager conversation, or the asker of a
// support one? Otherwise they are the applicant, the account manager or the staff.
const isCompanySide = (viewer: Viewer, conversation: ConversationRow) =>
  viewer.companyId !== null && viewer.companyId === conversation.companyId && viewer.role !== 'account_manager';

interface Person {
  id: string;
  name: string;
  role: Participant['role'];
}

// The company's person in each conversation: the last of them who wrote, else the first who joined.
async function companyPeopleOf(db: Database, conversationIds: string[]): Promise<Map<string, Person>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await selectRows(
    db,
    z.object({ conversation_id: uuidColumn, id: uuidColumn, name: z.string() }),
    sql`
    select c.id as conversation_id, person.id, person.name
    from unnest(${textArrayLiteral(conversationIds)}::uuid[]) as c(id)
    cross join lateral (
      select id, name from (
        (select u.id, u.name, 0 as rank from messages m join users u on u.id = m.sender_id
          where m.conversation_id = c.id and u.role = 'company' order by m.seq desc limit 1)
        union all
        (select u.id, u.name, 1 as rank from conversation_members cm join users u on u.id = cm.user_id
          where cm.conversation_id = c.id and u.role = 'company' order by cm.joined_at limit 1)
      ) candidates order by rank limit 1
    ) person
  `,
  );
  return new Map(rows.map((row) => [row.conversation_id, { id: row.id, name: row.name, role: 'company' }]));
}

type ConversationWithReadSeq = ConversationRow & { readSeq: number };

// The list rows of these conversations as the viewer sees them: title, who is on the other side, the
// last message and how many are unread.
export async function summarizeConversations(
  db: Database,
  viewer: Viewer,
  rows: ConversationWithReadSeq[],
): Promise<ConversationSummary[]> {
  if (rows.length === 0) return [];
  const withMessages = rows.filter((row) => row.lastSeq > 0);
  const lastMessages = withMessages.length
    ? await db
        .select({
          conversationId: messages.conversationId,
          body: messages.body,
          senderName: users.name,
          createdAt: messages.createdAt,
          attachmentName: messages.attachmentName,
        })
        .from(messages)
        .leftJoin(users, eq(users.id, messages.senderId))
        .where(
          or(
            ...withMessages.map(
              (row) => and(eq(messages.conversationId, row.id), eq(messages.seq, row.lastSeq)) as SQL,
            ),
          ),
        )
    : [];
  const lastMessageOf = new Map(lastMessages.map((message) => [message.conversationId, message]));

  const companyIds = [...new Set(rows.flatMap((row) => (row.companyId ? [row.companyId] : [])))];
  const companyRows = companyIds.length
    ? await db
        .select({ id: companies.id, name: companies.name, accountManagerId: companies.accountManagerId })
        .from(companies)
        .where(inArray(companies.id, companyIds))
    : [];
  const companyOf = new Map(companyRows.map((company) => [company.id, company]));

  const personIds = [
    ...new Set([
      ...rows.flatMap((row) => (row.userId ? [row.userId] : [])),
      ...companyRows.flatMap((company) => (company.accountManagerId ? [company.accountManagerId] : [])),
    ]),
  ];
  const personRows = personIds.length
    ? await db
        .select({ id: users.id, name: users.name, role: users.role })
        .from(users)
        .where(inArray(users.id, personIds))
    : [];
  const personOf = new Map<string, Person>(personRows.map((person) => [person.id, person]));

  const needCompanyPerson = rows.filter((row) => row.kind !== 'support' && !isCompanySide(viewer, row));
  const companyPersonOf = await companyPeopleOf(
    db,
    needCompanyPerson.map((row) => row.id),
  );

  return rows.map((row) => {
    const company = row.companyId ? companyOf.get(row.companyId) : undefined;
    const asker = row.userId ? personOf.get(row.userId) : undefined;
    let title: string;
    let counterpart: Person | null;
    if (row.kind === 'support') {
      const isAsker = row.userId === viewer.userId;
      title = isAsker
        ? messagingTexts.supportTitle
        : [asker?.name ?? 'Former user', company?.name].filter(Boolean).join(' · ');
      counterpart = isAsker ? null : (asker ?? null);
    } else if (isCompanySide(viewer, row)) {
      const manager = company?.accountManagerId ? personOf.get(company.accountManagerId) : undefined;
      counterpart = (row.kind === 'direct' ? asker : manager) ?? null;
      title =
        row.kind === 'direct'
          ? (asker?.name ?? 'Former applicant')
          : manager
            ? `${manager.name} (Account Manager)`
            : messagingTexts.accountManagerTitle;
    } else {
      title = company?.name ?? 'Former company';
      counterpart = companyPersonOf.get(row.id) ?? null;
    }
    const last = lastMessageOf.get(row.id);
    return {
      id: row.id,
      kind: row.kind,
      title,
      counterpart: counterpart && { id: counterpart.id, name: counterpart.name, role: counterpart.role },
      last_message: last
        ? {
            body: last.body,
            sender_name: last.senderName,
            created_at: last.createdAt.toISOString(),
            has_attachment: last.attachmentName !== null,
          }
        : null,
      unread_count: Math.max(row.lastSeq - row.readSeq, 0),
      last_seq: row.lastSeq,
      application_id: row.applicationId,
      updated_at: (row.lastMessageAt ?? row.createdAt).toISOString(),
    };
  });
}

export const conversationColumnsWithReadSeq = (viewer: Viewer) => ({
  id: conversations.id,
  kind: conversations.kind,
  companyId: conversations.companyId,
  userId: conversations.userId,
  applicationId: conversations.applicationId,
  lastSeq: conversations.lastSeq,
  lastMessageAt: conversations.lastMessageAt,
  createdAt: conversations.createdAt,
  readSeq: readSeqOf(viewer),
});
