import { eq } from 'drizzle-orm';
import { authMessages } from '~/shared/auth';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { issueOneTimeToken } from '../kernels/identity/one-time-tokens';
import { verifyEmailUrl } from '../kernels/identity/verification';
import type { Mailer } from '../mail/mailer';
import { emailChangeConfirmationEmail } from '../mail/templates/email-change-confirmation';
import { emailChangeNoticeEmail } from '../mail/templates/email-change-notice';
import { AppError } from '../platform/errors';
import { requireCurrentPassword } from './change-password';

// The new address takes effect only once its owner opens the link sent to it; the old address is told.
export async function requestEmailChange({
  db,
  mailer,
  publicUrl,
  userId,
  newEmail,
  currentPassword,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  userId: string;
  newEmail: string;
  currentPassword: string;
}) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'Your account no longer exists.');
  await requireCurrentPassword(user.passwordHash, currentPassword);
  if (newEmail === user.email) {
    const message = 'That is already your email address.';
    throw new AppError('validation', message, { new_email: message });
  }
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken) throw new AppError('conflict', authMessages.emailTaken, { new_email: authMessages.emailTaken });

  const token = await issueOneTimeToken({ db, userId, purpose: 'change_email', email: newEmail });
  await mailer.send(newEmail, emailChangeConfirmationEmail({ name: user.name, url: verifyEmailUrl(publicUrl, token) }));
  await mailer.send(user.email, emailChangeNoticeEmail({ name: user.name, newEmail }));
}
