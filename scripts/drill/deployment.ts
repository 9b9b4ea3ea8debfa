import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { runOnServer } from '../../src/server/db/postgres-server';
import { listen, startSmtpServer } from '../../src/server/testing/smtp-test-server';
import { type Child, spawnNode, stopChild, waitUntilAnswering } from '../bench/child-processes';
import { INSTANCE_COMMAND, PRODUCTION_ENVIRONMENT, READINESS_PATH } from './instance';

// What drill:proxy and drill:rolling share: a production deployment on loopback — a fresh PostgreSQL
// database, Redis under a key prefix of its own, a mail sink, instances started as the image starts them
// (instance.ts) behind deploy/nginx.conf — torn down whatever happens.

const run = promisify(execFile);
export const repositoryRoot = path.resolve(import.meta.dirname, '../..');
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// The drills' clients come from here, nginx and the instances talk on 127.0.0.1: the instances trust
// X-Forwarded-For from 127.0.0.1 only, so what they record for a caller is 127.0.0.2.
export const CLIENT_ADDRESS = '127.0.0.2';
export const PROXY_ADDRESS = '127.0.0.1';
export const ADMIN_EMAIL = 'ops@drill.test';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- cleaning up, whatever happens ----

export function createCleanups(drillName: string, maxMinutes: number) {
  const steps: Array<{ name: string; run: () => Promise<unknown> }> = [];
  let cleaning: Promise<void> | undefined;
  const runAll = () => {
    cleaning ??= (async () => {
      for (const { name, run: step } of steps.reverse()) {
        await step().catch((error) => console.error(`cleaning up ${name} failed: ${(error as Error).message}`));
      }
    })();
    return cleaning;
  };
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping everything ${drillName} started…`);
      void runAll().finally(() => process.exit(code));
    });
  }
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (error) => {
      console.error(`\n${drillName} failed: ${(error as Error).stack ?? error}`);
      void runAll().finally(() => process.exit(1));
    });
  }
  const bound = setTimeout(() => {
    console.error(`\n${drillName} ran past its bound of ${maxMinutes} minutes: stopping.`);
    void runAll().finally(() => process.exit(1));
  }, maxMinutes * 60_000);
  bound.unref();
  return {
    add: (name: string, step: () => Promise<unknown>) => steps.push({ name, run: step }),
    run: runAll,
  };
}
export type Cleanups = ReturnType<typeof createCleanups>;

// The client and the server as production runs them: built when missing or older than the sources.
export function ensureBuild() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], {
    stdio: 'inherit',
    cwd: repositoryRoot,
  });
  if (result.status !== 0) throw new Error('the build failed');
}

// A new, empty database, dropped at the end.
export async function freshDatabase(cleanups: Cleanups, name: string): Promise<string> {
  await runOnServer(POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await runOnServer(POSTGRES_URL, `CREATE DATABASE ${name}`);
  cleanups.add('database', () => runOnServer(POSTGRES_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return Object.assign(new URL(POSTGRES_URL), { pathname: `/${name}` }).toString();
}

export function redisKeyPrefixFor(cleanups: Cleanups, drillName: string): string {
  const prefix = `tandem-${drillName}-${randomBytes(4).toString('hex')}:`;
  cleanups.add('redis keys', async () => {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });
  return prefix;
}

// Production requires a mail server: one here that accepts everything and keeps it.
export async function startMailSink(cleanups: Cleanups) {
  const sink = startSmtpServer(0);
  const port = await listen(sink.server);
  cleanups.add('mail sink', async () => sink.server.close());
  return { url: `smtp://127.0.0.1:${port}`, received: sink.received };
}

export interface DeploymentSettings {
  databaseUrl: string;
  // The machine's Redis (REDIS_URL) unless the drill brings its own.
  redisUrl?: string;
  redisKeyPrefix: string;
  smtpUrl: string;
  publicUrl: string;
  sessionSecret: string;
}

// One instance's environment: production's, on loopback, trusting the proxy's address only.
export function instanceEnvironment(settings: DeploymentSettings, port: number, dataDir: string, clientDir: string) {
  return {
    ...PRODUCTION_ENVIRONMENT,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl ?? REDIS_URL,
    REDIS_KEY_PREFIX: settings.redisKeyPrefix,
    SESSION_SECRET: settings.sessionSecret,
    PUBLIC_URL: settings.publicUrl,
    SMTP_URL: settings.smtpUrl,
    ADMIN_EMAILS: ADMIN_EMAIL,
    TRUST_PROXY: PROXY_ADDRESS,
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    LOG_LEVEL: 'warn',
  };
}

export interface Instance {
  child: Child;
  port: number;
  buildRoot: string;
}

// Starts `node --enable-source-maps build/server/main.js` (instance.ts) in buildRoot, with its own DATA_DIR
// as a container has.
export async function startInstance(
  cleanups: Cleanups,
  {
    name,
    port,
    buildRoot,
    settings,
    logDir,
  }: { name: string; port: number; buildRoot: string; settings: DeploymentSettings; logDir: string },
): Promise<Instance> {
  const dataDir = path.join(logDir, `data-${name}`);
  await fs.mkdir(dataDir, { recursive: true });
  const [, ...args] = INSTANCE_COMMAND;
  const child = spawnNode(name, args, {
    env: instanceEnvironment(settings, port, dataDir, path.join(buildRoot, 'build/client')),
    logFile: path.join(logDir, `${name}.log`),
    cwd: buildRoot,
  });
  cleanups.add(name, () => stopChild(child, 15_000));
  return { child, port, buildRoot };
}

export async function waitUntilReady(instance: Instance, timeoutMs = 90_000) {
  await waitUntilAnswering(instance.child, `http://127.0.0.1:${instance.port}${READINESS_PATH}`, {
    status: 200,
    timeoutMs,
  });
}

// `npm run admin:create` against the deployment's database; returns the password it printed.
export async function createAdministrator(settings: DeploymentSettings): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/admin-create.ts', ADMIN_EMAIL, 'Drill Ops'],
    {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH ?? '',
        ...instanceEnvironment(settings, 0, '/nonexistent', '/nonexistent'),
      },
    },
  );
  const password = stdout.match(/Password \(shown once\): (\S+)/)?.[1];
  if (!password) throw new Error(`admin:create printed no password:\n${stdout}`);
  return password;
}

// ---- an HTTPS client from 127.0.0.2 that trusts the drill's certificate ----

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => unknown;
  // The TLS protocol negotiated (ALPN), e.g. http/1.1.
  alpn: string | false | null;
}

export function createHttpsClient({
  origin,
  ca,
  maxSockets = 16,
  localAddress = CLIENT_ADDRESS,
}: {
  origin: string;
  ca: string;
  maxSockets?: number;
  localAddress?: string;
}) {
  const agent = new https.Agent({ keepAlive: true, maxSockets, ca });
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookies,
    async request(
      method: string,
      pathname: string,
      {
        body,
        headers = {},
        timeoutMs = 15_000,
      }: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
    ): Promise<HttpsAnswer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const request = https.request(
          `${origin}${pathname}`,
          {
            method,
            agent,
            localAddress,
            timeout: timeoutMs,
            headers: {
              ...(cookies.size > 0 && { cookie: cookieHeader() }),
              // What a browser adds to the site's own requests (the CSRF check reads it).
              origin,
              'sec-fetch-site': 'same-origin',
              ...(payload && {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }),
              ...headers,
            },
          },
          (response) => {
            const alpn = (response.socket as TLSSocket).alpnProtocol ?? null;
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair = ''] = line.split(';');
              const [name = '', ...value] = pair.split('=');
              if (value.join('=')) cookies.set(name, value.join('='));
              else cookies.delete(name);
            }
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                text,
                json: () => JSON.parse(text),
                alpn,
              });
            });
            response.on('error', reject);
          },
        );
        request.on('timeout', () => request.destroy(new Error(`${method} ${pathname} timed out`)));
        request.on('error', reject);
        request.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
export type HttpsClient = ReturnType<typeof createHttpsClient>;

// ---- figures ----

export function percentiles(values: ArrayLike<number>) {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1) ?? Number.NaN };
}

export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');
