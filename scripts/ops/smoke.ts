// `npm run ops -- smoke <base url>` (scripts/ops.ts): a running deployment checked end to end from outside, as a
// visitor's browser meets it (through nginx when given its address): readiness, pages, a static asset and its
// caching, the security headers, the live socket's handshake, and with an account a sign-in and an API read.
// Needs no database and no configuration: only the address.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { LIVE_SOCKET_PATH } from '../../src/shared/live-connection';

export interface SmokeCheck {
  name: string;
  ok: boolean;
  ms: number;
  detail: string;
}

export interface SmokeOptions {
  signIn?: { email: string; password: string };
  timeoutMs?: number;
}

class CheckFailed extends Error {}

const fail = (sentence: string): never => {
  throw new CheckFailed(sentence);
};

// RFC 6455: the answer a server must give to a key.
const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

// The upgrade as a browser asks for it; resolves to the status answered (101 when upgraded).
function webSocketHandshake(
  url: URL,
  { cookie, timeoutMs }: { cookie?: string; timeoutMs: number },
): Promise<{ status: number; detail: string }> {
  const key = randomBytes(16).toString('base64');
  const expected = createHash('sha1').update(`${key}${WEBSOCKET_GUID}`).digest('base64');
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': key,
        origin: url.origin,
        ...(cookie && { cookie }),
      },
      timeout: timeoutMs,
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      const accepted = response.headers['sec-websocket-accept'] === expected;
      resolve({ status: response.statusCode ?? 0, detail: accepted ? 'upgraded' : 'upgraded with a wrong accept key' });
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, detail: `answered ${response.statusCode} instead of upgrading` });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end();
  });
}

const REQUIRED_HEADERS = ['x-content-type-options', 'content-security-policy', 'referrer-policy'];

export async function runSmoke(
  base: string,
  { signIn, timeoutMs = 10_000 }: SmokeOptions = {},
  onCheck: (check: SmokeCheck) => void = () => {},
): Promise<SmokeCheck[]> {
  const root = new URL(base.endsWith('/') ? base : `${base}/`);
  const checks: SmokeCheck[] = [];
  let cookie: string | undefined;
  const pages = new Map<string, string>();

  const get = (path: string, init: RequestInit = {}) =>
    fetch(new URL(path.replace(/^\//, ''), root), { ...init, signal: AbortSignal.timeout(timeoutMs) });

  async function check(name: string, run: () => Promise<string>) {
    const started = performance.now();
    let result: Omit<SmokeCheck, 'ms'>;
    try {
      result = { name, ok: true, detail: await run() };
    } catch (error) {
      const sentence =
        error instanceof CheckFailed
          ? error.message
          : `could not reach it: ${(error as Error).cause ? String((error as Error).cause) : String(error)}`;
      result = { name, ok: false, detail: sentence };
    }
    const done = { ...result, ms: Math.round(performance.now() - started) };
    checks.push(done);
    onCheck(done);
  }

  async function page(path: string) {
    const response = await get(path);
    const type = response.headers.get('content-type') ?? '';
    const body = await response.text();
    if (response.status !== 200) fail(`answered ${response.status}`);
    if (!type.startsWith('text/html')) fail(`answered ${type || 'no content type'}, not HTML`);
    pages.set(path, body);
    return response;
  }

  await check('/api/health answers', async () => {
    const response = await get('/api/health');
    const body = (await response.json().catch(() => null)) as { status?: string } | null;
    if (response.status !== 200 || body?.status !== 'ok') fail(`answered ${response.status} ${JSON.stringify(body)}`);
    return 'ok';
  });
  await check('/api/ready answers ready', async () => {
    const response = await get('/api/ready');
    const body = (await response.json().catch(() => null)) as { status?: string; error?: string } | null;
    if (response.status !== 200 || body?.status !== 'ready') {
      fail(`answered ${response.status}${body?.error ? `: ${body.error}` : ''}`);
    }
    return 'ready';
  });
  let homeHeaders: Headers | undefined;
  await check('the home page renders', async () => {
    homeHeaders = (await page('/')).headers;
    return `${pages.get('/')?.length ?? 0} characters of HTML`;
  });
  await check('/jobs renders', async () => {
    await page('/jobs');
    return `${pages.get('/jobs')?.length ?? 0} characters of HTML`;
  });
  await check('a static asset is served with caching headers', async () => {
    const html = [...pages.values()].join('\n');
    const asset = html.match(/["'](\/assets\/[^"'?#\s]+)["']/)?.[1];
    if (!asset) return fail('neither page names a file under /assets/');
    const response = await get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (response.status !== 200) fail(`${asset} answered ${response.status}`);
    const maxAge = Number(cacheControl.match(/max-age=(\d+)/)?.[1] ?? 0);
    if (maxAge < 86_400) fail(`${asset} has cache-control "${cacheControl}": a built asset is cached for a year`);
    return `${asset}: ${cacheControl}`;
  });
  await check('security headers are present', async () => {
    if (!homeHeaders) return fail('the home page did not answer');
    const headers = homeHeaders;
    const required = root.protocol === 'https:' ? [...REQUIRED_HEADERS, 'strict-transport-security'] : REQUIRED_HEADERS;
    const missing = required.filter((name) => !headers.get(name));
    const csp = headers.get('content-security-policy') ?? '';
    if (!csp.includes('frame-ancestors') && !headers.get('x-frame-options')) missing.push('x-frame-options');
    if (missing.length > 0) fail(`the home page lacks ${missing.join(', ')}`);
    return required.join(', ');
  });

  if (signIn) {
    await check('sign-in', async () => {
      const response = await get('/api/auth/sign-in', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: root.origin },
        body: JSON.stringify(signIn),
      });
      const body = (await response.json().catch(() => null)) as { status?: string; error?: string } | null;
      if (response.status !== 200) fail(`answered ${response.status}${body?.error ? `: ${body.error}` : ''}`);
      if (body?.status !== 'signed_in') fail(`answered ${body?.status}: this account needs its second factor`);
      const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0]);
      if (cookies.length === 0) fail('set no session cookie');
      cookie = cookies.join('; ');
      return `signed in as ${signIn.email}`;
    });
    await check('an authenticated API read', async () => {
      if (!cookie) return fail('no session to read with (sign-in failed)');
      const response = await get('/api/auth/me', { headers: { cookie } });
      const body = (await response.json().catch(() => null)) as { user?: { email?: string } | null } | null;
      if (response.status !== 200 || !body?.user) fail(`GET /api/auth/me answered ${response.status} with no user`);
      return `GET /api/auth/me: ${body?.user?.email}`;
    });
  }
  await check(cookie ? 'the live socket upgrades' : 'the live socket answers', async () => {
    const url = new URL(LIVE_SOCKET_PATH.replace(/^\//, ''), root);
    const { status, detail } = await webSocketHandshake(url, { cookie, timeoutMs });
    if (cookie) {
      if (status !== 101 || detail !== 'upgraded') fail(detail);
      return 'WebSocket handshake: 101 Switching Protocols';
    }
    // Signed out, the app refuses the socket itself: that shows the path reaches it (sign in to see the upgrade).
    if (status !== 401) fail(`${detail} (a signed-out handshake is refused with 401 by the app)`);
    return 'refused signed out (401) by the app; --sign-in checks the upgrade';
  });
  return checks;
}
