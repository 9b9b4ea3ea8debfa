import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/server/db/client';
import { migrateDatabase } from '../../../src/server/db/migrate';
import { runOnServer } from '../../../src/server/db/postgres-server';
import { freePort } from '../../../src/server/testing/free-port';
import { startLocalOidcProvider } from '../../../src/server/testing/local-oidc-provider';
import { E2E_ADMIN_EMAILS } from './accounts';

// Starts the built app (npm run build: build/server/main.js and build/client) as `npm start` would, on a free port, with a fresh database:
// a new PGlite directory, or a new database on the PostgreSQL server of DATABASE_URL.

async function waitUntilReady(url: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The e2e server exited (${server.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The e2e server did not become ready:\n${output()}`);
}

export default async function globalSetup() {
  for (const built of ['build/client/app-shell.html', 'build/server/main.js']) {
    await fs.access(path.resolve(built)).catch(() => {
      throw new Error(`No ${built}: run \`npm run build\` before the browser tests.`);
    });
  }
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // Stands in for Google: the browser tests sign in through it (support/oidc.ts picks the person).
  const identityProvider = await startLocalOidcProvider({
    clients: [
      { clientId: 'tandem-e2e', clientSecret: 'tandem-e2e-secret', redirectUris: [`${publicUrl}/auth/callback`] },
    ],
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-e2e-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: 'tandem-e2e',
    GOOGLE_CLIENT_SECRET: 'tandem-e2e-secret',
    GOOGLE_ISSUER: identityProvider.issuer,
    DATA_DIR: dataDir,
    // E2E_LOG_LEVEL=debug logs each request's start and end, to find one that never ended.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Tests publish jobs and read sitemap.xml in any order: its list of jobs is read fresh each time.
    SITEMAP_CACHE_SECONDS: '0',
    // Tests create their own accounts and sessions (support/test.ts) instead of using demo data.
    ENABLE_TEST_ROUTES: 'true',
    ADMIN_EMAILS: E2E_ADMIN_EMAILS,
  };
  let databaseName: string | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    databaseName = `tandem_e2e_${randomBytes(6).toString('hex')}`;
    await runOnServer(serverUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  if (process.env.REDIS_URL) {
    env.REDIS_URL = process.env.REDIS_URL;
    // With Redis an instance must be given its key (config.ts): instances sharing Redis sign alike.
    env.SESSION_SECRET = randomBytes(32).toString('base64url');
    // Rate-limit counters of earlier runs on the same Redis must not limit this one.
    env.REDIS_KEY_PREFIX = `tandem-e2e-${randomBytes(6).toString('hex')}:`;
  }

  // Migrated before the server starts, so it loads no demo data: each test seeds what it needs.
  const database = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') },
  );
  await migrateDatabase(database);
  await database.close();

  const server = spawn(process.execPath, ['--enable-source-maps', 'build/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's log is kept beside the tests' results, for a failure to be read against.
  await fs.mkdir('test-results', { recursive: true });
  const log = createWriteStream('test-results/e2e-server.log');
  let output = '';
  for (const stream of [server.stdout, server.stderr]) {
    stream?.on('data', (chunk) => {
      if (output.length < 100_000) output += chunk;
      log.write(chunk);
    });
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(baseUrl, server, () => output);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_OIDC_ISSUER = identityProvider.issuer;

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await identityProvider.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (serverUrl && databaseName) await runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  };
}
