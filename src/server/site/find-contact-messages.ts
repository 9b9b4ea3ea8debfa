import { and, count, desc, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';

export async function findContactMessages({
  db,
  q,
  status,
  page,
  pageSize,
}: {
  db: Database;
  q?: string;
  status: 'all' | 'open' | 'handled';
  page: number;
  pageSize: number;
}) {
  const conditions: SQL[] = [];
  if (status === 'open') conditions.push(isNull(contactMessages.handledAt));
  if (status === 'handled') conditions.push(isNotNull(contactMessages.handledAt));
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
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
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(contactMessages).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      subject: row.subject,
      message: row.message,
      source: row.source,
      created_at: row.createdAt.toISOString(),
      handled_at: row.handledAt?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
    page,
    page_size: pageSize,
  };
}
