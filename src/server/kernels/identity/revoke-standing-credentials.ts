import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiTokens, calendarFeeds, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { credentialsRevokedEmail, type SecurityEvent } from '../../mail/templates/credentials-revoked';

// What gives access without signing in: personal API tokens and the calendar-feed URL.
interface RevokedCredentials {
  apiTokens: number;
  calendarFeed: boolean;
}

// Revokes them in the caller's transaction (a membership that ends does too: kernels/identity/end-membership.ts).
export async function revokeCredentials({
  tx,
  userId,
  now,
}: {
  tx: Database;
  userId: string;
  now: Date;
}): Promise<RevokedCredentials> {
  const tokens = await tx
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  const feeds = await tx
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return { apiTokens: tokens.length, calendarFeed: feeds.length > 0 };
}

// After a password reset or an email, password or second-factor change, whoever held a credential that
// skips sign-in must not keep it: the person's API tokens are revoked and their calendar-feed URL stops
// working. The person is told by email what stopped, so a script or calendar that breaks is explained.
export async function revokeStandingCredentials({
  db,
  mailer,
  userId,
  event,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  userId: string;
  event: SecurityEvent;
  now?: Date;
}): Promise<RevokedCredentials> {
  return db.transaction(async (tx) => {
    const revoked = await revokeCredentials({ tx, userId, now });
    if (revoked.apiTokens > 0 || revoked.calendarFeed) {
      const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      if (user) {
        await mailer.send(user.email, credentialsRevokedEmail({ name: user.name, event, ...revoked }), {
          transaction: tx,
        });
      }
    }
    return revoked;
  });
}
