import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInResult } from '~/shared/auth';
import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { setSessionCookie } from '../kernels/identity/authentication';
import { finishSignIn, type PendingTwoFactor, type SignInOutcome } from './finish-sign-in';
import type { OidcFlow } from './oidc/oidc-flow';
import { trustDevice } from './trusted-devices';

// The HTTP side of signing in, for the route plugins. The cookies: the session's, the pending second factor's and the
// identity-provider flow's. All signed and httpOnly; the short-lived ones last ten minutes.

const TWO_FACTOR_COOKIE = 'tandem_2fa';
const OIDC_FLOW_COOKIE = 'tandem_oidc';
const PENDING_COOKIE_SECONDS = 10 * 60;

const isSecure = (config: Config) => config.NODE_ENV === 'production';

function readSigned<Value>(request: FastifyRequest, name: string): Value | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as Value;
  } catch {
    return null;
  }
}

export function readPendingTwoFactor(request: FastifyRequest): PendingTwoFactor | null {
  const pending = readSigned<PendingTwoFactor & { expiresAt: number }>(request, TWO_FACTOR_COOKIE);
  return pending && pending.expiresAt > Date.now() ? pending : null;
}

// The end of a sign-in request: finishSignIn decides (session or second factor), then the cookies
// are set and the answer returned.
export async function finishRequestSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, config, settings }: Pick<AppContext, 'db' | 'config' | 'settings'>,
  sign: Pick<Parameters<typeof finishSignIn>[0], 'user' | 'method' | 'redirectTo' | 'isSteppedUp'>,
): Promise<SignInResult> {
  const outcome = await finishSignIn({
    db,
    settings: await settings.get(),
    adminEmails: config.adminEmails,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
    ...sign,
  });
  return applySignInOutcome(request, reply, config, outcome);
}

// Sets the cookies a sign-in's outcome calls for and returns what the API answers.
export function applySignInOutcome(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  outcome: SignInOutcome,
): SignInResult {
  if (outcome.status === 'two_factor_required') {
    const value = JSON.stringify({ ...outcome.pending, expiresAt: Date.now() + PENDING_COOKIE_SECONDS * 1000 });
    reply.setCookie(TWO_FACTOR_COOKIE, value, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure(config),
      path: '/api/auth',
      maxAge: PENDING_COOKIE_SECONDS,
    });
    return { status: 'two_factor_required', stage: outcome.pending.stage };
  }
  setSessionCookie(reply, config, outcome.token);
  reply.clearCookie(TWO_FACTOR_COOKIE, { path: '/api/auth' });
  trustDevice(request, reply, outcome.email, isSecure(config));
  return outcome.result;
}

export function readOidcFlow(request: FastifyRequest): OidcFlow | null {
  return readSigned<OidcFlow>(request, OIDC_FLOW_COOKIE);
}

export function setOidcFlow(reply: FastifyReply, config: Config, flow: OidcFlow) {
  // Apple answers with a cross-site POST, which carries only SameSite=None cookies (HTTPS only).
  const isCrossSite = flow.provider === 'apple' && config.publicUrl.startsWith('https://');
  reply.setCookie(OIDC_FLOW_COOKIE, JSON.stringify(flow), {
    signed: true,
    httpOnly: true,
    sameSite: isCrossSite ? 'none' : 'lax',
    secure: isCrossSite || isSecure(config),
    path: '/',
    maxAge: PENDING_COOKIE_SECONDS,
  });
}

export function clearOidcFlow(reply: FastifyReply) {
  reply.clearCookie(OIDC_FLOW_COOKIE, { path: '/' });
}
