import { and, asc, count, desc, eq, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminPrivacyRequestFilter, AdminPrivacyRequestList, MyPrivacyRequests } from '~/shared/privacy';
import type { Database } from '../db/client';
import { privacyRequests, users } from '../db/schema';
import { toPrivacyRequest } from './privacy-request-views';

// Invoices not paid of the companies a person owns: they stay owed whatever happens to the account.
const unpaidInvoicesOf = (userId: SQL | string) => sql<number>`(
  select count(*)::int from invoices i
  join company_members m on m.company_id = i.company_id and m.role = 'owner'
  where m.user_id = ${userId} and i.status <> 'paid')`;

// The signed-in person's own requests, newest first (a handful at most).
export async function findMyPrivacyRequests({
  db,
  userId,
  now = new Date(),
}: {
  db: Database;
  userId: string;
  now?: Date;
}): Promise<MyPrivacyRequests> {
  const rows = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.userId, userId))
    .orderBy(desc(privacyRequests.createdAt))
    .limit(50);
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const items = rows.map((row) => toPrivacyRequest(row, now));
  return {
    items,
    pending_erasure: items.find((item) => item.kind === 'erasure' && item.status === 'pending') ?? null,
    has_password: Boolean(user?.passwordHash),
  };
}

const statusCondition: Record<AdminPrivacyRequestFilter, SQL | undefined> = {
  pending: eq(privacyRequests.status, 'pending'),
  processed: ne(privacyRequests.status, 'pending'),
  all: undefined,
};

// The administrators' queue: pending requests oldest due first (the overdue ones on top), then the
// processed ones, latest first.
export async function findAdminPrivacyRequests({
  db,
  status,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  status: AdminPrivacyRequestFilter;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<AdminPrivacyRequestList> {
  const processor = alias(users, 'processor');
  const where = statusCondition[status];
  // The queue's order is the one of privacy_requests_queue_idx: the page's keys are read
  // from that index alone, and only those rows meet the users (joining first hashed all of them).
  const queueOrder = [
    sql`${privacyRequests.status} = 'pending' desc`,
    sql`case when ${privacyRequests.status} = 'pending' then ${privacyRequests.dueAt} end asc`,
    desc(privacyRequests.processedAt),
    asc(privacyRequests.id),
  ];
  const pageIds = db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(where)
    .orderBy(...queueOrder)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const rows = await db
    .select({
      request: privacyRequests,
      user: { id: users.id, name: users.name, email: users.email, role: users.role },
      processedBy: processor.name,
      unpaidInvoices: unpaidInvoicesOf(sql`${privacyRequests.userId}`),
    })
    .from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.userId))
    .leftJoin(processor, eq(processor.id, privacyRequests.processedById))
    .where(inArray(privacyRequests.id, pageIds))
    .orderBy(...queueOrder);
  const [totals] = await db.select({ total: count() }).from(privacyRequests).where(where);
  const [overdue] = await db
    .select({ total: count() })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.status, 'pending'), lt(privacyRequests.dueAt, now)));
  return {
    items: rows.map((row) => ({
      ...toPrivacyRequest(row.request, now),
      user: row.user,
      processed_by: row.processedBy,
      unpaid_invoices: Number(row.unpaidInvoices),
    })),
    total: totals?.total ?? 0,
    page,
    page_size: pageSize,
    overdue: overdue?.total ?? 0,
  };
}
