import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { apiKeyTexts } from '~/shared/api-keys';
import { apiTokenTexts } from '~/shared/api-tokens';
import { type SignedOutReason, signedOutTexts } from '~/shared/auth';
import { can, type Permission, type Principal } from '~/shared/permissions';
import type { AuthContext } from './auth-context';
import { AppError } from './errors';

// Who may call a route. Every route declares one in config.access; a route without one refuses
// everyone (and a test lists every route to catch it before that happens).
export type RouteAccess =
  | 'public'
  // any signed-in person
  | 'signed_in'
  // verifiedEmail: what waits until the address is confirmed, said as "Confirm your email address to …"
  // ('publish jobs').
  | { permission: Permission; verifiedEmail?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    // Account security (tokens, password, email, sessions, two-factor, export, deletion): a person signed
    // in, never a personal API token, so a leaked token cannot keep or widen its own access.
    sessionOnly?: true;
    // Cross-site POSTs an identity provider makes on purpose (Apple's form_post callback).
    csrf?: 'exempt';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    // The request carried a session a suspension ended (kernels/identity/sessions.ts): why nobody is signed in.
    signedOutBecause: SignedOutReason | null;
  }
}

export const notSignedInMessage = 'Please sign in to continue.';
export const forbiddenMessage = 'You do not have permission to do that.';

export function unverifiedEmailMessage(email: string, action: string) {
  return `Confirm your email address to ${action}. Open the link we sent to ${email}, or ask for a new one.`;
}

// Every route the app registers, for the policy test.
export function createRouteRegistry(app: FastifyInstance): RouteOptions[] {
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  return registered;
}

// Routes of plugins we do not write (API docs, static files) are public; this marks them so.
export function markRoutesPublic(scope: FastifyInstance) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? 'public' };
  });
}

export function requireAccess(request: FastifyRequest) {
  if (request.is404) return;
  const access = request.routeOptions.config.access;
  if (!access) throw new AppError('forbidden', 'This endpoint is not open to anyone yet.');
  if (access === 'public') return;
  if (!request.auth) throw notSignedIn(request);
  if (request.auth.via === 'api_key') {
    // A key reaches only what its scopes name: a route any signed-in person may call is a person's own
    // (their account, notifications, conversations), never an integration's.
    if (request.routeOptions.config.sessionOnly || access === 'signed_in') {
      throw new AppError('forbidden', apiKeyTexts.personalOnly);
    }
    if (!request.auth.grants?.has(access.permission)) throw new AppError('forbidden', apiKeyTexts.outOfScope);
  }
  if (request.routeOptions.config.sessionOnly && request.auth.via === 'api_token') {
    throw new AppError('forbidden', apiTokenTexts.sessionRequired);
  }
  if (access === 'signed_in') return;
  if (!can(principalOf(request.auth), access.permission)) throw new AppError('forbidden', forbiddenMessage);
  if (access.verifiedEmail && !request.auth.user.emailVerified) {
    throw new AppError('forbidden', unverifiedEmailMessage(request.auth.user.email, access.verifiedEmail));
  }
}

// Whether the request may do something beyond the route's own permission (a section it shows, a button it
// offers): its role's permissions, narrowed to a company API key's scopes.
export function authMay(auth: AuthContext, permission: Permission): boolean {
  return can(principalOf(auth), permission) && (!auth.grants || auth.grants.has(permission));
}

// Whose permissions a request has: the role, and a company user's role in their company.
export function principalOf(auth: AuthContext): Principal {
  return { role: auth.user.role, companyRole: auth.company?.role ?? null };
}

// Nobody is signed in: sign in, or, when a suspension ended the session this request carried, why not
// (401 'account_suspended', so the tab can say so on the sign-in page).
function notSignedIn(request: FastifyRequest): AppError {
  const reason = request.signedOutBecause;
  return reason
    ? new AppError('account_suspended', signedOutTexts[reason])
    : new AppError('unauthenticated', notSignedInMessage);
}

// The signed-in person, for handlers of routes that require one.
export function currentAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notSignedIn(request);
  return request.auth;
}

// The company a company user acts for: company-owned queries filter by it.
export function currentCompanyId(request: FastifyRequest): string {
  const company = currentAuth(request).company;
  if (!company) throw new AppError('forbidden', 'Your account does not belong to a company.');
  return company.id;
}
