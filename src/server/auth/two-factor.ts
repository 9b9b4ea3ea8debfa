import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { recoveryCodes, users } from '../db/schema';
import { revokeStandingCredentials } from '../kernels/identity/revoke-standing-credentials';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';

const TOTP_ISSUER = 'Tandem';
const RECOVERY_CODE_COUNT = 10;
const wrongCodeMessage = 'That code is not right. Enter the current 6-digit code from your authenticator app.';

// Accepts the previous and next 30-second step too, for clocks a little off.
const TOTP_TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// Loaded on first use, not with every start: only a two-factor sign-in or a setup needs them.
let otplibModule: Promise<typeof import('otplib')> | undefined;
function loadOtplib() {
  otplibModule ??= import('otplib');
  return otplibModule;
}
let qrCodeModule: Promise<typeof import('qrcode')> | undefined;
function loadQrCode() {
  qrCodeModule ??= import('qrcode');
  return qrCodeModule;
}

const hashRecoveryCode = (code: string) => createHash('sha256').update(code.toUpperCase()).digest('hex');

function generateRecoveryCode(): string {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

// The RFC 6238 time step the code belongs to, or null when it is not a current code.
async function matchTotpTimeStep(secret: string, code: string): Promise<number | null> {
  const { verify } = await loadOtplib();
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

// A code is accepted once: the step is recorded only when it is later than the last one used, in one
// statement, so two instances receiving the same code at once cannot both accept it.
async function claimTimeStep(db: Database, userId: string, timeStep: number): Promise<boolean> {
  const [claimed] = await db
    .update(users)
    .set({ totpLastTimeStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep))))
    .returning({ id: users.id });
  return claimed !== undefined;
}

export const signInExpiredMessage = 'Your sign-in has expired. Please enter your email and password again.';

async function findSigningInUser(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('unauthenticated', signInExpiredMessage);
  return user;
}

// A new secret for the authenticator app, shown as a QR code; it is kept aside until a code confirms it.
export async function startTwoFactorEnrollment({ db, userId }: { db: Database; userId: string }) {
  const { email } = await findSigningInUser(db, userId);
  const [{ generateSecret, generateURI }, qrCode] = await Promise.all([loadOtplib(), loadQrCode()]);
  const secret = generateSecret();
  await db.update(users).set({ totpPendingSecret: secret, updatedAt: new Date() }).where(eq(users.id, userId));
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrCodeSvg = await qrCode.toString(otpauthUrl, { type: 'svg', margin: 1, width: 200 });
  return { secret, otpauthUrl, qrCodeSvg };
}

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
    if (timeStep !== null && (await claimTimeStep(db, userId, timeStep))) return user;
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
