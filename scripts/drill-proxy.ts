// `npm run drill:proxy`: deploy/nginx.conf for real (decision 026). Debian's nginx, run from a folder of its
// own with the shipped file (only its `# deployment:` lines rewritten for loopback) and a self-signed
// certificate, in front of two instances of the built server (build/server/main.js, production settings,
// TRUST_PROXY=127.0.0.1) started together on a fresh PostgreSQL database with Redis. A client on
// 127.0.0.2 then goes through it over TLS: plain HTTP is sent to HTTPS, a page and an asset come over
// HTTP/2, an administrator (made with admin:create) signs in with a forged X-Forwarded-For, the API
// answers, the audit log shows 127.0.0.2, a message sent over the API reaches a WebSocket through nginx,
// a body over the upload limit is refused by nginx, and both instances served. Exits 1 when a check fails.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import tls from 'node:tls';
import { parseArgs } from 'node:util';
import { generate } from 'otplib';
import WebSocket from 'ws';
import { freePort } from '../src/server/testing/free-port';
import { LIVE_SOCKET_PATH } from '../src/shared/live-events';
import { ATTACHMENT_MAX_BYTES } from '../src/shared/messaging';
import { createChatFixture } from './bench/chat-fixture';
import {
  ADMIN_EMAIL,
  CLIENT_ADDRESS,
  createAdministrator,
  createCleanups,
  createHttpsClient,
  type DeploymentSettings,
  ensureBuild,
  freshDatabase,
  redisKeyPrefixFor,
  repositoryRoot,
  startInstance,
  startMailSink,
  waitUntilReady,
} from './drill/deployment';
import { ensureNginx, startDrillNginx } from './drill/nginx';

const { values } = parseArgs({
  options: {
    'keep-logs': { type: 'boolean', default: false },
    'max-minutes': { type: 'string', default: '5' },
  },
});

const cleanups = createCleanups('drill:proxy', Number(values['max-minutes']));
const checks: Array<{ label: string; ok: boolean; detail: string; ms: number }> = [];
const FORGED_ADDRESS = '203.0.113.7';

async function check(label: string, run: () => Promise<string>) {
  const started = performance.now();
  try {
    const detail = await run();
    checks.push({ label, ok: true, detail, ms: performance.now() - started });
  } catch (error) {
    checks.push({ label, ok: false, detail: (error as Error).message, ms: performance.now() - started });
  }
}

function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

// One HTTP/2 GET from 127.0.0.2: status, headers and body.
async function getOverHttp2(origin: string, ca: string, pathname: string) {
  const { hostname, port } = new URL(origin);
  const session = http2.connect(origin, {
    createConnection: () =>
      tls.connect({
        socket: net.connect({ host: hostname, port: Number(port), localAddress: CLIENT_ADDRESS }),
        // The name the certificate is checked against (no SNI for an address).
        host: hostname,
        ca,
        ALPNProtocols: ['h2'],
      }),
  });
  const failed = new Promise<never>((_resolve, reject) => session.once('error', reject));
  failed.catch(() => undefined);
  try {
    const stream = session.request({ ':path': pathname, 'accept-encoding': 'identity' });
    const headers = await Promise.race([
      failed,
      new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      }),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { headers, body: Buffer.concat(chunks).toString('utf8'), alpn: session.alpnProtocol };
  } finally {
    session.close();
  }
}

async function main() {
  const nginx = ensureNginx();
  ensureBuild();
  const logDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-drill-proxy-'));
  cleanups.add('logs', async () => {
    if (values['keep-logs'] || checks.some((entry) => !entry.ok)) console.info(`logs kept in ${logDir}`);
    else await fs.rm(logDir, { recursive: true, force: true });
  });

  const [httpsPort, httpPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const origin = `https://127.0.0.1:${httpsPort}`;
  const settings: DeploymentSettings = {
    databaseUrl: await freshDatabase(cleanups, 'tandem_drill_proxy'),
    redisKeyPrefix: redisKeyPrefixFor(cleanups, 'drill-proxy'),
    smtpUrl: (await startMailSink(cleanups)).url,
    publicUrl: origin,
    sessionSecret: randomBytes(32).toString('base64url'),
  };

  const { folder, ca } = await startDrillNginx(cleanups, path.join(logDir, 'nginx'), {
    https: httpsPort,
    http: httpPort,
    instances: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`],
  });

  // Both at once, on the empty database: one migrates, the other waits for it (main.ts's advisory lock).
  const started = performance.now();
  const instances = await Promise.all(
    [
      ['instance-a', portA],
      ['instance-b', portB],
    ].map(([name, port]) =>
      startInstance(cleanups, { name: String(name), port: Number(port), buildRoot: repositoryRoot, settings, logDir }),
    ),
  );
  await Promise.all(instances.map((instance) => waitUntilReady(instance)));
  const readyMs = performance.now() - started;
  const password = await createAdministrator(settings);
  const fixture = await createChatFixture(settings.databaseUrl, { memberCount: 3, bystanderCount: 0 });
  console.info(
    `\ndrill:proxy — ${(await nginxVersion(nginx)).trim()} in front of two instances (ready ${(readyMs / 1000).toFixed(1)} s after starting together on an empty database); client ${CLIENT_ADDRESS}, TRUST_PROXY=127.0.0.1\n`,
  );

  await check('plain HTTP is sent to HTTPS', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: httpPort, path: '/jobs?page=2', localAddress: CLIENT_ADDRESS }, resolve)
        .on('error', reject);
    });
    answer.resume();
    expectThat(answer.statusCode === 308, `answered ${answer.statusCode}`);
    expectThat(answer.headers.location === 'https://127.0.0.1/jobs?page=2', `to ${answer.headers.location}`);
    return `308 to ${answer.headers.location}`;
  });

  let assetPath = '';
  await check('a page over HTTP/2 and TLS, with HSTS (the instance saw https) and nginx’s request id', async () => {
    const page = await getOverHttp2(origin, ca, '/');
    expectThat(page.alpn === 'h2', `ALPN ${page.alpn}`);
    expectThat(Number(page.headers[':status']) === 200, `status ${page.headers[':status']}`);
    expectThat(String(page.headers['content-type']).startsWith('text/html'), `type ${page.headers['content-type']}`);
    expectThat(page.headers['strict-transport-security'], 'no HSTS: X-Forwarded-Proto was not trusted');
    expectThat(
      /^[0-9a-f]{32}$/.test(String(page.headers['x-request-id'])),
      `request id ${page.headers['x-request-id']}`,
    );
    assetPath = page.body.match(/\/assets\/[^"']+\.js/)?.[0] ?? '';
    expectThat(assetPath, 'the page names no script under /assets/');
    return `h2, ${page.body.length} bytes, request id ${page.headers['x-request-id']}`;
  });

  await check('an asset over HTTP/2, cached for a year and immutable', async () => {
    const asset = await getOverHttp2(origin, ca, assetPath);
    expectThat(Number(asset.headers[':status']) === 200, `status ${asset.headers[':status']}`);
    const cacheControl = String(asset.headers['cache-control']);
    expectThat(cacheControl === 'public, max-age=31536000, immutable', `cache-control ${cacheControl}`);
    return `${assetPath}: ${cacheControl}`;
  });

  const admin = createHttpsClient({ origin, ca });
  cleanups.add('admin client', async () => admin.close());
  const forged = { 'x-forwarded-for': FORGED_ADDRESS };
  await check(
    'an administrator signs in (password, then the authenticator enrolled) with a forged X-Forwarded-For',
    async () => {
      const first = await admin.request('POST', '/api/auth/admin/sign-in', {
        body: { email: ADMIN_EMAIL, password },
        headers: forged,
      });
      expectThat(first.status === 200, `sign-in ${first.status} ${first.text}`);
      expectThat((first.json() as { stage?: string }).stage === 'enroll', first.text);
      const enrollment = await admin.request('POST', '/api/auth/two-factor/enrollment', { headers: forged });
      const { secret } = enrollment.json() as { secret: string };
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
      const confirmed = await admin.request('POST', '/api/auth/two-factor/enrollment/confirm', {
        body: { code },
        headers: forged,
      });
      expectThat(confirmed.status === 200, `confirm ${confirmed.status} ${confirmed.text}`);
      expectThat((confirmed.json() as { result: { status: string } }).result.status === 'signed_in', confirmed.text);
      return 'signed in over HTTP/1.1 and TLS, second factor enrolled';
    },
  );

  await check('the API answers the signed-in administrator', async () => {
    const me = await admin.request('GET', '/api/auth/me');
    const body = me.json() as { user?: { email?: string; role?: string } };
    expectThat(me.status === 200 && body.user?.email === ADMIN_EMAIL, `${me.status} ${me.text}`);
    return `GET /api/auth/me: ${body.user?.email} (${body.user?.role})`;
  });

  await check(`the audit log records ${CLIENT_ADDRESS}, not the forged ${FORGED_ADDRESS}`, async () => {
    const logs = await admin.request('GET', '/api/admin/audit-logs?q=ops%40drill.test');
    expectThat(logs.status === 200, `${logs.status} ${logs.text}`);
    const items = (logs.json() as { items: Array<{ action: string; ip_address: string | null }> }).items;
    const signedIn = items.find((item) => item.action === 'auth.signed_in');
    expectThat(signedIn, `no sign-in in ${JSON.stringify(items.map((item) => item.action))}`);
    expectThat(signedIn.ip_address === CLIENT_ADDRESS, `recorded ${signedIn.ip_address}`);
    return `auth.signed_in from ${signedIn.ip_address}`;
  });

  await check('a message sent over the API arrives on a WebSocket through nginx over TLS', async () => {
    const [senderCookie = '', receiverCookie = ''] = fixture.memberCookies;
    const socket = new WebSocket(`wss://127.0.0.1:${httpsPort}${LIVE_SOCKET_PATH}`, {
      ca,
      localAddress: CLIENT_ADDRESS,
      headers: { cookie: receiverCookie, origin },
    });
    try {
      const events: Array<{ type: string; message?: { id: string } }> = [];
      let onEvent = () => {};
      socket.on('message', (data) => {
        events.push(JSON.parse(String(data)));
        onEvent();
      });
      const waitFor = (predicate: () => boolean, what: string) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no ${what} within 10 s`)), 10_000);
          onEvent = () => {
            if (predicate()) {
              clearTimeout(timer);
              resolve();
            }
          };
          socket.once('error', reject);
          onEvent();
        });
      await waitFor(() => events.some((event) => event.type === 'ready'), 'ready event');
      const sender = createHttpsClient({ origin, ca });
      const sentAt = performance.now();
      const sent = await sender.request('POST', `/api/conversations/${fixture.conversationId}/messages`, {
        body: { client_id: randomUUID(), body: 'Through nginx.' },
        headers: { cookie: senderCookie },
      });
      sender.close();
      expectThat(sent.status === 201, `send ${sent.status} ${sent.text}`);
      const { id } = sent.json() as { id: string };
      await waitFor(
        () => events.some((event) => event.type === 'message.created' && event.message?.id === id),
        'message.created',
      );
      return `message.created ${(performance.now() - sentAt).toFixed(0)} ms after the send`;
    } finally {
      socket.terminate();
    }
  });

  await check(
    `a body over ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB is refused by nginx before any instance`,
    async () => {
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = https.request(`${origin}/api/conversations/${fixture.conversationId}/attachments`, {
          method: 'POST',
          ca,
          localAddress: CLIENT_ADDRESS,
          headers: { 'content-type': 'application/pdf', 'content-length': String(ATTACHMENT_MAX_BYTES + 1) },
        });
        request.on('response', resolve);
        request.on('error', reject);
        request.flushHeaders();
      });
      answer.resume();
      expectThat(answer.statusCode === 413, `answered ${answer.statusCode}`);
      expectThat(!answer.headers['x-request-id'], 'an instance answered, not nginx');
      return `413 from nginx for ${ATTACHMENT_MAX_BYTES + 1} bytes`;
    },
  );

  await check('both instances served requests (round robin, keep-alive)', async () => {
    const log = await fs.readFile(folder.accessLog, 'utf8');
    const byInstance = [portA, portB].map((port) => log.split(`upstream=127.0.0.1:${port} `).length - 1);
    expectThat(
      byInstance.every((count) => count > 0),
      `requests per instance: ${byInstance.join(', ')}`,
    );
    return `requests per instance: ${byInstance.join(' and ')}`;
  });

  console.info('Checks:');
  for (const entry of checks) {
    console.info(`  ${entry.ok ? 'met   ' : 'FAILED'} ${entry.label} (${entry.ms.toFixed(0)} ms): ${entry.detail}`);
  }
  if (checks.some((entry) => !entry.ok)) process.exitCode = 1;
}

async function nginxVersion(nginx: string) {
  const { spawnSync } = await import('node:child_process');
  return spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.replace('nginx version: ', '');
}

try {
  await main();
} catch (error) {
  console.error(`\ndrill:proxy failed: ${(error as Error).stack ?? error}`);
  checks.push({ label: 'the drill ran to its end', ok: false, detail: (error as Error).message, ms: 0 });
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
process.exit();
