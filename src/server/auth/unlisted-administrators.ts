import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apiTokens, sessions, users } from '../db/schema';

// At start: administrators whose address left ADMIN_EMAILS are signed out everywhere, and every API token
// an administrator holds is revoked (administrators get none; older ones may linger). Each request checks
// the list too (sessions.ts); this ends what would otherwise wait there until next used.
export async function endUnlistedAdministratorsAccess({
  db,
  adminEmails,
  now = new Date(),
}: {
  db: Database;
  adminEmails: readonly string[];
  now?: Date;
}): Promise<{ sessionsEnded: number; tokensRevoked: number }> {
  const admins = db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  const unlistedAdmins =
    adminEmails.length === 0
      ? admins
      : db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), notInArray(sql`lower(${users.email})`, [...adminEmails])));
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(inArray(sessions.userId, unlistedAdmins))
      .returning({ id: sessions.id });
    const revoked = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(inArray(apiTokens.userId, admins), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return { sessionsEnded: ended.length, tokensRevoked: revoked.length };
  });
}
