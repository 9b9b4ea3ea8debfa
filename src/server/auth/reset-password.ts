import { eq } from 'drizzle-orm';
import { authMessages } from '~/shared/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { cancelPendingLinks } from '../kernels/identity/cancel-pending-links';
import { consumeOneTimeToken } from '../kernels/identity/consume-one-time-token';
import { issueOneTimeToken } from '../kernels/identity/one-time-tokens';
import { hashPassword, isCommonPassword } from '../kernels/identity/passwords';
import { revokeStandingCredentials } from '../kernels/identity/revoke-standing-credentials';
import { revokeUserSessions } from '../kernels/identity/revoke-user-sessions';
import type { Mailer } from '../mail/mailer';
import { passwordResetEmail } from '../mail/templates/password-reset';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

export const resetRequestedMessage =
  'If an account uses that address, we have sent it a link to reset the password. Check your inbox.';

// Always answers the same way, whether or not the address has an account.
export async function requestPasswordReset({
  db,
  mailer,
  publicUrl,
  email,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  email: string;
  ipAddress?: string;
}) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (user?.status !== 'active') return;
  const token = await issueOneTimeToken({ db, userId: user.id, purpose: 'reset_password' });
  await mailer.send(
    user.email,
    passwordResetEmail({ name: user.name, url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}` }),
  );
  await recordAuditEvent({
    db,
    event: {
      actorId: user.id,
      action: 'auth.password_reset_requested',
      targetType: 'user',
      targetId: user.id,
      ipAddress,
    },
  });
}

// Sets the new password, signs the account out everywhere and revokes its API tokens and calendar feed.
export async function resetPassword({
  db,
  mailer,
  token,
  password,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  token: string;
  password: string;
  ipAddress?: string;
}) {
  if (isCommonPassword(password)) {
    throw new AppError('validation', authMessages.commonPassword, { password: authMessages.commonPassword });
  }
  const used = await consumeOneTimeToken({ db, token, purposes: ['reset_password'] });
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, used.userId));
  await revokeUserSessions({ db, userId: used.userId });
  const revoked = await revokeStandingCredentials({ db, mailer, userId: used.userId, event: 'password_reset' });
  await cancelPendingLinks({ db, userId: used.userId });
  await recordAuditEvent({
    db,
    event: {
      actorId: used.userId,
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: used.userId,
      details: { api_tokens_revoked: revoked.apiTokens, calendar_feed_revoked: revoked.calendarFeed },
      ipAddress,
    },
  });
  return { message: 'Your password has been changed. Sign in with your new password.' };
}
