import { and, eq, ne } from 'drizzle-orm';
import { authMessages } from '~/shared/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { cancelPendingLinks } from '../kernels/identity/cancel-pending-links';
import { consumeOneTimeToken } from '../kernels/identity/consume-one-time-token';
import { findOneTimeToken } from '../kernels/identity/one-time-tokens';
import { revokeStandingCredentials } from '../kernels/identity/revoke-standing-credentials';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

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
  const purposes: Array<'verify_email' | 'change_email'> = ['verify_email', 'change_email'];
  const used = await consumeOneTimeToken({ db, token, purposes }).catch(async (error: unknown) => {
    const already = await alreadyConfirmed({ db, token, purposes });
    if (already) return already;
    throw error;
  });
  if ('message' in used) return used;
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

// A link opened again once it has done its work (a second click, a mail app that opens it first): the
// address is confirmed, so say so rather than that the link is invalid.
async function alreadyConfirmed({
  db,
  token,
  purposes,
}: {
  db: Database;
  token: string;
  purposes: Array<'verify_email' | 'change_email'>;
}) {
  const issued = await findOneTimeToken({ db, token, purposes });
  if (!issued?.usedAt) return null;
  const [user] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, issued.userId));
  if (!user?.emailVerifiedAt) return null;
  if (issued.purpose === 'change_email') {
    if (user.email !== issued.email) return null;
    return { purpose: issued.purpose, email: user.email, message: `Your sign-in email is already ${user.email}.` };
  }
  return { purpose: issued.purpose, email: issued.email, message: 'Your email address is already confirmed.' };
}
