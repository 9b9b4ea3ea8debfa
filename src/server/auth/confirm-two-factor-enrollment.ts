import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recoveryCodes, users } from '../db/schema';
import { revokeStandingCredentials } from '../kernels/identity/revoke-standing-credentials';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import {
  findSigningInUser,
  generateRecoveryCode,
  hashRecoveryCode,
  matchTotpTimeStep,
  RECOVERY_CODE_COUNT,
  wrongCodeMessage,
} from './two-factor';

// The first correct code turns two-factor sign-in on and hands out the one-time recovery codes.
export async function confirmTwoFactorEnrollment({
  db,
  mailer,
  userId,
  code,
  ipAddress,
}: {
  db: Database;
  mailer: Mailer;
  userId: string;
  code: string;
  ipAddress?: string;
}) {
  const user = await findSigningInUser(db, userId);
  if (!user.totpPendingSecret) {
    throw new AppError('conflict', 'Start setting up your authenticator app again: no setup is in progress.');
  }
  const timeStep = await matchTotpTimeStep(user.totpPendingSecret, code);
  if (timeStep === null) throw new AppError('validation', wrongCodeMessage, { code: wrongCodeMessage });

  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await db.transaction(async (transaction) => {
    await transaction
      .update(users)
      .set({
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastTimeStep: timeStep,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await transaction.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await transaction
      .insert(recoveryCodes)
      .values(codes.map((recoveryCode) => ({ userId, codeHash: hashRecoveryCode(recoveryCode) })));
  });
  await revokeStandingCredentials({ db, mailer, userId, event: 'two_factor_changed' });
  await recordAuditEvent({
    db,
    event: { actorId: userId, action: 'auth.two_factor_enabled', targetType: 'user', targetId: userId, ipAddress },
  });
  return { user: await findSigningInUser(db, userId), recoveryCodes: codes };
}
