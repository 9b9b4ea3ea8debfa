import { type ChildProcessByStdio, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The server as `npm start` runs it: a real process, a real port, an embedded database on disk.

interface RunningServer {
  process: ChildProcessByStdio<null, Readable, Readable>;
  logs: () => string;
  waitForLog(text: string): Promise<void>;
  exited: Promise<number | null>;
}

const mainFile = path.resolve(import.meta.dirname, 'main.ts');

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (output.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    logs: () => output,
    exited,
    waitForLog: (text) =>
      new Promise((resolve, reject) => {
        if (output.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then((code) => reject(new Error(`server exited (${code}) before logging "${text}":\n${output}`)));
      }),
  };
}

function listeningPort(logs: string): number {
  const match = logs.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
  if (!match?.[1]) throw new Error(`no listening address in the logs:\n${logs}`);
  return Number(match[1]);
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-main-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts with no configuration, migrates a new embedded database once, and finishes a request in flight on SIGTERM', async () => {
    const server = startServer({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') });
    await server.waitForLog('Server listening at http://127.0.0.1:');
    expect(server.logs()).toContain('New database: migrated and loaded the demo data.');
    await expect(fs.stat(path.join(dataDir, 'secret.key'))).resolves.toBeTruthy();
    const port = listeningPort(server.logs());

    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(200);

    // Send half a request, stop the server, then send the rest: the request must still be answered.
    const body = JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline', 'document-uri': 'http://localhost/' } });
    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/csp-reports',
          headers: { 'content-type': 'application/csp-report', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      // Once the server has begun this request, stop it; once it is stopping, finish the body.
      void server
        .waitForLog('"url":"/api/csp-reports"')
        .then(() => server.process.kill('SIGTERM'))
        .then(() => server.waitForLog('shutting down'))
        .then(() => request.end(body.slice(10)));
    });
    expect(await response).toBe(204);
    expect(await server.exited).toBe(0);

    // A second start finds the database already migrated and loads no demo data again.
    const again = startServer({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') });
    await again.waitForLog('Server listening at http://127.0.0.1:');
    expect(again.logs()).not.toContain('New database');
    again.process.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('refuses to start with bad configuration, naming every bad variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://db/x' });
    expect(await server.exited).toBe(1);
    expect(server.logs()).toContain('Invalid configuration');
    expect(server.logs()).toContain('PORT');
    expect(server.logs()).toContain('DATABASE_URL');
  }, 30_000);
});
