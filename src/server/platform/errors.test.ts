import { once } from 'node:events';
import { type AddressInfo, connect } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { platformContract } from '~/shared/contracts/platform';
import { apiErrorSchema } from '~/shared/errors';
import { callContract, callUnchecked } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { AppError, BUSY_MESSAGE, SHUTTING_DOWN_MESSAGE } from './errors';

describe('API error handling', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
    // Routes that exist only to drive the platform's error handling from the outside.
    const routes = testApp.app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/api/test/echo',
      {
        config: { access: 'public' },
        schema: { body: z.object({ title: z.string().max(60), weekly_hours: z.number().int().min(1).max(60) }) },
      },
      async (request) => request.body,
    );
    routes.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
      throw new AppError('conflict', 'Only a draft job can be deleted; archive it instead.');
    });
    routes.get('/api/test/pool-exhausted', { config: { access: 'public' } }, async () => {
      // What node-postgres throws when no connection frees up in time.
      throw new Error('timeout exceeded when trying to connect');
    });
    routes.get('/api/test/pool-exhausted-in-query', { config: { access: 'public' } }, async () => {
      // The same, from a query Drizzle ran: it wraps the driver's error as the cause of its own.
      throw new DrizzleQueryError('select 1', [], new Error('timeout exceeded when trying to connect'));
    });
    routes.get('/api/test/crash', { config: { access: 'public' } }, async () => {
      throw new Error('database password is hunter2');
    });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const expectErrorShape = (body: unknown) => expect(apiErrorSchema.safeParse(body).success).toBe(true);

  // Not 503: the handler may have written before it waited, and the proxy would run it again (decision 026).
  it('answers 504 with Retry-After when no database connection frees up in time', async () => {
    for (const url of ['/api/test/pool-exhausted', '/api/test/pool-exhausted-in-query']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(504);
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ error: BUSY_MESSAGE, code: 'unavailable' });
    }
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      error: 'No API endpoint matches GET /api/does-not-exist.',
      code: 'not_found',
    });
  });

  it('gives per-field messages for invalid input', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'x'.repeat(61), weekly_hours: 90 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorShape(body);
    expect(body.code).toBe('validation');
    expect(Object.keys(body.fields).sort()).toEqual(['title', 'weekly_hours']);
    expect(body.error).toBe('Please correct these fields: title, weekly_hours.');
  });

  it('names the single bad field in the message', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'Support lead', weekly_hours: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^weekly_hours: /);
  });

  it('refuses malformed JSON with a 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "unterminated',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'validation' });
  });

  it('refuses a body of the wrong content type with a 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<job><title>x</title></job>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Send the request body as JSON (Content-Type: application/json).',
      code: 'validation',
    });
  });

  it('refuses a body over the limit with a 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'x'.repeat(4000), weekly_hours: 10 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The request body is too large.', code: 'payload_too_large' });
  });

  it('maps an AppError to its status and keeps its message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Only a draft job can be deleted; archive it instead.',
      code: 'conflict',
    });
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    expect(response.json()).toEqual({
      error: 'Something went wrong on our side. Please try again in a moment.',
      code: 'internal',
    });
  });

  it('gives each response a request id, keeping a safe one from the caller', async () => {
    const inject = testApp.app.inject.bind(testApp.app);
    const generated = await callContract(inject, platformContract.health);
    expect(generated.headers['x-request-id']).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
    // X-Request-Id is the proxy's header, not the endpoint's: sent as it arrives.
    const kept = await callUnchecked(inject, platformContract.health, { headers: { 'x-request-id': 'edge-42' } });
    expect(kept.headers['x-request-id']).toBe('edge-42');
    const replaced = await callUnchecked(inject, platformContract.health, {
      headers: { 'x-request-id': 'evil id with spaces' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('evil');
  });
});

// A rolling restart: requests already in flight finish and let their connection go, and one arriving once
// shutdown began is told, in the API's shape, to come back (to another instance) shortly, before any
// handler runs: the only 503 an instance answers on its own (decision 026).
describe('while the server shuts down', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.database.close();
  });

  it('refuses a new request with 503 and Retry-After, finishes the one in flight, and closes both connections', async () => {
    const signal = () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    };
    const [entered, release, closing] = [signal(), signal(), signal()];
    let handlersRun = 0;
    testApp.app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      handlersRun += 1;
      entered.resolve();
      await release.promise;
      return { finished: true };
    });
    testApp.app.post('/api/test/write', { config: { access: 'public' } }, async () => {
      handlersRun += 1;
      return { written: true };
    });
    testApp.app.addHook('preClose', (done) => {
      closing.resolve();
      done();
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = testApp.app.server.address() as AddressInfo;
    const open = () => {
      const socket = connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (chunk) => received.push(chunk));
      const ended = once(socket, 'close').then(() => Buffer.concat(received).toString('utf8'));
      return { socket, ended };
    };
    // One request in flight; another whose head is still arriving when the shutdown begins.
    const inFlight = open();
    inFlight.socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await entered.promise;
    const arriving = open();
    arriving.socket.write('POST /api/test/write HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const closed = testApp.app.close();
    await closing.promise;
    arriving.socket.write('\r\n');
    const refused = await arriving.ended;
    release.resolve();
    const finished = await inFlight.ended;
    // Without "Connection: close" the server would wait out the keep-alive timeout (72 s) here.
    const startedClosing = Date.now();
    await closed;
    expect(Date.now() - startedClosing).toBeLessThan(5_000);

    const [refusedHead = '', refusedBody = ''] = refused.split('\r\n\r\n');
    expect(refusedHead).toMatch(/^HTTP\/1\.1 503 /);
    expect(refusedHead.toLowerCase()).toContain('\r\nretry-after: 1\r\n');
    expect(refusedHead.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(refusedHead.toLowerCase()).toContain('\r\ncontent-type: application/json; charset=utf-8\r\n');
    expect(JSON.parse(refusedBody)).toEqual({ error: SHUTTING_DOWN_MESSAGE, code: 'unavailable' });
    expect(finished).toMatch(/^HTTP\/1\.1 200 /);
    expect(finished.toLowerCase()).toContain('\r\nconnection: close\r\n');
    expect(finished).toContain('{"finished":true}');
    // The slow request ran; the refused write never reached its handler.
    expect(handlersRun).toBe(1);
  });
});
