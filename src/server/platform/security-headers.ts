import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bootScriptSource } from '~/shared/boot-script';
import { platformContract } from '~/shared/contracts/platform';

const CSP_REPORT_PATH = platformContract.reportCspViolation.path;

// Static headers, computed once. @fastify/helmet rebuilt them on every request and halved the
// throughput of /api/health (npm run bench), so the house sets them itself.

// Documents (HTML pages, the API docs): only our own origin may provide scripts, styles, images,
// fonts and connections; no one may frame us. Styles also allow inline values: Radix positions
// popovers with style attributes and sonner injects its stylesheet at run time; neither runs script.
// The one inline script is the prerendered pages' boot script, allowed by its hash: as a file it was a
// request before the first paint (decision 040).
const bootScriptHash = createHash('sha256').update(bootScriptSource).digest('base64');
const documentPolicy = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "manifest-src 'self'",
  "object-src 'none'",
  `script-src 'self' 'sha256-${bootScriptHash}'`,
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self'",
  `report-uri ${CSP_REPORT_PATH}`,
].join('; ');

// Everything else (JSON, assets) must never be sniffed into a document, and if opened as one it may
// load and frame nothing (OWASP REST guidance). Headers that only matter for documents (referrer
// policy, the legacy X-Frame-Options) are left off: every header costs each of the API's responses.
const resourceHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const documentHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': documentPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  // The video room asks for the camera, the microphone and a screen to share (decision 030). The client
  // moves between pages without loading a document, so the whole site has them for itself, never a frame.
  'permissions-policy': 'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()',
};

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';
const API_DOCS_PREFIX = '/api/docs';
const API_PREFIX = '/api/';

// Pages served by the web client call this; the API docs get it from the hook below.
export function setDocumentHeaders(reply: FastifyReply) {
  reply.headers(documentHeaders);
}

// Called for every request by the app's onRequest hook. API answers carry personal data: no cache
// (the browser's, a proxy's) keeps them, unless a route says otherwise by setting its own.
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.headers(request.url.startsWith(API_DOCS_PREFIX) ? documentHeaders : resourceHeaders);
  if (request.url.startsWith(API_PREFIX)) reply.header('cache-control', 'no-store');
  // Only over HTTPS: a plain-HTTP deployment must stay reachable.
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
}
