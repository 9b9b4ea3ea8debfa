import { eq } from 'drizzle-orm';
import { authMessages, type RegisterInput, registerSchema } from '~/shared/auth';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { notifyNewUser } from '../settings/notify-administrators';
import { createAccount, EMAIL_UNIQUE_INDEXES } from './create-account';
import { hashPassword, isCommonPassword } from './passwords';
import { startEmailVerification } from './verification';

export async function registerAccount({
  db,
  mailer,
  settings,
  publicUrl,
  input,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  settings: PlatformSettings;
  publicUrl: string;
  input: RegisterInput;
  ipAddress?: string;
}) {
  if (!settings.allow_registrations) throw new AppError('forbidden', authMessages.registrationsClosed);
  const registration = registerSchema.parse(input);
  if (isCommonPassword(registration.password)) {
    throw new AppError('validation', authMessages.commonPassword, { password: authMessages.commonPassword });
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, registration.email));
  if (existing) throw new AppError('conflict', authMessages.emailTaken, { email: authMessages.emailTaken });

  const user = await createAccount({
    db,
    accountType: registration.account_type,
    email: registration.email,
    name: registration.name,
    passwordHash: await hashPassword(registration.password),
    companyName: registration.company_name,
    emailVerified: !settings.email_verification,
  }).catch((error: unknown) => {
    // Another registration of the same address got in between the check above and this insert.
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEXES)) {
      throw new AppError('conflict', authMessages.emailTaken, { email: authMessages.emailTaken });
    }
    throw error;
  });
  if (settings.email_verification) await startEmailVerification({ db, mailer, publicUrl, user });
  await recordAuditEvent({
    db,
    event: {
      actorId: user.id,
      action: 'account.registered',
      targetType: 'user',
      targetId: user.id,
      details: { role: user.role },
      ipAddress,
    },
  });
  await notifyNewUser({ db, mailer, settings, publicUrl }, user);
  return user;
}
