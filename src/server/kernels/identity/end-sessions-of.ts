import { and, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

// Ends every live session of these people (a suspension): expired now, kept so their open tabs learn why
// (resolveSession). Returns how many sessions ended, and whose.
export async function endSessionsOf({
  db,
  userIds,
  now = new Date(),
}: {
  db: Database;
  userIds: readonly string[];
  now?: Date;
}): Promise<{ sessionsEnded: number; userIds: string[] }> {
  if (userIds.length === 0) return { sessionsEnded: 0, userIds: [] };
  const ended = await db
    .update(sessions)
    .set({ expiresAt: now })
    .where(and(inArray(sessions.userId, [...userIds]), gt(sessions.expiresAt, now)))
    .returning({ userId: sessions.userId });
  return { sessionsEnded: ended.length, userIds: [...new Set(ended.map((row) => row.userId))] };
}
