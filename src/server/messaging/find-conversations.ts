import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { ConversationList } from '~/shared/messaging';
import type { Database } from '../db/client';
import { conversations } from '../db/schema';
import { readableBy, type Viewer } from '../kernels/notices/conversation-access';
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

// Three letters or digits in a row give the pattern a trigram: then the trigram indexes on names and
// messages find the few people, companies and messages holding it.
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

// Words match the other side's name, their company's, the account manager's, or a message's text. With a
// trigram, each kind of match is found once through its index and looked up in a hash (a search that
// finds nothing costs a few index probes). Without one an index cannot help: the messages are read once,
// and each conversation's names by their ids (one probe each) — an EXISTS here let the planner hash every
// user (1.2 million) and company instead, for seconds a search.
function matching(q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  const inMessages = sql`${conversations.id} in (select m.conversation_id from messages m where m.body ilike ${pattern})`;
  if (HAS_TRIGRAM.test(q)) {
    const people = sql`(select u.id from users u where u.name ilike ${pattern})`;
    return sql`(
      ${inMessages}
      or ${conversations.userId} in ${people}
      or ${conversations.companyId} in (select co.id from companies co where co.name ilike ${pattern})
      or ${conversations.companyId} in (select co.id from companies co where co.account_manager_id in ${people})
      or ${conversations.id} in (select cm.conversation_id from conversation_members cm where cm.user_id in ${people})
    )`;
  }
  return sql`(
    ${inMessages}
    or (select u.name from users u where u.id = ${conversations.userId}) ilike ${pattern}
    or (select co.name from companies co where co.id = ${conversations.companyId}) ilike ${pattern}
    or (select am.name from companies co join users am on am.id = co.account_manager_id
      where co.id = ${conversations.companyId}) ilike ${pattern}
    or coalesce((select true from conversation_members cm join users u on u.id = cm.user_id
      where cm.conversation_id = ${conversations.id} and u.name ilike ${pattern} limit 1), false)
  )`;
}

const activity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

// The viewer's conversations, the latest activity first. The page is chosen on the narrow columns first
// and only its rows read whole with how far the viewer has read: that read is a subquery per row, and in
// the sorted select it ran for every conversation (20,000 for a busy company). A search counts its
// matches beside the page (a window count), since every conversation is tested anyway.
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
  const countMatches = async () =>
    (await db.select({ value: count() }).from(conversations).where(where))[0]?.value ?? 0;
  const pageOfIds = db
    .select({
      id: conversations.id,
      total: (q ? sql<number | null>`(count(*) over ())::int` : sql<number | null>`null::int`).as('total'),
    })
    .from(conversations)
    .where(where)
    .orderBy(desc(activity), desc(conversations.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_of_conversations');
  const reading = db
    .select({ ...conversationColumnsWithReadSeq(viewer), total: pageOfIds.total })
    .from(pageOfIds)
    .innerJoin(conversations, eq(conversations.id, pageOfIds.id))
    .orderBy(desc(activity), desc(conversations.id));
  const [rows, counted] = await Promise.all([reading, q ? undefined : countMatches()]);
  const total = counted ?? rows[0]?.total ?? (page > 1 ? await countMatches() : 0);
  return {
    items: await summarizeConversations(db, viewer, rows),
    total,
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
