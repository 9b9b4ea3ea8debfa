import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '~/shared/routes';
import { maintenanceTexts, type PlatformSettings } from '~/shared/settings';
import { AppError, sendError } from '../platform/errors';
import { setDocumentHeaders } from '../platform/security-headers';
import type { SettingsCache } from '../platform/settings-cache';
import { isPageRequest } from '../platform/web-client';

// How long clients are asked to wait before trying again.
const RETRY_AFTER_SECONDS = 300;

// Open to everyone while maintenance mode is on: probes, browser reports, signing out.
const OPEN_API_PATHS = new Set(['/api/health', '/api/ready', '/api/csp-reports', '/api/auth/sign-out']);
// Open to visitors not signed in, for administrators on their way in: their own sign-in form, the second
// factor, who am I. A person signed in who is not an administrator is refused 'who am I' too: the tab
// they have open shows the maintenance screen from its first answer, not the portal.
const SIGN_IN_API_PATHS = new Set(['/api/auth/admin/sign-in', '/api/auth/me', '/api/auth/providers']);
const SIGN_IN_API_PREFIXES = ['/api/auth/two-factor'];
// Pages an administrator reaches before being signed in: the administrators' sign-in and the admin
// screens (which send a visitor who is not signed in to it).
const OPEN_PAGE_PREFIXES = [paths.adminLogin.path, '/admin/', paths.adminDashboard.path];

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

// A whole page of its own, styled inline: the built client is not loaded for it.
const maintenancePageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(maintenanceTexts.title)} · Tandem</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 32rem; padding: 2rem 1.5rem; text-align: center; }
  .brand { font-weight: 700; font-size: 1.25rem; color: #1d4ed8; letter-spacing: -0.01em; }
  h1 { font-size: 2rem; line-height: 1.2; margin: 1.5rem 0 1rem; }
  p { font-size: 1.05rem; line-height: 1.6; color: #334155; margin: 0; }
</style>
</head>
<body>
<main>
  <div class="brand">Tandem</div>
  <h1>${escapeHtml(maintenanceTexts.title)}</h1>
  <p>${escapeHtml(maintenanceTexts.body)}</p>
</main>
</body>
</html>
`;

function pathnameOf(request: FastifyRequest): string {
  const pathname = request.url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

const startsWithAny = (pathname: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));

// Whether maintenance mode lets this request through: administrators always; anyone to the probes,
// the administrators' way in and the static files (scripts, styles, images the admin pages load).
function isOpenDuringMaintenance(request: FastifyRequest): boolean {
  if (request.auth?.user.role === 'admin') return true;
  const pathname = pathnameOf(request);
  if (pathname.startsWith('/api/') || pathname === '/api') {
    if (OPEN_API_PATHS.has(pathname)) return true;
    if (request.auth) return false;
    return SIGN_IN_API_PATHS.has(pathname) || startsWithAny(pathname, SIGN_IN_API_PREFIXES);
  }
  if (!isPageRequest(request)) return true;
  return startsWithAny(pathname, OPEN_PAGE_PREFIXES);
}

function refuse(request: FastifyRequest, reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (isPageRequest(request)) {
    setDocumentHeaders(reply);
    return reply
      .code(503)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(maintenancePageHtml);
  }
  // Its own code (not 'unavailable', which a retry may get past): the portal shows its maintenance screen
  // from the first such answer.
  return sendError(reply, new AppError('maintenance', maintenanceTexts.apiMessage));
}

// Maintenance mode (System Settings): while on, the public site, the sign-in page and the API answer
// 503 — a page for page requests, a sentence for the API — to everyone but administrators. Registered
// after authentication, which says who is asking. Settings held in memory are read without a promise.
export function registerMaintenanceMode(app: FastifyInstance, { settings }: { settings: SettingsCache }) {
  const decide = (current: PlatformSettings, request: FastifyRequest, reply: FastifyReply) =>
    current.maintenance_mode && !isOpenDuringMaintenance(request) ? refuse(request, reply) : undefined;
  app.addHook('onRequest', (request, reply, done) => {
    // Open whatever the settings say: not read for them, so a probe never waits on the database for it
    // (liveness must not fail with the database, and readiness says in its own words that it is away).
    if (OPEN_API_PATHS.has(pathnameOf(request))) {
      done();
      return;
    }
    const current = settings.peek();
    if (current) {
      if (!decide(current, request, reply)) done();
      return;
    }
    settings.get().then((loaded) => {
      if (!decide(loaded, request, reply)) done();
    }, done);
  });
}
