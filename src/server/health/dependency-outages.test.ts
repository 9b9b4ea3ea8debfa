import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { jobsContract } from '~/shared/contracts/jobs';
import { messagingContract } from '~/shared/contracts/messaging';
import { platformContract } from '~/shared/contracts/platform';
import type { LiveEvent } from '~/shared/live-events';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { DATABASE_UNREACHABLE_MESSAGE } from '../platform/errors';
import { createMetrics, type MetricsServer, serveMetrics } from '../platform/metrics';
import { createRedisClient } from '../platform/redis-client';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { startCompanyConversation } from '../testing/conversation-helpers';
import { openReadyLiveTab, waitForLive } from '../testing/live-test-sockets';
import { samplesOf } from '../testing/metric-samples';
import { type OwnService, startOwnPostgres, startOwnRedis } from '../testing/own-services';
import { createTestApp, type TestApp } from '../testing/test-app';
import { REDIS_DEGRADED_MESSAGE } from './check-readiness';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const quiet = { warn: () => undefined };

// What an instance answers while a dependency is away, as docs/operations.md ("When PostgreSQL or Redis
// fails") says: each test stops and starts a PostgreSQL cluster or a Redis of its own (own-services.ts).
describe('while PostgreSQL cannot be reached', () => {
  let postgres: OwnService;
  let database: DatabaseHandle;
  let testApp: TestApp;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    database = await openDatabase({ url: postgres.url, poolSize: 4 });
    await migrateDatabase(database);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, secret: SECRET, database });
    // A statement the database is running when it stops: the connection breaks under it.
    const slowStatement = async () => {
      await database.runSql('select pg_sleep(10)');
      return { done: true };
    };
    app.get('/api/test/slow-read', { config: { access: 'public' } }, slowStatement);
    app.post('/api/test/slow-write', { config: { access: 'public' } }, slowStatement);
    testApp = { app, database, config, setSettings: async () => undefined, close: () => app.close() };
  });
  afterAll(async () => {
    await testApp?.app.close();
    await database?.close();
    await postgres?.close();
  });

  it('answers 503 with Retry-After and a sentence, says it is not ready, and serves again once it is back', async () => {
    const company = await signedInAccount(testApp, { role: 'company' });
    const read = () => company.call(jobsContract.list);
    const write = (title: string) => company.call(jobsContract.create, { body: { title } });
    const inject = (options: InjectOptions) => testApp.app.inject(options);
    const anonymousRead = () => callContract(inject, jobBoardContract.publicJobs);
    const ready = () => callContract(inject, platformContract.ready);
    expect((await read()).statusCode).toBe(200);
    expect((await write('Before the outage')).statusCode).toBe(201);

    await postgres.stop();
    // The settings held in memory expire meanwhile: the probes must not need them.
    await testApp.app.appContext.settings.invalidate();
    expect((await callContract(inject, platformContract.health)).statusCode).toBe(200);
    for (const answer of [await read(), await write('During the outage'), await anonymousRead()]) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.error).toEqual({ error: DATABASE_UNREACHABLE_MESSAGE, code: 'unavailable' });
    }
    await testApp.app.appContext.settings.invalidate();
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.headers['retry-after']).toBe('5');
    expect(notReady.error).toEqual({
      status: 'unavailable',
      checks: { database: 'down', redis: 'not_configured' },
      error: 'Not ready: the database cannot be reached.',
      code: 'unavailable',
    });

    await postgres.start();
    expect((await ready()).statusCode).toBe(200);

    // Under a statement, the connection lost: a read may run again elsewhere (503); a write may have been
    // stored, so it is 502, which the proxy does not retry (decision 026).
    // Routes of this test alone, which no contract declares.
    const inFlight = ['GET /api/test/slow-read', 'POST /api/test/slow-write'].map((route) => {
      const [method = '', url = ''] = route.split(' ');
      return testApp.app.inject({ method: method as 'GET' | 'POST', url, headers: sameOriginHeaders });
    });
    await waitForLive(() => (database.poolUse().inUse === 2 ? true : undefined), 5_000);
    await postgres.stop();
    const [lostRead, lostWrite] = await Promise.all(inFlight);
    expect([lostRead?.statusCode, lostWrite?.statusCode]).toEqual([503, 502]);
    for (const answer of [lostRead, lostWrite]) {
      expect(answer?.headers['retry-after']).toBe('5');
      expect(answer?.json()).toEqual({ error: DATABASE_UNREACHABLE_MESSAGE, code: 'unavailable' });
    }
    await postgres.start();
    expect((await read()).statusCode).toBe(200);
    expect((await write('After the outage')).statusCode).toBe(201);
    const titles = (await read()).body.items.map((job) => job.title);
    expect(titles.sort()).toEqual(['After the outage', 'Before the outage']);
  });
});

// Two instances sharing the database and a Redis, as behind a load balancer; a tab on the second.
describe('while Redis cannot be reached', () => {
  let redis: OwnService;
  let redisA: Redis;
  let redisB: Redis;
  let first: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let metricsServer: MetricsServer;

  beforeAll(async () => {
    redis = await startOwnRedis();
    redisA = createRedisClient(redis.url);
    redisB = createRedisClient(redis.url);
    for (const client of [redisA, redisB]) {
      client.on('error', () => undefined);
      await client.connect();
    }
    const metrics = createMetrics({ logger: quiet });
    first = await createTestApp({ redis: redisA, metrics });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    second = await buildApp({ config, secret: SECRET, database: first.database, redis: redisB });
    await second.listen({ host: '127.0.0.1', port: 0 });
    metricsServer = await serveMetrics({ metrics, host: '127.0.0.1', port: 0, logger: quiet });
  });
  afterAll(async () => {
    await metricsServer?.close();
    await second?.close();
    await first?.close();
    redisA?.disconnect();
    redisB?.disconnect();
    await redis?.close();
  });

  const scrape = async () => samplesOf(await (await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`)).text());

  it('stores writes, stays ready saying it is degraded, and has tabs catch up once Redis is back', async () => {
    const company = await signedInAccount(first, { role: 'company' });
    const applicant = await signedInAccount(first, { role: 'applicant' });
    const conversation = await startCompanyConversation(first, company, applicant.user.id);
    const send = (body: string) =>
      company.call(messagingContract.send, {
        params: { id: conversation.id },
        body: { client_id: crypto.randomUUID(), body },
      });
    const origin = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const tab = await openReadyLiveTab(origin, applicant.cookie);
    const heard = (body: string) =>
      tab.events.find(
        (event): event is Extract<LiveEvent, { type: 'message.created' }> =>
          event.type === 'message.created' && (event.message as { body: string }).body === body,
      );
    // The second instance may still be subscribing: send until its tab hears the first instance.
    for (let attempt = 0; !heard(`Hello ${attempt - 1}`); attempt++) {
      expect(attempt).toBeLessThan(50);
      expect((await send(`Hello ${attempt}`)).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await redis.stop();
    await waitForLive(() => (redisA.status !== 'ready' && redisB.status !== 'ready' ? true : undefined), 5_000);
    const whileAway = await send('Sent while Redis was away');
    expect(whileAway.statusCode).toBe(201);
    const stored = await applicant.call(messagingContract.messages, { params: { id: conversation.id } });
    expect(stored.body.items.map((message) => message.body)).toContain('Sent while Redis was away');

    const probe = () => callContract((options) => first.app.inject(options), platformContract.ready);
    const degraded = await probe();
    expect(degraded.statusCode).toBe(200);
    expect(degraded.body).toEqual({
      status: 'ready',
      checks: { database: 'up', redis: 'down' },
      degraded: REDIS_DEGRADED_MESSAGE,
    });
    const samples = await scrape();
    expect(samples.get('tandem_ready')).toBe(1);
    expect(samples.get('tandem_dependency_up{dependency="redis"}')).toBe(0);

    await redis.start();
    // The tab stayed open: told it may have missed events, it fetches again (live-socket.ts).
    await waitForLive(() => tab.events.find((event) => event.type === 'resync'), 15_000);
    await waitForLive(() => (redisA.status === 'ready' ? true : undefined), 15_000);
    expect((await send('Sent once Redis was back')).statusCode).toBe(201);
    await waitForLive(() => heard('Sent once Redis was back'), 5_000);
    const back = await probe();
    expect(back.body).toEqual({ status: 'ready', checks: { database: 'up', redis: 'up' } });
    expect((await scrape()).get('tandem_dependency_up{dependency="redis"}')).toBe(1);
    tab.socket.close();
  });
});
