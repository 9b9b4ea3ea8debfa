import { and, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { agreements } from '../../db/schema';
import { AppError } from '../../platform/errors';

// Agreements that hold work back (decision 056): sent under the company's "work waits" setting and not yet
// signed by everyone — waiting, declined (until the company voids or resends it) or expired. A voided one
// holds nothing.
const holdsWork = and(
  eq(agreements.blocksWork, true),
  inArray(agreements.status, ['awaiting_talent', 'awaiting_company', 'declined']),
);

// For a query over assignments: true when one of the assignment's agreements holds its work back.
export const agreementsHoldWorkOf = (assignmentId: AnyPgColumn | SQL): SQL =>
  exists(sql`(select 1 from ${agreements} where ${agreements.assignmentId} = ${assignmentId} and ${holdsWork})`);

export async function agreementsHoldWork(db: Database, assignmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(and(eq(agreements.assignmentId, assignmentId), holdsWork))
    .limit(1);
  return Boolean(row);
}

export const isExpired = (row: { status: string; expiresAt: Date }, now: Date) =>
  (row.status === 'awaiting_talent' || row.status === 'awaiting_company') && row.expiresAt <= now;

// Time logged, a start pressed or a milestone funded while the assignment's agreements are unsigned: refused in
// words that say why (decision 056).
export async function refuseWhileUnsigned(db: Database, assignmentId: string, message: string): Promise<void> {
  if (await agreementsHoldWork(db, assignmentId)) throw new AppError('conflict', message);
}
