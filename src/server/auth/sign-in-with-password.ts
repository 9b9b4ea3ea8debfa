import { eq } from 'drizzle-orm';
import { authMessages } from '~/shared/auth';
import { ssoTexts } from '~/shared/sso';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { isPasswordOffBySso } from '../kernels/identity/password-off-by-sso';
import { verifyAgainstDecoy, verifyPassword } from '../kernels/identity/passwords';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

export const suspendedMessage = 'Your account is suspended. Please contact support.';

// The account whose email and password these are. A wrong password and an unknown email get the
// same answer, after the same work, so nobody can learn which emails have accounts.
export async function signInWithPassword({
  db,
  email,
  password,
  ipAddress,
}: {
  db: Database;
  email: string;
  password: string;
  ipAddress?: string;
}) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const isValid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstDecoy(password).then(() => false);
  if (!user || !isValid) {
    await recordAuditEvent({
      db,
      event: {
        actorId: user?.id ?? null,
        action: 'auth.sign_in_failed',
        details: { email, reason: user ? 'wrong_password' : 'unknown_email' },
        ipAddress,
      },
    });
    throw new AppError('unauthenticated', authMessages.invalidCredentials);
  }
  if (user.status !== 'active') throw new AppError('forbidden', suspendedMessage);
  if (await isPasswordOffBySso(db, user)) throw new AppError('forbidden', ssoTexts.passwordOffForDomain);
  return user;
}
