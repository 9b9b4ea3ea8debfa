import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const crossSiteMessage = 'This request came from another site and was refused.';

// Refuses state-changing requests that another site made the browser send (OWASP: verify the
// origin with Fetch Metadata, falling back to Origin). Requests with neither header come from
// programs, not browsers; they are refused only when they carry a session cookie.
export function refuseCrossSiteRequests(request: FastifyRequest, hasSessionCookie: boolean) {
  if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === 'exempt') return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return;
    throw new AppError('forbidden', crossSiteMessage);
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    if (isSameOrigin(origin, request)) return;
    throw new AppError('forbidden', crossSiteMessage);
  }
  if (hasSessionCookie) throw new AppError('forbidden', crossSiteMessage);
}

export function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    // Through URL on both sides, so a default port written out (":80") still matches.
    return new URL(origin).origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}
