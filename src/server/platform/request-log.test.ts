import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { users } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { createLogger } from './logger';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

// The request log as an operator reads it: one JSON line per event, tied to the request by its id.
describe('request log', () => {
  const lines: LogLine[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    database = await createTestDatabase();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      secret: 'test-secret-that-is-at-least-32-characters-long',
      database,
      logger: createLogger({ LOG_LEVEL: 'info' }, destination),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const linesOf = (requestId: unknown) => lines.filter((line) => line.reqId === requestId);

  it('logs a request as it arrives and as it completes, under the id the response carries', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    const requestLines = linesOf(response.headers['x-request-id']);
    expect(requestLines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(requestLines[1]).toMatchObject({ res: { statusCode: response.statusCode } });
  });

  it('logs a refused request with its code and sentence', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/jobs' });
    expect(response.statusCode).toBe(401);
    const refusal = linesOf(response.headers['x-request-id']).find((line) => line.code === 'unauthenticated');
    expect(refusal).toMatchObject({ status: 401, msg: 'Please sign in to continue.' });
  });

  it('keeps liveness and readiness probes out of the log', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(linesOf(response.headers['x-request-id'])).toEqual([]);
    }
  });

  it('keeps a caller’s request id when it is safe to log', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { 'x-request-id': 'lb-7f3a' } });
    expect(response.headers['x-request-id']).toBe('lb-7f3a');
    expect(linesOf('lb-7f3a')).toHaveLength(2);
  });

  it('keeps the tokens of calendar feeds, join links, meeting rooms and emailed links out of the log', async () => {
    const token = 'Zq3xSecretToken_-0123456789abcdefghij';
    const urls = {
      [`/api/calendar/${token}.ics`]: '/api/calendar/[redacted].ics',
      [`/meet/${token}`]: '/meet/[redacted]',
      [`/api/meeting-rooms/${token}`]: '/api/meeting-rooms/[redacted]',
      [`/api/meeting-rooms/${token}/turn-credentials`]: '/api/meeting-rooms/[redacted]/turn-credentials',
      [`/reset-password?token=${token}&next=%2F`]: '/reset-password?token=[redacted]&next=%2F',
    };
    for (const [url, logged] of Object.entries(urls)) {
      const response = await app.inject({ method: 'GET', url });
      const requestLines = linesOf(response.headers['x-request-id']);
      expect(requestLines[0]).toMatchObject({ msg: 'incoming request', req: { method: 'GET', url: logged } });
      expect(JSON.stringify(requestLines), url).not.toContain(token);
    }
  });

  it('logs a failed query as its statement and error code, never the values it was given', async () => {
    const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$secret-looking-salt$secret-looking-hash';
    await database.db.insert(users).values({ email: 'taken@example.test', name: 'First', role: 'applicant' });
    const failure = await database.db
      .insert(users)
      .values({ email: 'taken@example.test', name: 'Second Person', role: 'applicant', passwordHash })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    app.log.error({ err: failure }, 'request failed');
    const line = lines.at(-1);
    expect(line).toMatchObject({ msg: 'request failed', err: { code: '23505', constraint: 'users_email_unique' } });
    expect(String((line?.err as { query?: string } | undefined)?.query)).toMatch(/^insert into "users"/);
    const written = JSON.stringify(line);
    for (const value of [passwordHash, 'secret-looking', 'taken@example.test', 'Second Person']) {
      expect(written).not.toContain(value);
    }
  });
});
