import { type ChildProcessByStdio, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { platformContract } from '~/shared/contracts/platform';
import { databaseUrl, runOnServer } from './db/postgres-server';
import { DEMO_PASSWORD, demoAccounts } from './seed/demo-accounts';
import { SERVER_UNDER_TEST_VARIABLE } from './testing/database-template-variables';

// The server as `npm start` runs it: the production bundle in a real process, a real port, an embedded
// database on disk. The bundle, with the files a new embedded database starts from, is built once for the run
// (testing/boot-global-setup.ts): each start then loads in a second or two, where the sources through tsx took five.

interface RunningServer {
  process: ChildProcessByStdio<null, Readable, Readable>;
  logs: () => string;
  waitForLog(text: string): Promise<void>;
  exited: Promise<number | null>;
}

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const serverDirectory = process.env[SERVER_UNDER_TEST_VARIABLE];
if (!serverDirectory) throw new Error('No server bundle: the boot project builds one (testing/boot-global-setup.ts).');
const mainFile = path.join(serverDirectory, 'main.js');

// Servers a failed or timed-out test left running are stopped after it, not left to outlive the run.
const startedServers = new Set<ChildProcessByStdio<null, Readable, Readable>>();

function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, ['--enable-source-maps', mainFile], {
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
  startedServers.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      startedServers.delete(child);
      resolve(code);
    }),
  );
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

// Runs one of the npm scripts' files as `npm run` would; resolves with its output, rejects on failure.
function runScript(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repositoryRoot, file), ...args],
      { env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env }, cwd: repositoryRoot },
      (error, stdout, stderr) => (error ? reject(new Error(`${stdout}${stderr}`)) : resolve(`${stdout}${stderr}`)),
    );
  });
}

const productionEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  // Never reached: these tests send no mail.
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: 'http://127.0.0.1',
  CLIENT_DIR: path.join(os.tmpdir(), 'tandem-no-client'),
};

async function signIn(port: number, email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}${authContract.signIn.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
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
  afterEach(() => {
    for (const child of startedServers) child.kill('SIGKILL');
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts with no configuration, migrates a new embedded database once, and finishes a request in flight on SIGTERM', async () => {
    // At debug level a request is logged as it starts, which tells the test when to stop the server.
    const server = startServer({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client'), LOG_LEVEL: 'debug' });
    await server.waitForLog('Server listening at http://127.0.0.1:');
    expect(server.logs()).toContain('New database: migrated and loaded the demo data.');
    await expect(fs.stat(path.join(dataDir, 'secret.key'))).resolves.toBeTruthy();
    const port = listeningPort(server.logs());

    const ready = await fetch(`http://127.0.0.1:${port}${platformContract.ready.path}`);
    expect(ready.status).toBe(200);

    // Send half a request, stop the server, then send the rest: the request must still be answered.
    const body = JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline', 'document-uri': 'http://localhost/' } });
    const response = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: platformContract.reportCspViolation.path,
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
        .waitForLog(`"route":"${platformContract.reportCspViolation.path}","msg":"request started"`)
        .then(() => server.process.kill('SIGTERM'))
        .then(() => server.waitForLog('shutting down'))
        .then(() => request.end(body.slice(10)));
    });
    expect(await response).toBe(204);
    expect(await server.exited).toBe(0);
  }, 90_000);

  // The directory the test before migrated and loaded: a new one would spend seconds on initdb and migrations.
  it('starts again on the migrated database without loading the demo again, and signs in an administrator made with admin:create', async () => {
    // An administrator made with admin:create, as an operator would after trying the demo.
    const created = await runScript('scripts/admin-create.ts', ['ops@tandem.example'], { DATA_DIR: dataDir });
    const opsPassword = created.match(/Password \(shown once\): (\S+)/)?.[1];
    expect(opsPassword).toBeTruthy();

    // A second start finds the database already migrated and loads no demo data again.
    const again = startServer({
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ADMIN_EMAILS: 'admin@tandem.test,ops@tandem.example',
    });
    await again.waitForLog('Server listening at http://127.0.0.1:');
    expect(again.logs()).not.toContain('New database');
    const againPort = listeningPort(again.logs());
    // The demo administrator alone skips the second factor; the platform setting still asks everyone else.
    const demoAdmin = await signIn(againPort, 'admin@tandem.test', DEMO_PASSWORD);
    expect(demoAdmin.body).toMatchObject({ status: 'signed_in' });
    const ops = await signIn(againPort, 'ops@tandem.example', opsPassword ?? '');
    expect(ops.body).toEqual({ status: 'two_factor_required', stage: 'enroll' });
    again.process.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 60_000);

  it('starts in production with no demo accounts and no public API docs', async () => {
    const productionDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-production-'));
    try {
      const server = startServer({ ...productionEnv, DATA_DIR: productionDir });
      await server.waitForLog('Server listening at http://127.0.0.1:');
      expect(server.logs()).toContain('New database: migrated, without demo data.');
      expect(server.logs()).not.toContain(DEMO_PASSWORD);
      const port = listeningPort(server.logs());
      for (const account of demoAccounts) {
        const attempt = await signIn(port, account.email, DEMO_PASSWORD);
        expect(attempt.status, account.email).toBe(401);
      }
      expect((await fetch(`http://127.0.0.1:${port}/api/docs/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/openapi.json`)).status).toBe(404);
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await fs.rm(productionDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses demo data, or a missing mail server, in production', async () => {
    const withDemo = startServer({ ...productionEnv, DATA_DIR: dataDir, SEED_DEMO: 'true' });
    expect(await withDemo.exited).toBe(1);
    expect(withDemo.logs()).toContain('SEED_DEMO must never be on in production');
    const withoutMail = startServer({ ...productionEnv, DATA_DIR: dataDir, SMTP_URL: '' });
    expect(await withoutMail.exited).toBe(1);
    expect(withoutMail.logs()).toContain('SMTP_URL is required in production');
  }, 30_000);

  it('refuses to load demo data with npm run db:seed in production', async () => {
    const seed = await runScript('scripts/db-seed.ts', [], { ...productionEnv, DATA_DIR: dataDir }).catch(
      (error: Error) => error.message,
    );
    expect(seed).toContain('Demo data is never loaded in production');
  }, 30_000);

  // A second server on the same embedded database would overwrite the first one's writes (decision 018).
  // The directory the first test migrated: a new one would spend seconds making its database.
  const inUseEnv = () => ({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client'), SEED_DEMO: 'false' });

  it('refuses a second server on a data directory in use, naming the first, which then crashes', async () => {
    const first = startServer(inUseEnv());
    await first.waitForLog('Server listening at http://127.0.0.1:');
    const second = startServer(inUseEnv());
    expect(await second.exited).toBe(1);
    expect(second.logs()).toContain(
      `The database in ${path.join(dataDir, 'pglite')} is in use by node ${path.relative(repositoryRoot, mainFile)} (process ${first.process.pid}, started `,
    );
    // Killed as a crash would end it: its lock stays behind, for the next test.
    first.process.kill('SIGKILL');
    await first.exited;
    await expect(fs.stat(path.join(dataDir, 'pglite.lock'))).resolves.toBeTruthy();
  }, 60_000);

  it('starts on a data directory whose server crashed, taking over the lock it left', async () => {
    const next = startServer(inUseEnv());
    await next.waitForLog('Server listening at http://127.0.0.1:');
    next.process.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 60_000);

  // A deployment's instances start together on its new database (a rolling drill does, and compose): the
  // advisory lock of main.ts lets one migrate and load the demo data while the other waits, then finds it done.
  it.runIf(process.env.DATABASE_URL)(
    'two servers starting together on a new PostgreSQL database migrate it once, and both start',
    async () => {
      const serverUrl = process.env.DATABASE_URL as string;
      const name = `tandem_main_test_${process.pid}_${Date.now()}`;
      await runOnServer(serverUrl, `CREATE DATABASE ${name}`);
      const url = databaseUrl(serverUrl, name);
      const folders = await Promise.all([0, 1].map(() => fs.mkdtemp(path.join(os.tmpdir(), 'tandem-together-'))));
      try {
        const servers = folders.map((folder) =>
          startServer({ DATABASE_URL: url, DATA_DIR: folder, CLIENT_DIR: path.join(folder, 'no-client') }),
        );
        await Promise.all(servers.map((server) => server.waitForLog('Server listening at http://127.0.0.1:')));
        const migrated = servers.filter((server) => server.logs().includes('New database: migrated and loaded'));
        expect(migrated).toHaveLength(1);
        expect(servers.filter((server) => server.logs().includes('New database'))).toHaveLength(1);
        for (const server of servers) {
          const ready = await fetch(`http://127.0.0.1:${listeningPort(server.logs())}${platformContract.ready.path}`);
          expect(ready.status).toBe(200);
        }

        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const journal = JSON.parse(
            await fs.readFile(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
          ) as { entries: unknown[] };
          const applied = await client.query<{ count: string; distinct: string }>(
            'select count(*) as count, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
          );
          expect(applied.rows[0]).toEqual({
            count: String(journal.entries.length),
            distinct: String(journal.entries.length),
          });
          const demo = await client.query<{ email: string }>('select email from users where email = any($1)', [
            demoAccounts.map((account) => account.email),
          ]);
          expect(demo.rows).toHaveLength(demoAccounts.length);
        } finally {
          await client.end();
        }
        for (const server of servers) server.process.kill('SIGTERM');
        expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
      } finally {
        await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true })));
      }
    },
    90_000,
  );

  it('refuses to start with bad configuration, naming every bad variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://db/x' });
    expect(await server.exited).toBe(1);
    expect(server.logs()).toContain('Invalid configuration');
    expect(server.logs()).toContain('PORT');
    expect(server.logs()).toContain('DATABASE_URL');
  }, 30_000);
});
