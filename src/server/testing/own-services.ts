import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

// A Redis and a PostgreSQL cluster of a test's own, on free loopback ports, that the test stops and starts
// again to see what Tandem answers while a dependency is away (the machine's own serve every other test
// and must never be stopped). Both come from Debian: redis-server, and PostgreSQL's initdb and pg_ctl.

export interface OwnService {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
}

async function answersOn(port: number, greeting: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.on('connect', () => socket.write(greeting));
    socket.on('data', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startOwnRedis(): Promise<OwnService> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-redis-'));
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    // No persistence: a restart is an empty Redis, the worst case Tandem must survive.
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', directory],
      { stdio: 'ignore' },
    );
    server = started;
    const failed = new Promise<never>((_, reject) =>
      started.once('error', () => reject(new Error('redis-server is missing: apt-get install redis-server'))),
    );
    await Promise.race([waitFor(() => answersOn(port, 'PING\r\n'), 'redis-server'), failed]);
  };
  const stop = async () => {
    const stopping = server;
    server = undefined;
    if (!stopping || stopping.exitCode !== null) return;
    await new Promise((resolve) => {
      stopping.once('exit', resolve);
      stopping.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    close: async () => {
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

// initdb refuses to run as root: there, the cluster belongs to the postgres user, as Debian's does.
const asPostgresUser = process.getuid?.() === 0;

async function runPostgresTool(tool: string, args: string[]) {
  const binary = await postgresBinary(tool);
  return asPostgresUser ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args);
}

async function postgresBinary(tool: string): Promise<string> {
  const onPath = await run('sh', ['-c', `command -v ${tool}`]).then(
    (result) => result.stdout.trim(),
    () => '',
  );
  if (onPath) return onPath;
  // Debian keeps them out of PATH, under the version's own folder.
  const versions = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error(`${tool} is missing: apt-get install postgresql`);
  return path.join('/usr/lib/postgresql', newest, 'bin', tool);
}

export async function startOwnPostgres(): Promise<OwnService> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-postgres-'));
  if (asPostgresUser) await run('chown', ['postgres', directory]);
  const dataDirectory = path.join(directory, 'data');
  const port = await freePort();
  await runPostgresTool('initdb', ['-D', dataDirectory, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await runPostgresTool('pg_ctl', [
      '-D',
      dataDirectory,
      '-o',
      options,
      '-l',
      path.join(directory, 'log'),
      '-w',
      'start',
    ]);
  };
  // Fast: sessions are ended as a crash or a failover would end them.
  const stop = async () => {
    await runPostgresTool('pg_ctl', ['-D', dataDirectory, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    close: async () => {
      await runPostgresTool('pg_ctl', ['-D', dataDirectory, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
