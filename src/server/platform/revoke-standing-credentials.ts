import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apiTokens, calendarFeeds, users } from '../db/schema';
import type { Mailer } from '../mail/mailer';

// What gives access without signing in: personal API tokens and the calendar-feed URL.
export interface RevokedCredentials {
  apiTokens: number;
  calendarFeed: boolean;
}

export type SecurityEvent = 'password_reset' | 'password_changed' | 'email_changed' | 'two_factor_changed';

const eventSentence: Record<SecurityEvent, string> = {
  password_reset: 'The password of your Tandem account was reset.',
  password_changed: 'The password of your Tandem account was changed.',
  email_changed: 'The sign-in email address of your Tandem account was changed.',
  two_factor_changed: 'Two-factor sign-in for your Tandem account was set up again.',
};

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
    const tokens = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    const feeds = await tx
      .delete(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId))
      .returning({ userId: calendarFeeds.userId });
    const revoked = { apiTokens: tokens.length, calendarFeed: feeds.length > 0 };
    if (revoked.apiTokens > 0 || revoked.calendarFeed) {
      const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      if (user) await mailer.send(credentialsRevokedEmail(user, event, revoked), { transaction: tx });
    }
    return revoked;
  });
}

function credentialsRevokedEmail(
  user: { email: string; name: string },
  event: SecurityEvent,
  revoked: RevokedCredentials,
) {
  const stopped = [
    revoked.apiTokens === 1 ? 'your API token was revoked' : '',
    revoked.apiTokens > 1 ? `your ${revoked.apiTokens} API tokens were revoked` : '',
    revoked.calendarFeed ? 'your private calendar feed URL stopped working' : '',
  ].filter(Boolean);
  return {
    to: user.email,
    subject: 'Your Tandem API tokens and calendar link were revoked',
    text: `Hi ${user.name},\n\n${eventSentence[event]} To keep your account safe, ${stopped.join(' and ')}.\n\nScripts and calendar apps that used them are now refused. Create new ones in Settings when you need them.\n\nIf you did not make this change, reset your password now and contact support.\n\n— The Tandem team`,
  };
}
