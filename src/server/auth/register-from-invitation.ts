import { authMessages } from '~/shared/auth';
import type { PlatformSettings } from '~/shared/settings';
import { type JoinWithAccountInput, teamTexts } from '~/shared/teams';
import type { Database } from '../db/client';
import {
  canJoinCompany,
  findAccountAt,
  findInvitationByToken,
  joinByInvitation,
  requireOpenInvitation,
} from '../kernels/identity/company-invitations';
import { createAccount, EMAIL_UNIQUE_INDEXES } from '../kernels/identity/create-account';
import { hashPassword, isCommonPassword } from '../kernels/identity/passwords';
import { notifyNewUser } from '../kernels/notices/notify-administrators';
import type { Mailer } from '../mail/mailer';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

// POST /api/invitations/:token/register: the invitee creates their account from the link. The address is
// the invitation's and counts as confirmed (the link reached it); the account is a company user who joins
// that company with the invited role. A company's invitation admits them while open registrations are
// closed (docs/decisions/032). An address that has an account already signs in instead, or is refused
// when that account cannot join (one company per person).
export async function registerFromInvitation({
  db,
  mailer,
  settings,
  publicUrl,
  token,
  input,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  mailer: Mailer;
  settings: PlatformSettings;
  publicUrl: string;
  token: string;
  input: Pick<JoinWithAccountInput, 'name' | 'password'>;
  ipAddress?: string;
  now?: Date;
}) {
  if (isCommonPassword(input.password)) {
    throw new AppError('validation', authMessages.commonPassword, { password: authMessages.commonPassword });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const invitation = requireOpenInvitation(await findInvitationByToken(tx, token, { lock: true }), now);
    const account = await findAccountAt(tx, invitation.email);
    if (account) {
      throw new AppError(
        'conflict',
        canJoinCompany(account) ? teamTexts.accountExists : teamTexts.cannotJoin(invitation.email),
      );
    }
    const user = await createAccount({
      db: tx,
      accountType: 'company',
      email: invitation.email,
      name: input.name,
      passwordHash,
      emailVerified: true,
      termsAcceptedAt: now,
      joinCompany: { companyId: invitation.companyId, role: invitation.role },
    }).catch((error: unknown) => {
      if (isUniqueViolation(error, EMAIL_UNIQUE_INDEXES)) throw new AppError('conflict', teamTexts.accountExists);
      throw error;
    });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: user.id,
        action: 'account.registered',
        targetType: 'user',
        targetId: user.id,
        details: { role: user.role, invitation_id: invitation.id },
        ipAddress,
      },
    });
    await joinByInvitation({ db: tx, invitation, userId: user.id, ipAddress, now, alreadyMember: true });
    await notifyNewUser({ transaction: tx, mailer, settings, publicUrl }, user);
    return user;
  });
}
