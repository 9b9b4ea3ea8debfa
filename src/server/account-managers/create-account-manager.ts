import { eq, sql } from 'drizzle-orm';
import { type AccountManager, accountManagerTexts, type CreateAccountManagerInput } from '~/shared/account-managers';
import type { Database } from '../db/client';
import { accountManagerProfiles, users } from '../db/schema';
import { createAccount, EMAIL_UNIQUE_INDEXES } from '../kernels/identity/create-account';
import { issueOneTimeToken } from '../kernels/identity/one-time-tokens';
import type { Mailer } from '../mail/mailer';
import { accountManagerInvitationEmail } from '../mail/templates/account-manager-invitation';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { getAccountManager } from './find-account-managers';

const emailTaken = () =>
  new AppError('conflict', accountManagerTexts.emailTaken, { email: accountManagerTexts.emailTaken });

// Add Manager: a real account with role account_manager and no password, its profile, and an email
// with a one-time link to choose a password. All or nothing: the email leaves only if the account exists.
export async function createAccountManager({
  db,
  mailer,
  publicUrl,
  input,
  actorId,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  input: CreateAccountManagerInput;
  actorId: string;
  ipAddress?: string;
}): Promise<AccountManager> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  if (existing) throw emailTaken();

  let userId: string;
  try {
    userId = await db.transaction(async (tx) => {
      // The address is proven when they open the emailed link: without it there is no way in.
      const user = await createAccount({
        db: tx,
        accountType: 'account_manager',
        email: input.email,
        name: input.name,
        passwordHash: null,
        emailVerified: true,
      });
      await tx
        .insert(accountManagerProfiles)
        .values({ userId: user.id, status: input.status, specialties: input.specialties, bio: input.bio });
      const token = await issueOneTimeToken({ db: tx, userId: user.id, purpose: 'reset_password' });
      // A one-time link (the password-reset link, one hour) to choose their password.
      await mailer.send(
        user.email,
        accountManagerInvitationEmail({
          name: user.name,
          url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          loginUrl: `${publicUrl}/login`,
        }),
        { transaction: tx },
      );
      await recordAuditEvent({
        db: tx,
        event: {
          actorId,
          action: 'account_manager.created',
          targetType: 'user',
          targetId: user.id,
          details: {
            after: {
              name: user.name,
              email: user.email,
              status: input.status,
              specialties: input.specialties,
              bio: input.bio,
            },
          },
          ipAddress,
        },
      });
      return user.id;
    });
  } catch (error) {
    // Two admins added the same address at once: the unique index refused the second.
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEXES)) throw emailTaken();
    throw error;
  }
  const created = await getAccountManager({ db, id: userId });
  if (!created) throw new Error('The account manager was not stored.');
  return created;
}
