import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

// Signs a user out everywhere, or everywhere but the session given.
export async function revokeUserSessions({
  db,
  userId,
  exceptSessionId,
}: {
  db: Database;
  userId: string;
  exceptSessionId?: string;
}): Promise<number> {
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  const removed = await db.delete(sessions).where(condition).returning({ id: sessions.id });
  return removed.length;
}
