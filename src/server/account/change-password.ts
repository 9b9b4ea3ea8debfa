import { eq } from 'drizzle-orm';
import { authMessages, currentPasswordRequiredMessage } from '~/shared/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { cancelPendingLinks } from '../kernels/identity/cancel-pending-links';
import { hashPassword, isCommonPassword, verifyPassword } from '../kernels/identity/passwords';
import { revokeStandingCredentials } from '../kernels/identity/revoke-standing-credentials';
import { revokeUserSessions } from '../kernels/identity/revoke-user-sessions';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

const wrongCurrentPasswordMessage = 'Your current password is not correct.';

// Changing a password or the email needs the current password, when the account has one: accounts
// made through an identity provider have none, and their signed-in session is the proof.
export async function requireCurrentPassword(passwordHash: string | null, currentPassword: string) {
  if (passwordHash === null) return;
  if (!currentPassword) {
    throw new AppError('validation', currentPasswordRequiredMessage, {
      current_password: currentPasswordRequiredMessage,
    });
  }
  if (!(await verifyPassword(passwordHash, currentPassword))) {
    throw new AppError('validation', wrongCurrentPasswordMessage, { current_password: wrongCurrentPasswordMessage });
  }
}

// A new password keeps this session, signs out every other one and revokes the API tokens and calendar
// feed. The actor changes their own.
export async function changePassword({
  db,
  mailer,
  actorId: userId,
  sessionId,
  currentPassword,
  newPassword,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  actorId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  ipAddress?: string;
}) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'Your account no longer exists.');
  await requireCurrentPassword(user.passwordHash, currentPassword);
  if (isCommonPassword(newPassword)) {
    throw new AppError('validation', authMessages.commonPassword, { new_password: authMessages.commonPassword });
  }
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  const signedOut = await revokeUserSessions({ db, userId, exceptSessionId: sessionId });
  await cancelPendingLinks({ db, userId });
  const revoked = await revokeStandingCredentials({ db, mailer, userId, event: 'password_changed' });
  await recordAuditEvent({
    db,
    event: {
      actorId: userId,
      action: 'auth.password_changed',
      targetType: 'user',
      targetId: userId,
      details: {
        other_sessions_ended: signedOut,
        api_tokens_revoked: revoked.apiTokens,
        calendar_feed_revoked: revoked.calendarFeed,
      },
      ipAddress,
    },
  });
}
