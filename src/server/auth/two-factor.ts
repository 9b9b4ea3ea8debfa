import { createHash, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../platform/errors';

const TOTP_ISSUER = 'Tandem';
export const RECOVERY_CODE_COUNT = 10;
export const wrongCodeMessage = 'That code is not right. Enter the current 6-digit code from your authenticator app.';

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

export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.toUpperCase()).digest('hex');

export function generateRecoveryCode(): string {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${part()}-${part()}`;
}

// The RFC 6238 time step the code belongs to, or null when it is not a current code.
export async function matchTotpTimeStep(secret: string, code: string): Promise<number | null> {
  const { verify } = await loadOtplib();
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOTP_TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export const signInExpiredMessage = 'Your sign-in has expired. Please enter your email and password again.';

export async function findSigningInUser(db: Database, userId: string) {
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
