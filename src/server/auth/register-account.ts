import { eq } from 'drizzle-orm';
import { authMessages, type RegisterInput, registerSchema } from '~/shared/auth';
import type { PlatformSettings } from '~/shared/settings';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { createAccount, EMAIL_UNIQUE_INDEXES } from '../kernels/identity/create-account';
import { hashPassword, isCommonPassword } from '../kernels/identity/passwords';
import { startEmailVerification } from '../kernels/identity/verification';
import { notifyNewUser } from '../kernels/notices/notify-administrators';
import { type Mailer, mailerInTransaction } from '../mail/mailer';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

export async function registerAccount({
  db,
  mailer,
  settings,
  publicUrl,
  input,
  ipAddress,
  redirectTo,
}: {
  db: Database;
  mailer: Mailer;
  settings: PlatformSettings;
  publicUrl: string;
  input: RegisterInput;
  ipAddress?: string;
  // Where they were going (a job they meant to apply to): the confirmation email's link leads back there.
  redirectTo?: string | null;
}) {
  if (!settings.allow_registrations) throw new AppError('forbidden', authMessages.registrationsClosed);
  const registration = registerSchema.parse(input);
  if (isCommonPassword(registration.password)) {
    throw new AppError('validation', authMessages.commonPassword, { password: authMessages.commonPassword });
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, registration.email));
  if (existing) throw new AppError('conflict', authMessages.emailTaken, { email: authMessages.emailTaken });

  const passwordHash = await hashPassword(registration.password);
  // The account, its confirmation link, the audit row and the administrators' email commit together
  // (decision 012): a crash in between leaves no account without them, and no email about no account.
  return db.transaction(async (transaction) => {
    const user = await createAccount({
      db: transaction,
      accountType: registration.account_type,
      email: registration.email,
      name: registration.name,
      passwordHash,
      companyName: registration.company_name,
      emailVerified: !settings.email_verification,
      // The schema refuses a registration without the box ticked: this is the moment it was.
      termsAcceptedAt: new Date(),
    }).catch((error: unknown) => {
      // Another registration of the same address got in between the check above and this insert.
      if (isUniqueViolation(error, EMAIL_UNIQUE_INDEXES)) {
        throw new AppError('conflict', authMessages.emailTaken, { email: authMessages.emailTaken });
      }
      throw error;
    });
    if (settings.email_verification) {
      await startEmailVerification({
        db: transaction,
        mailer: mailerInTransaction(mailer, transaction),
        publicUrl,
        user,
        next: redirectTo,
      });
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId: user.id,
        action: 'account.registered',
        targetType: 'user',
        targetId: user.id,
        details: { role: user.role },
        ipAddress,
      },
    });
    await notifyNewUser({ transaction, mailer, settings, publicUrl }, user);
    return user;
  });
}
