import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A browser that has signed into an account before is trusted for it ("device cookie", OWASP's answer
// to account lockout): a stranger's failed guesses slow down sign-ins from other browsers, never the
// owner's own. The signed cookie names the accounts by a hash of their address, not the address.
export const TRUSTED_DEVICE_COOKIE = 'tandem_device';
const MAX_ACCOUNTS_PER_DEVICE = 5;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const accountKey = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 22);

function trustedAccountKeys(request: FastifyRequest): string[] {
  const raw = request.cookies[TRUSTED_DEVICE_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('.').filter(Boolean);
}

export function isTrustedDevice(request: FastifyRequest, email: string): boolean {
  return trustedAccountKeys(request).includes(accountKey(email));
}

export function trustDevice(request: FastifyRequest, reply: FastifyReply, email: string, secure: boolean) {
  const key = accountKey(email);
  const keys = [key, ...trustedAccountKeys(request).filter((candidate) => candidate !== key)].slice(
    0,
    MAX_ACCOUNTS_PER_DEVICE,
  );
  reply.setCookie(TRUSTED_DEVICE_COOKIE, keys.join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/api/auth',
    maxAge: ONE_YEAR_SECONDS,
  });
}
