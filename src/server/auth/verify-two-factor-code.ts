import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { claimTimeStep } from './claim-time-step';
import { findSigningInUser, hashRecoveryCode, matchTotpTimeStep, wrongCodeMessage } from './two-factor';

// The second step of signing in: a code from the authenticator app, or one unused recovery code.
// Returns the person it signs in.
export async function verifyTwoFactorCode({
  db,
  userId,
  code,
  ipAddress,
}: {
  db: Database;
  userId: string;
  code: string;
  ipAddress?: string;
}) {
  const user = await findSigningInUser(db, userId);
  if (!user.totpSecret) throw new AppError('conflict', 'Two-factor sign-in is not set up for this account.');
  if (/^\d{6}$/.test(code)) {
    const timeStep = await matchTotpTimeStep(user.totpSecret, code);
    if (timeStep !== null && (await claimTimeStep({ db, userId, timeStep }))) return user;
  } else {
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (used) {
      await recordAuditEvent({
        db,
        event: { actorId: userId, action: 'auth.recovery_code_used', targetType: 'user', targetId: userId, ipAddress },
      });
      return user;
    }
  }
  await recordAuditEvent({
    db,
    event: { actorId: userId, action: 'auth.two_factor_failed', targetType: 'user', targetId: userId, ipAddress },
  });
  throw new AppError('validation', wrongCodeMessage, { code: wrongCodeMessage });
}
