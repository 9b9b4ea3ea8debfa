import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeEmail } from '~/shared/auth';
import type { Database } from '../db/client';
import { AppError } from '../platform/errors';
import { createLimiter } from '../platform/rate-limits';
import { readPendingTwoFactor } from './auth-cookies';
import { signInWithPassword } from './sign-in-with-password';
import { isTrustedDevice, TRUSTED_DEVICE_COOKIE } from './trusted-devices';

// How long a sign-in waits once its account has had too many failed attempts (from a browser the
// account has not used): slow enough to spoil guessing, short enough for the owner. See
// docs/decisions/007-sign-in-step-up-instead-of-lockout.md.
export const SIGN_IN_STEP_UP_DELAY_MS = 2_000;

const emailFromBody = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
};

const deviceKey = (request: FastifyRequest) =>
  createHash('sha256')
    .update(request.cookies[TRUSTED_DEVICE_COOKIE] ?? '')
    .digest('base64url');

// The rate limits of signing in, registering, resetting and second factors; counters live in Redis
// when it is configured, so every instance shares them.
export function createAuthLimits(app: FastifyInstance) {
  return {
    // The sign-in limits count failures only: an office behind one address signs in freely.
    signInByIp: createLimiter(app, {
      name: 'sign-in:ip',
      max: 50,
      windowMinutes: 15,
      message: 'Too many failed sign-in attempts from your network',
    }),
    // Past this, sign-ins to the account from browsers it has not used are slowed (a step-up), not refused:
    // a stranger's guesses must not lock the owner out.
    signInByAccount: createLimiter(app, {
      name: 'sign-in:account',
      max: 5,
      windowMinutes: 15,
      key: emailFromBody,
      message: 'Too many failed sign-in attempts for this account',
    }),
    // The ceiling for guesses from unknown browsers; the owner's own browsers still get in.
    signInByAccountFromNewDevices: createLimiter(app, {
      name: 'sign-in:account:new-devices',
      max: 30,
      windowMinutes: 60,
      key: emailFromBody,
      message:
        'Too many failed sign-in attempts for this account from new devices. Sign in from a device you have used before, or reset your password',
    }),
    // A browser the account signed in from before has a budget of its own.
    signInByTrustedDevice: createLimiter(app, {
      name: 'sign-in:device',
      max: 5,
      windowMinutes: 15,
      key: (request) => `${emailFromBody(request)}:${deviceKey(request)}`,
      message: 'Too many failed sign-in attempts for this account',
    }),
    registerByIp: createLimiter(app, {
      name: 'register:ip',
      max: 10,
      windowMinutes: 60,
      message: 'Too many accounts were created from your network',
    }),
    resetByIp: createLimiter(app, {
      name: 'reset:ip',
      max: 10,
      windowMinutes: 60,
      message: 'Too many password reset requests from your network',
    }),
    resetByAccount: createLimiter(app, {
      name: 'reset:account',
      max: 3,
      windowMinutes: 60,
      key: emailFromBody,
      message: 'Too many password reset emails for this address',
    }),
    twoFactorByIp: createLimiter(app, {
      name: 'two-factor:ip',
      max: 30,
      windowMinutes: 15,
      message: 'Too many codes were tried from your network',
    }),
    twoFactorByAccount: createLimiter(app, {
      name: 'two-factor:account',
      max: 5,
      windowMinutes: 15,
      key: (request) => readPendingTwoFactor(request)?.userId ?? request.ip,
      message: 'Too many wrong codes for this account',
    }),
    resendVerification: createLimiter(app, {
      name: 'verify-email:account',
      max: 5,
      windowMinutes: 60,
      key: (request) => request.auth?.user.id ?? request.ip,
      message: 'Too many verification emails were sent',
    }),
    oidcByIp: createLimiter(app, {
      name: 'oidc:ip',
      max: 30,
      windowMinutes: 15,
      message: 'Too many sign-in attempts from your network',
    }),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;

// Checks an email and password under the sign-in limits. Also says whether the account was under attack
// and the attempt came from a browser it has not used: then the answer waited (a step-up), and an
// administrator must give the second factor whatever the settings say.
export async function signInUnderLimits({
  db,
  limits,
  request,
  email,
  password,
}: {
  db: Database;
  limits: AuthLimits;
  request: FastifyRequest;
  email: string;
  password: string;
}) {
  await limits.signInByIp.check(request);
  const isTrusted = isTrustedDevice(request, email);
  let isSteppedUp = false;
  if (isTrusted) {
    await limits.signInByTrustedDevice.check(request);
  } else {
    await limits.signInByAccountFromNewDevices.check(request);
    isSteppedUp = await limits.signInByAccount.isReached(request);
    // Right and wrong passwords wait alike, so the wait tells nothing.
    if (isSteppedUp) await delay(SIGN_IN_STEP_UP_DELAY_MS);
  }
  try {
    const user = await signInWithPassword({ db, email, password, ipAddress: request.ip });
    return { user, isSteppedUp };
  } catch (error) {
    if (error instanceof AppError && error.code === 'unauthenticated') {
      await limits.signInByIp.hit(request);
      if (isTrusted) {
        await limits.signInByTrustedDevice.hit(request);
      } else {
        await limits.signInByAccount.count(request);
        await limits.signInByAccountFromNewDevices.hit(request);
      }
    }
    throw error;
  }
}
