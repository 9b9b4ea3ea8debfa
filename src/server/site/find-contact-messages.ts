import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContactMessageItem, ContactMessageListQuery } from '~/shared/contact';
import type { Database } from '../db/client';
import { containingPattern } from '../db/like-pattern';
import { contactMessages, users } from '../db/schema';

const assignees = alias(users, 'assignees');
const handlers = alias(users, 'handlers');

// The messages with who handled them, who they are assigned to and how many replies went out: the
// list's rows and the detail's head.
export async function selectContactMessageItems(
  db: Database,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<ContactMessageItem[]> {
  const query = db
    .select({
      message: contactMessages,
      assigneeName: assignees.name,
      handlerName: handlers.name,
      replyCount: sql<number>`(select count(*)::int from contact_message_replies r where r.contact_message_id = ${contactMessages.id})`,
    })
    .from(contactMessages)
    .leftJoin(assignees, eq(assignees.id, contactMessages.assignedToId))
    .leftJoin(handlers, eq(handlers.id, contactMessages.handledById))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ message, assigneeName, handlerName, replyCount }) => ({
    id: message.id,
    name: message.name,
    email: message.email,
    company: message.company,
    subject: message.subject,
    message: message.message,
    source: message.source,
    created_at: message.createdAt.toISOString(),
    handled_at: message.handledAt?.toISOString() ?? null,
    handled_by: message.handledById && handlerName ? { id: message.handledById, name: handlerName } : null,
    assignee: message.assignedToId && assigneeName ? { id: message.assignedToId, name: assigneeName } : null,
    reply_count: Number(replyCount),
  }));
}

// The contact inbox: newest first, new (unhandled) ones by default, searched in every field a person
// typed, and narrowed to the viewer's own or to nobody's.
export async function findContactMessages({
  db,
  viewerId,
  query,
}: {
  db: Database;
  viewerId: string;
  query: ContactMessageListQuery;
}) {
  const { q, status, assignee, page, page_size: pageSize } = query;
  const conditions: SQL[] = [];
  if (status === 'open') conditions.push(isNull(contactMessages.handledAt));
  if (status === 'handled') conditions.push(isNotNull(contactMessages.handledAt));
  if (assignee === 'me') conditions.push(eq(contactMessages.assignedToId, viewerId));
  if (assignee === 'unassigned') conditions.push(isNull(contactMessages.assignedToId));
  if (q) {
    const pattern = containingPattern(q);
    const matches = or(
      ilike(contactMessages.name, pattern),
      ilike(contactMessages.email, pattern),
      ilike(contactMessages.company, pattern),
      ilike(contactMessages.subject, pattern),
      ilike(contactMessages.message, pattern),
    );
    if (matches) conditions.push(matches);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    selectContactMessageItems(db, where, { limit: pageSize, offset: (page - 1) * pageSize }),
    db.select({ value: count() }).from(contactMessages).where(where),
  ]);
  return { items, total: total?.value ?? 0, page, page_size: pageSize };
}
