import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../testing/test-database';

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
      logger: pino({ level: 'info' }, destination),
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
});
