import { and, eq, ne } from 'drizzle-orm';
import { authMessages } from '~/shared/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { cancelPendingLinks } from '../platform/cancel-pending-links';
import { AppError } from '../platform/errors';
import { consumeOneTimeToken } from '../platform/one-time-tokens';
import { recordAuditEvent } from '../platform/record-audit-event';
import { revokeStandingCredentials } from '../platform/revoke-standing-credentials';

// Opens an emailed link: confirms the account's address, or makes a new address the account's.
export async function confirmEmail({
  db,
  mailer,
  token,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  token: string;
  ipAddress?: string;
}) {
  const used = await consumeOneTimeToken({ db, token, purposes: ['verify_email', 'change_email'] });
  if (used.purpose === 'change_email' && used.email) {
    const newEmail = used.email;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newEmail), ne(users.id, used.userId)));
    if (taken) throw new AppError('conflict', authMessages.emailTaken);
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
    await db
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    // Links mailed to the old address (a password reset among them) stop working.
    await cancelPendingLinks({ db, userId: used.userId });
    const revoked = await revokeStandingCredentials({ db, mailer, userId: used.userId, event: 'email_changed' });
    await recordAuditEvent({
      db,
      event: {
        actorId: used.userId,
        action: 'auth.email_changed',
        targetType: 'user',
        targetId: used.userId,
        details: {
          from: before?.email,
          to: newEmail,
          api_tokens_revoked: revoked.apiTokens,
          calendar_feed_revoked: revoked.calendarFeed,
        },
        ipAddress,
      },
    });
    return { purpose: used.purpose, email: newEmail, message: `Your sign-in email is now ${newEmail}.` };
  }
  await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, used.userId));
  await recordAuditEvent({
    db,
    event: {
      actorId: used.userId,
      action: 'auth.email_verified',
      targetType: 'user',
      targetId: used.userId,
      ipAddress,
    },
  });
  return { purpose: used.purpose, email: used.email, message: 'Thank you: your email address is confirmed.' };
}
