import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformContract } from '~/shared/contracts/platform';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { REDIS_DEGRADED_MESSAGE } from './check-readiness';

describe('GET /api/health', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reports the process alive', async () => {
    const response = await callContract((options) => testApp.app.inject(options), platformContract.health);
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready', () => {
  it('is ready while the database answers, and 503 once it is gone', async () => {
    const testApp = await createTestApp();
    try {
      const probe = () => callContract((options) => testApp.app.inject(options), platformContract.ready);
      const ready = await probe();
      expect(ready.statusCode).toBe(200);
      expect(ready.body).toEqual({ status: 'ready', checks: { database: 'up', redis: 'not_configured' } });

      await testApp.database.close();
      const gone = await probe();
      expect(gone.statusCode).toBe(503);
      expect(gone.headers['retry-after']).toBe('5');
      // A failure's whole body: the readiness answer with the error's sentence and code.
      expect(gone.error).toEqual({
        status: 'unavailable',
        checks: { database: 'down', redis: 'not_configured' },
        error: 'Not ready: the database cannot be reached.',
        code: 'unavailable',
      });
    } finally {
      await testApp.app.close();
    }
  });

  // Every instance shares the one Redis: were that a reason to be taken out, all would go at once.
  it('stays ready, saying it is degraded, when the configured Redis cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    redis.on('error', () => undefined);
    const testApp = await createTestApp({ redis });
    try {
      const response = await callContract((options) => testApp.app.inject(options), platformContract.ready);
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({
        status: 'ready',
        checks: { database: 'up', redis: 'down' },
        degraded: REDIS_DEGRADED_MESSAGE,
      });
    } finally {
      redis.disconnect();
      await testApp.close();
    }
  });

  it.runIf(process.env.REDIS_URL)('is ready with a reachable Redis', async () => {
    const redis = new Redis(process.env.REDIS_URL as string, { maxRetriesPerRequest: 1 });
    const testApp = await createTestApp({ redis });
    try {
      const response = await callContract((options) => testApp.app.inject(options), platformContract.ready);
      expect(response.statusCode).toBe(200);
      expect(response.body.checks).toEqual({ database: 'up', redis: 'up' });
    } finally {
      await redis.quit();
      await testApp.close();
    }
  });
});
