import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { siteContract } from '~/shared/contracts/site';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { sameOriginHeaders } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { freePort } from '../testing/free-port';
import { waitForLive } from '../testing/live-test-sockets';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLogger } from './logger';
import { counterIdOf } from './rate-limits';
import { createRedisClient } from './redis-client';

// The contact form's limit (site/routes.ts): 5 messages per address in 10 minutes.
const CONTACT_LIMIT = 5;
const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const UNREACHABLE = 'rate limit counters unreachable; counting in this instance';

type App = Awaited<ReturnType<typeof buildApp>>;

// A browser on this site, at this address, calling this instance.
const browserAt = (app: App, ip: string) => (options: InjectOptions) =>
  app.inject({ ...options, headers: { ...sameOriginHeaders, ...options.headers }, remoteAddress: ip });

const sendContact = (app: App, ip: string, attempt: number) =>
  callContract(browserAt(app, ip), siteContract.sendContactMessage, {
    body: { source: 'home', name: 'Eager', email: 'eager@example.test', message: `Hello ${attempt}` },
  });

// The warnings an instance writes.
function warningLog() {
  const messages: Array<{ msg: string; limit?: string }> = [];
  const destination = new Writable({
    write(chunk, _encoding, callback) {
      messages.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  return { messages, logger: createLogger({ LOG_LEVEL: 'warn' }, destination) };
}

const keyPrefixForTest = () => `tandem-test-${randomBytes(4).toString('hex')}:`;

async function deleteKeys(redis: Redis, keyPrefix: string) {
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}

// Two instances behind a load balancer share one budget through Redis: an address gets the configured
// number of attempts in all, not that many per instance.
describe.runIf(process.env.REDIS_URL)('rate limits shared through Redis', () => {
  const keyPrefix = keyPrefixForTest();
  let redisA: Redis;
  let redisB: Redis;
  let first: TestApp;
  let second: App;

  // Made here, not as the suite is collected: without REDIS_URL nothing connects.
  beforeAll(async () => {
    redisA = createRedisClient(process.env.REDIS_URL as string);
    redisB = createRedisClient(process.env.REDIS_URL as string);
    await Promise.all([redisA.connect(), redisB.connect()]);
    first = await createTestApp({ redis: redisA, env: { REDIS_KEY_PREFIX: keyPrefix } });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_KEY_PREFIX: keyPrefix });
    second = await buildApp({ config, secret: SECRET, database: first.database, redis: redisB });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await deleteKeys(redisA, keyPrefix);
    await redisA.quit();
    await redisB.quit();
  });

  it('refuses past the limit counted across both instances', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CONTACT_LIMIT * 2; attempt++) {
      const instance = attempt % 2 === 0 ? first.app : second;
      statuses.push((await sendContact(instance, '198.51.100.20', attempt)).statusCode);
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(201), ...Array(CONTACT_LIMIT).fill(429)]);
    // Another address has a budget of its own.
    expect((await sendContact(second, '198.51.100.21', 0)).statusCode).toBe(201);
  });

  it('keeps counters under well-formed keys that hold no address', async () => {
    const email = 'Mallory.Probe+limits@Example.test';
    const response = await callContract(browserAt(first.app, '2001:db8::7'), authContract.signIn, {
      body: { email, password: 'not-the-password-1' },
    });
    expect(response.statusCode).toBe(401);
    const keys = await redisA.keys(`${keyPrefix}*`);
    expect(keys.some((key) => key.startsWith(`${keyPrefix}rate-limit:sign-in:account:`))).toBe(true);
    for (const key of keys) {
      expect(key).toMatch(new RegExp(`^${keyPrefix}rate-limit:[a-z-]+(:[a-z-]+)*:[A-Za-z0-9_-]{43}$`));
      expect(key.toLowerCase()).not.toContain('mallory');
      expect(key).not.toContain('2001:db8');
    }
  });
});

// With Redis away, an instance keeps answering and keeps limiting, counting on its own until Redis is back.
describe('rate limits while Redis cannot be reached', () => {
  let app: TestApp;
  let redis: Redis;
  const log = warningLog();

  beforeAll(async () => {
    // The client an instance holds, as main.ts makes it: a command fails at once while Redis is away.
    redis = createRedisClient(`redis://127.0.0.1:${await freePort()}`);
    redis.on('error', () => undefined);
    app = await createTestApp({ redis, logger: log.logger, env: { REDIS_KEY_PREFIX: keyPrefixForTest() } });
  });
  afterAll(async () => {
    await app.close();
    redis.disconnect();
  });

  it('counts in the instance and says so in the log', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= CONTACT_LIMIT; attempt++) {
      statuses.push((await sendContact(app.app, '198.51.100.30', attempt)).statusCode);
    }
    expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(201), 429]);
    const warnings = log.messages.filter((line) => line.msg === UNREACHABLE);
    expect(warnings).toHaveLength(CONTACT_LIMIT + 1);
    expect(warnings.every((line) => line.limit === 'contact:ip')).toBe(true);
  });
});

describe.runIf(process.env.REDIS_URL)('rate limits when Redis goes away and comes back', () => {
  const keyPrefix = keyPrefixForTest();
  const log = warningLog();
  let direct: Redis;
  let proxy: TcpProxy;
  let redis: Redis;
  let app: TestApp;

  beforeAll(async () => {
    direct = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
    const target = new URL(process.env.REDIS_URL as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    redis = createRedisClient(target.toString());
    redis.on('error', () => undefined);
    await redis.connect();
    app = await createTestApp({ redis, logger: log.logger, env: { REDIS_KEY_PREFIX: keyPrefix } });
  });
  afterAll(async () => {
    await app.close();
    redis.disconnect();
    await proxy.close();
    await deleteKeys(direct, keyPrefix);
    await direct.quit();
  });

  // The app's own subscribers (live delivery, settings) have subscribed again: an app closed while
  // ioredis resubscribes them fails that resubscription with no one to hear it (an unhandled rejection).
  async function waitForSubscribersBack() {
    const channels = [`${keyPrefix}live`, `${keyPrefix}settings-changed`];
    for (const started = Date.now(); Date.now() - started < 5_000; ) {
      const reply = (await direct.pubsub('NUMSUB', ...channels)) as Array<string | number>;
      if (Number(reply[1]) > 0 && Number(reply[3]) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The app did not subscribe to Redis again.');
  }

  const counterInRedis = async () => {
    const [key] = await direct.keys(`${keyPrefix}rate-limit:contact:ip:${counterIdOf('198.51.100.40')}`);
    return key ? Number(await direct.get(key)) : 0;
  };

  it('limits in the instance while Redis is away, then counts in Redis again', async () => {
    const ip = '198.51.100.40';
    for (let attempt = 0; attempt < 2; attempt++)
      expect((await sendContact(app.app, ip, attempt)).statusCode).toBe(201);
    expect(await counterInRedis()).toBe(2);

    proxy.setMode('refuse');
    proxy.dropConnections();
    await waitForLive(() => (redis.status === 'ready' ? undefined : true));
    const whileAway: number[] = [];
    for (let attempt = 0; attempt <= CONTACT_LIMIT; attempt++) {
      whileAway.push((await sendContact(app.app, ip, attempt)).statusCode);
    }
    // The instance's own count starts at nothing: the two in Redis are not known to it.
    expect(whileAway).toEqual([...Array(CONTACT_LIMIT).fill(201), 429]);
    expect(log.messages.filter((line) => line.msg === UNREACHABLE)).toHaveLength(CONTACT_LIMIT + 1);

    proxy.setMode('forward');
    await waitForLive(() => (redis.status === 'ready' ? true : undefined), 5_000);
    await waitForSubscribersBack();
    expect((await sendContact(app.app, ip, 0)).statusCode).toBe(201);
    expect(await counterInRedis()).toBe(3);
  });
});
