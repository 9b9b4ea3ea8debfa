import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isScimUrl } from '~/shared/scim';
import type { Config } from '../../config';
import { requireAccess } from '../../platform/access-control';
import { type AuthContext, SESSION_COOKIE } from '../../platform/auth-context';
import { refuseCrossSiteRequests } from '../../platform/csrf';
import { type EndedSession, isEndedSession, SESSION_MAX_AGE_SECONDS } from './sessions';

// Who a request is, by its credential. The composition root (app.ts) gives them: the session store and the
// API tokens are features, and platform imports none.
interface Authenticators {
  // The person a session cookie signs in; why not, when a suspension ended the session; or null (unknown,
  // expired, idle): the cookie is cleared.
  sessionOf(token: string): Promise<AuthContext | EndedSession | null>;
  // The owner a personal API token, or the integration a company API key, acts as; throws an AppError with a
  // sentence when it is refused.
  tokenOwnerOf(token: string): Promise<AuthContext>;
}

const BEARER_PATTERN = /^Bearer\s+(\S*)\s*$/i;

// The token of an `Authorization: Bearer …` header; undefined when the request has no such header.
function bearerTokenOf(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  return BEARER_PATTERN.exec(authorization)?.[1];
}

function sessionCookieOptions(config: Config) {
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
  { config, authenticators }: { config: Config; authenticators: Authenticators },
) {
  app.decorateRequest('auth', null);
  app.decorateRequest('signedOutBecause', null);
  async function authenticate(request: FastifyRequest, reply: FastifyReply, token: string) {
    const session = await authenticators.sessionOf(token);
    if (isEndedSession(session)) {
      // The cookie stays: every tab still open, and the next page load, asks and is told why it was signed
      // out. It signs nobody in, and the next sign-in replaces it.
      request.signedOutBecause = session.signedOutBecause;
    } else {
      request.auth = session;
      if (!session) clearSessionCookie(reply, config);
    }
    requireAccess(request);
  }
  async function authenticateBearer(request: FastifyRequest, token: string) {
    request.auth = await authenticators.tokenOwnerOf(token);
    requireAccess(request);
  }
  // Callback style so that a request without a session cookie (public pages, probes) is checked
  // without a promise and its microtask ticks. Fastify turns a synchronous throw into the reply.
  app.addHook('onRequest', (request, reply, done) => {
    const cookieHeader = request.headers.cookie;
    request.cookies = cookieHeader ? app.parseCookie(cookieHeader) : NO_COOKIES;
    // SCIM's routes (scim/) take their company's provisioning token, not a person's credential: they resolve
    // it themselves and answer in SCIM's error shape. A session cookie signs nobody in there either.
    if (isScimUrl(request.url)) {
      requireAccess(request);
      done();
      return;
    }
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
