import { and, count, desc, or, type SQL, sql } from 'drizzle-orm';
import type { ConversationList } from '~/shared/messaging';
import type { Database } from '../db/client';
import { conversations } from '../db/schema';
import { readableBy, type Viewer } from '../platform/conversation-access';
import { conversationColumnsWithReadSeq, readSeqOf, summarizeConversations } from './conversation-summaries';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

// A conversation nobody has written in yet shows only to the side that opened it: the company (direct
// and account-manager conversations) or the person asking for support.
function shownWhileEmpty(viewer: Viewer): SQL {
  const conditions: SQL[] = [
    sql`${conversations.lastSeq} > 0`,
    sql`${conversations.kind} = 'support' and ${conversations.userId} = ${viewer.userId}`,
  ];
  if (viewer.companyId && viewer.role === 'company') {
    conditions.push(
      sql`${conversations.kind} in ('direct', 'account_manager') and ${conversations.companyId} = ${viewer.companyId}`,
    );
  }
  return or(...conditions) as SQL;
}

// Words match the other side's name, their company's, the account manager's, or a message's text.
function matching(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return sql`(
    exists (select 1 from messages m where m.conversation_id = ${conversations.id} and m.body ilike ${pattern})
    or exists (select 1 from users u where u.id = ${conversations.userId} and u.name ilike ${pattern})
    or exists (select 1 from companies co left join users am on am.id = co.account_manager_id
      where co.id = ${conversations.companyId} and (co.name ilike ${pattern} or am.name ilike ${pattern}))
    or exists (select 1 from conversation_members cm join users u on u.id = cm.user_id
      where cm.conversation_id = ${conversations.id} and u.name ilike ${pattern})
  )`;
}

// The viewer's conversations, the latest activity first.
export async function findConversations({
  db,
  viewer,
  q,
  page,
  pageSize,
}: {
  db: Database;
  viewer: Viewer;
  q?: string;
  page: number;
  pageSize: number;
}): Promise<ConversationList> {
  const where = and(readableBy(viewer), shownWhileEmpty(viewer), q ? matching(q) : undefined);
  const activity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
  const [rows, [total]] = await Promise.all([
    db
      .select(conversationColumnsWithReadSeq(viewer))
      .from(conversations)
      .where(where)
      .orderBy(desc(activity), desc(conversations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(conversations).where(where),
  ]);
  return {
    items: await summarizeConversations(db, viewer, rows),
    total: total?.value ?? 0,
    page,
    page_size: pageSize,
  };
}

// Unread messages across the viewer's conversations (the Messages badge).
export async function countUnreadMessages({ db, viewer }: { db: Database; viewer: Viewer }): Promise<number> {
  const [row] = await db
    .select({
      value: sql<number>`coalesce(sum(greatest(${conversations.lastSeq} - ${readSeqOf(viewer)}, 0)), 0)`.mapWith(
        Number,
      ),
    })
    .from(conversations)
    .where(and(readableBy(viewer), sql`${conversations.lastSeq} > 0`));
  return row?.value ?? 0;
}
