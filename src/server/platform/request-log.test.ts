import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '~/shared/contract';
import { authContract } from '~/shared/contracts/auth';
import { jobsContract } from '~/shared/contracts/jobs';
import { meetingsContract } from '~/shared/contracts/meetings';
import { platformContract } from '~/shared/contracts/platform';
import { users } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract, callUnchecked } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLogger } from './logger';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

// The request log as an operator reads it: one JSON line per request, and any line a request logs on its
// way tied to it by its id.
describe('request log', () => {
  const lines: LogLine[] = [];
  let testApp: TestApp;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    testApp = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logger: createLogger({ LOG_LEVEL: 'info' }, destination),
    });
    testApp.app.get('/api/test/failure', { config: { access: 'public' } }, async () => {
      throw new Error('the disk is on fire');
    });
  });
  afterAll(() => testApp.close());

  const inject = (options: InjectOptions) => testApp.app.inject(options);
  const linesOf = (requestId: unknown) => lines.filter((line) => line.reqId === requestId);
  const completedLinesOf = (requestId: unknown) =>
    linesOf(requestId).filter((line) => line.msg === 'request completed');

  it('logs one line per request: id, method, route, status, duration, who and from where', async () => {
    const { user, callUnchecked: callAs } = await signedInAccount(testApp, { role: 'applicant' });
    // A query the endpoint does not read: the log names the route, never the URL.
    const response = await callAs(authContract.me, { query: { from: 'test' } });
    expect(response.statusCode).toBe(200);
    const requestLines = linesOf(response.headers['x-request-id']);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      msg: 'request completed',
      reqId: response.headers['x-request-id'],
      method: 'GET',
      route: authContract.me.path,
      status: 200,
      durationMs: expect.any(Number),
      userId: user.id,
      remoteAddress: '127.0.0.1',
    });
  });

  it('leaves the user out of a request nobody signed in to', async () => {
    const response = await callContract(inject, authContract.me);
    const [line] = completedLinesOf(response.headers['x-request-id']);
    expect(line).toMatchObject({ route: authContract.me.path, status: response.statusCode });
    expect(line).not.toHaveProperty('userId');
  });

  it('logs a refused request with its code and sentence beside its request line', async () => {
    const response = await callContract(inject, jobsContract.list);
    expect(response.statusCode).toBe(401);
    const requestLines = linesOf(response.headers['x-request-id']);
    expect(requestLines.find((line) => line.code === 'unauthenticated')).toMatchObject({
      status: 401,
      msg: 'Please sign in to continue.',
    });
    expect(completedLinesOf(response.headers['x-request-id'])).toEqual([
      expect.objectContaining({ route: jobsContract.list.path, status: 401 }),
    ]);
  });

  it('logs a failure with its error under the request id the response carries', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/failure' });
    expect(response.statusCode).toBe(500);
    const requestLines = linesOf(response.headers['x-request-id']);
    expect(requestLines.map((line) => line.msg)).toEqual(['request failed', 'request completed']);
    expect(requestLines[0]).toMatchObject({ level: 50, err: { message: 'the disk is on fire' } });
    expect(requestLines[1]).toMatchObject({ route: '/api/test/failure', status: 500 });
  });

  it('keeps liveness and readiness probes out of the log', async () => {
    for (const probe of [platformContract.health, platformContract.ready]) {
      const response = await callContract(inject, probe);
      expect(response.statusCode, probe.path).toBe(200);
      expect(linesOf(response.headers['x-request-id'])).toEqual([]);
    }
  });

  it('keeps a caller’s request id when it is safe to log', async () => {
    // X-Request-Id is the load balancer's header, not the endpoint's.
    const response = await callUnchecked(inject, authContract.me, { headers: { 'x-request-id': 'lb-7f3a' } });
    expect(response.headers['x-request-id']).toBe('lb-7f3a');
    expect(linesOf('lb-7f3a')).toHaveLength(1);
  });

  it('keeps the tokens of calendar feeds, join links, meeting rooms and emailed links out of the log', async () => {
    const token = 'Zq3xSecretToken_-0123456789abcdefghij';
    // Matched requests are logged by their route's pattern; others by their path, redacted, without the query
    // (the paths no route matches are written out: the path is what the test is about).
    const { calendarFeedFile, room } = meetingsContract;
    const urls = {
      [pathOf(calendarFeedFile.path, { token })]: { route: calendarFeedFile.path },
      [pathOf(room.path, { token })]: { route: room.path },
      [`/api/meeting-rooms/${token}/turn-credentials`]: { path: '/api/meeting-rooms/[redacted]/turn-credentials' },
      [`/meet/${token}`]: { path: '/meet/[redacted]' },
      [`/reset-password?token=${token}&next=%2F`]: { path: '/reset-password' },
    };
    for (const [url, logged] of Object.entries(urls)) {
      const response = await testApp.app.inject({ method: 'GET', url });
      const requestLines = linesOf(response.headers['x-request-id']);
      expect(completedLinesOf(response.headers['x-request-id']), url).toEqual([
        expect.objectContaining({ method: 'GET', status: response.statusCode, ...logged }),
      ]);
      expect(JSON.stringify(requestLines), url).not.toContain(token);
    }
  });

  it('logs a failed query as its statement and error code, never the values it was given', async () => {
    const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$secret-looking-salt$secret-looking-hash';
    const { database } = testApp;
    await database.db.insert(users).values({ email: 'taken@example.test', name: 'First', role: 'applicant' });
    const failure = await database.db
      .insert(users)
      .values({ email: 'taken@example.test', name: 'Second Person', role: 'applicant', passwordHash })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    testApp.app.log.error({ err: failure }, 'request failed');
    const line = lines.at(-1);
    // Both unique indexes on the address refuse it; which one PostgreSQL checks first is its own business.
    expect(line).toMatchObject({
      msg: 'request failed',
      err: { code: '23505', constraint: expect.stringMatching(/^users_email(_lower)?_unique$/) },
    });
    expect(String((line?.err as { query?: string } | undefined)?.query)).toMatch(/^insert into "users"/);
    const written = JSON.stringify(line);
    for (const value of [passwordHash, 'secret-looking', 'taken@example.test', 'Second Person']) {
      expect(written).not.toContain(value);
    }
  });
});
