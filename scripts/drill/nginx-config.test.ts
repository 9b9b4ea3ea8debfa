import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { freePort } from '../../src/server/testing/free-port';
import { STRIPE_EVENT_MAX_BYTES } from '../../src/shared/billing';
import { HEARTBEAT_TIMEOUT_MS } from '../../src/shared/live-events';
import { ATTACHMENT_MAX_BYTES } from '../../src/shared/messaging';
import { PHOTO_MAX_BYTES } from '../../src/shared/talent';
import { ANSWER_FILE_MAX_BYTES } from '../../src/shared/test-attempts';
import { createHttpsClient } from './deployment';
import {
  findNginx,
  NGINX_MISSING,
  type NginxFolder,
  prepareNginxFolder,
  renderNginxConfig,
  SHIPPED_CONFIG,
  startNginx,
  testNginxConfig,
} from './nginx';

// deploy/nginx.conf as the drills run it: nginx itself checks it, and the settings the app relies on are
// read back from it. The drills (drill:proxy, drill:rolling) prove the same file with real traffic.

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

// nginx's syntax: directives end with `;`, blocks are `{ }`, `#` starts a comment, quotes group words.
function parseNginx(text: string): Directive[] {
  const tokens = [...text.matchAll(/#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};#"']+)/g)]
    .filter((match) => !match[0].startsWith('#'))
    .map((match) => match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
  let position = 0;
  const parseBlock = (): Directive[] => {
    const directives: Directive[] = [];
    while (position < tokens.length && tokens[position] !== '}') {
      const words: string[] = [];
      while (position < tokens.length && tokens[position] !== ';' && tokens[position] !== '{') {
        words.push(tokens[position++] ?? '');
      }
      const [name = '', ...args] = words;
      if (tokens[position++] === '{') {
        directives.push({ name, args, block: parseBlock() });
        position++;
      } else {
        directives.push({ name, args });
      }
    }
    return directives;
  };
  return parseBlock();
}

const all = (block: Directive[] | undefined, name: string) => (block ?? []).filter((entry) => entry.name === name);
const one = (block: Directive[] | undefined, name: string) => {
  const found = all(block, name);
  if (found.length !== 1) throw new Error(`expected one ${name}, found ${found.length}`);
  return found[0] as Directive;
};
const seconds = (value: string | undefined) => {
  const match = value?.match(/^(\d+)(ms|s|m|h)?$/);
  if (!match) throw new Error(`not a time: ${value}`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 }[match[2] ?? 's'] ?? 1;
  return Number(match[1]) * unit;
};
const bytes = (value: string | undefined) => {
  const match = value?.match(/^(\d+)([kKmMgG])?$/);
  if (!match) throw new Error(`not a size: ${value}`);
  return Number(match[1]) * 1024 ** ' kmg'.indexOf((match[2] ?? ' ').toLowerCase());
};

describe('deploy/nginx.conf', () => {
  let folder: NginxFolder;
  let shipped: string;
  let rendered: string;
  let http: Directive[];
  let site: Directive[];
  const instances = ['127.0.0.1:40001', '127.0.0.1:40002'];

  beforeAll(async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-nginx-test-'));
    folder = await prepareNginxFolder(directory, { https: 40443, http: 40080, instances });
    shipped = await fs.readFile(SHIPPED_CONFIG, 'utf8');
    rendered = await fs.readFile(folder.configFile, 'utf8');
    http = one(parseNginx(rendered), 'http').block ?? [];
    const servers = all(http, 'server');
    site = servers.find((server) => all(server.block, 'listen').some((l) => l.args.includes('ssl')))?.block ?? [];
  });
  afterAll(async () => {
    if (folder) await fs.rm(folder.directory, { recursive: true, force: true });
  });

  it('passes nginx -t as the drills render it, which changes only the lines marked for a deployment', async () => {
    const nginx = findNginx();
    if (!nginx) throw new Error(NGINX_MISSING);
    expect(await testNginxConfig(nginx, folder)).toContain('test is successful');
    const unmarked = (text: string) => text.split('\n').filter((line) => !line.includes('# deployment:'));
    expect(unmarked(rendered)).toEqual(unmarked(shipped));
    // A marked line gone from the shipped file stops the drills rather than leaving the machine's path in.
    const deployment = {
      instances,
      httpsListen: '127.0.0.1:1',
      httpListen: '127.0.0.1:2',
      certificate: 'c',
      certificateKey: 'k',
      accessLog: 'a',
    };
    expect(() => renderNginxConfig(shipped.replace('# deployment: private key', ''), deployment)).toThrow(
      'deploy/nginx.conf has no line marked for: ssl_certificate_key private key',
    );
  });

  it('terminates TLS 1.2 and 1.3 and speaks HTTP/2, and sends plain HTTP to HTTPS', () => {
    expect(all(site, 'listen').map((listen) => listen.args)).toEqual([['127.0.0.1:40443', 'ssl', 'http2']]);
    expect(one(site, 'ssl_protocols').args).toEqual(['TLSv1.2', 'TLSv1.3']);
    const plain = all(http, 'server').find((server) => server.block !== site);
    expect(one(plain?.block, 'return').args).toEqual(['308', 'https://$host$request_uri']);
  });

  it('spreads requests over the instances, keeping connections to them open', () => {
    const upstream = one(http, 'upstream');
    expect(upstream.args).toEqual(['tandem']);
    expect(all(upstream.block, 'server').map((server) => server.args[0])).toEqual(instances);
    expect(Number(one(upstream.block, 'keepalive').args[0])).toBeGreaterThan(0);
    // Every worker knows an instance is back as soon as one has seen it answer.
    expect(one(upstream.block, 'zone').args[0]).toBe('tandem');
    // nginx must let an idle connection go before the instance does (Fastify: 72 s), or it could send a
    // request on a connection the instance is closing.
    expect(seconds(one(upstream.block, 'keepalive_timeout').args[0])).toBeLessThan(72);
    expect(one(site, 'proxy_http_version').args).toEqual(['1.1']);
    // Every route, that is: a named location (@…) is nginx's own answer when none of them can be had.
    for (const location of all(site, 'location').filter((location) => !location.args[0]?.startsWith('@')))
      expect(one(location.block, 'proxy_pass').args).toEqual(['http://tandem']);
  });

  it('passes who asked, over what and for which host, replacing what the caller claimed', () => {
    const headers = Object.fromEntries(all(site, 'proxy_set_header').map((header) => header.args));
    expect(headers).toMatchObject({
      'X-Forwarded-For': '$remote_addr',
      'X-Forwarded-Proto': '$scheme',
      Host: '$http_host',
      'X-Forwarded-Host': '$http_host',
      Upgrade: '$http_upgrade',
      Connection: '$connection_upgrade',
    });
    // A location that set any header of its own would drop all of these (nginx inherits them all or none).
    for (const location of all(site, 'location')) expect(all(location.block, 'proxy_set_header')).toEqual([]);
  });

  it('upgrades /api/ws, and keeps a live socket open far longer than an API request may take', () => {
    const locations = all(site, 'location');
    const socket = locations.find((location) => location.args.join(' ') === '= /api/ws');
    const api = locations.find((location) => location.args.join(' ') === '/');
    const socketRead = seconds(one(socket?.block, 'proxy_read_timeout').args[0]);
    const apiRead = seconds(one(api?.block, 'proxy_read_timeout').args[0]);
    // The instance's heartbeat comes at most every HEARTBEAT_TIMEOUT_MS / 2: several must fit in.
    expect(socketRead).toBeGreaterThanOrEqual((4 * HEARTBEAT_TIMEOUT_MS) / 1000);
    expect(seconds(one(socket?.block, 'proxy_send_timeout').args[0])).toBe(socketRead);
    expect(apiRead).toBeGreaterThanOrEqual(30);
    expect(apiRead).toBeLessThan(socketRead);
    const map = one(http, 'map');
    expect(map.args).toEqual(['$http_upgrade', '$connection_upgrade']);
  });

  it('takes the largest upload the app takes, and no more', () => {
    const largest = Math.max(
      ATTACHMENT_MAX_BYTES,
      ANSWER_FILE_MAX_BYTES,
      PHOTO_MAX_BYTES,
      STRIPE_EVENT_MAX_BYTES,
      loadConfig({}).BODY_LIMIT_BYTES,
    );
    expect(bytes(one(site, 'client_max_body_size').args[0])).toBe(largest);
  });

  it('retries on another instance only what an instance refused before running it', () => {
    expect(one(site, 'proxy_next_upstream').args).toEqual(['error', 'http_503', 'non_idempotent']);
    expect(one(site, 'proxy_next_upstream_tries').args).toEqual(['2']);
    // Only the hashed assets (GET) look further, for an asset only the other release has.
    for (const location of all(site, 'location')) {
      const retries = all(location.block, 'proxy_next_upstream');
      if (retries.length === 0) continue;
      expect(location.args).toEqual(['/assets/']);
      expect(retries[0]?.args).not.toContain('non_idempotent');
    }
  });

  it('has browsers keep the hashed assets for a year, unchanged', () => {
    const assets = all(site, 'location').find((location) => location.args.join(' ') === '/assets/');
    expect(one(assets?.block, 'add_header').args).toEqual(['Cache-Control', 'public, max-age=31536000, immutable']);
    expect(one(assets?.block, 'proxy_hide_header').args).toEqual(['Cache-Control']);
  });

  // Every instance stopped, or all left out after a 503 (the database away): nginx's own 502 would be a
  // bare page with no Retry-After. Its answer is the instances': 503, Retry-After, a sentence.
  it('answers 503 with Retry-After and a sentence when no instance answers, as JSON under /api/', async () => {
    const nginx = findNginx();
    if (!nginx) throw new Error(NGINX_MISSING);
    const [https, http, stoppedA, stoppedB] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-nginx-unavailable-'));
    const running = await prepareNginxFolder(directory, {
      https,
      http,
      instances: [`127.0.0.1:${stoppedA}`, `127.0.0.1:${stoppedB}`],
    });
    const proxy = await startNginx(nginx, running);
    const client = createHttpsClient({
      origin: `https://127.0.0.1:${https}`,
      ca: await fs.readFile(running.certificate, 'utf8'),
      localAddress: '127.0.0.1',
    });
    try {
      const api = await waitForAnswer(() => client.request('GET', '/api/jobs'));
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.headers['content-type']).toBe('application/json');
      expect(api.json()).toEqual({
        error: 'Tandem cannot be reached right now. Please try again in a moment.',
        code: 'unavailable',
      });
      const write = await client.request('POST', '/api/jobs', { body: { title: 'A job' } });
      expect([write.status, write.headers['retry-after']]).toEqual([503, '5']);
      const page = await client.request('GET', '/portal');
      expect([page.status, page.headers['retry-after'], page.headers['content-type']]).toEqual([503, '5', 'text/html']);
      expect(page.text).toContain('<h1>Tandem cannot be reached right now</h1>');
    } finally {
      client.close();
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    }
  });
});

// nginx takes a moment to listen after it starts.
async function waitForAnswer<T>(request: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
