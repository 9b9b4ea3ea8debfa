import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerTokenOf, resolveApiToken } from '../api-tokens/resolve-api-token';
import { resolveSession, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SettingsCache } from '../settings/settings-cache';
import { requireAccess } from './access-control';
import { refuseCrossSiteRequests } from './csrf';

export function sessionCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.NODE_ENV === 'production',
    path: '/',
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(config), maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

const NO_COOKIES: Readonly<Record<string, string | undefined>> = Object.freeze({});

// On every request: parse the cookies (request.cookies), refuse cross-site writes, find who is signed
// in from the session cookie, then apply the route's access policy (platform/access-control.ts).
// A request with `Authorization: Bearer <personal API token>` is its owner's, whatever cookie it has;
// a browser never adds that header on its own, so the cross-site check does not apply to it.
export function registerAuthentication(
  app: FastifyInstance,
  { db, config, settings }: { db: Database; config: Config; settings: SettingsCache },
) {
  app.decorateRequest('auth', null);
  async function authenticate(request: FastifyRequest, reply: FastifyReply, token: string) {
    const { session_timeout_minutes } = await settings.get();
    request.auth = await resolveSession({
      db,
      token,
      idleTimeoutMinutes: session_timeout_minutes,
      adminEmails: config.adminEmails,
    });
    if (!request.auth) clearSessionCookie(reply, config);
    requireAccess(request);
  }
  async function authenticateBearer(request: FastifyRequest, token: string) {
    const { api_access } = await settings.get();
    request.auth = await resolveApiToken({ db, token, apiAccess: api_access });
    requireAccess(request);
  }
  // Callback style so that a request without a session cookie (public pages, probes) is checked
  // without a promise and its microtask ticks. Fastify turns a synchronous throw into the reply.
  app.addHook('onRequest', (request, reply, done) => {
    const cookieHeader = request.headers.cookie;
    request.cookies = cookieHeader ? app.parseCookie(cookieHeader) : NO_COOKIES;
    const bearer = bearerTokenOf(request.headers.authorization);
    if (bearer !== undefined) {
      authenticateBearer(request, bearer).then(() => done(), done);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    refuseCrossSiteRequests(request, Boolean(token));
    if (!token) {
      requireAccess(request);
      done();
      return;
    }
    authenticate(request, reply, token).then(() => done(), done);
  });
}
