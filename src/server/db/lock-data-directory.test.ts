import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migratedPgliteFiles } from '../testing/pglite-template-files';
import { openDatabase } from './client';
import { type DataDirectoryHolder, DataDirectoryInUseError, lockDataDirectory } from './lock-data-directory';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

// `npm run db:migrate` on a data directory, as an operator would run it beside a server.
function runMigrate(dataDir: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(repositoryRoot, 'scripts/db-migrate.ts')],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, cwd: repositoryRoot },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

// A pid no process has any more: one that has exited.
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  if (!child.pid) throw new Error('the child process had no pid');
  return child.pid;
}

function holder(overrides: Partial<DataDirectoryHolder>): DataDirectoryHolder {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    command: 'npm start',
    startedAt: '2026-11-30T08:00:00.000Z',
    token: 'an-earlier-lock',
    ...overrides,
  };
}

// Two processes on one embedded database each overwrite what the other wrote, so the
// directory is locked by the process that opens it, and a stale lock is one whose holder is gone.
describe('the data directory lock', () => {
  let root: string;
  let directory: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-lock-'));
    directory = path.join(root, 'pglite');
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  const writeLock = (lock: DataDirectoryHolder | string) =>
    fs.writeFile(`${directory}.lock`, typeof lock === 'string' ? lock : JSON.stringify(lock));
  const readLock = async () => JSON.parse(await fs.readFile(`${directory}.lock`, 'utf8')) as DataDirectoryHolder;

  it('refuses a second process while the directory is held, naming the holder, and lets it in once released', async () => {
    // Held as a server holds it (the database's own opening is the next test's).
    const held = await lockDataDirectory(directory);
    try {
      const refused = await runMigrate(root);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`The database in ${directory} is in use by node `);
      expect(refused.output).toMatch(
        new RegExp(`\\(process ${process.pid}, started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\); stop it first\\.`),
      );
      expect(refused.output).not.toContain('at ');
      // Nothing was opened by the refused process: the lock is still this one's.
      expect((await readLock()).pid).toBe(process.pid);
    } finally {
      await held.release();
    }
    await expect(fs.stat(`${directory}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  }, 30_000);

  it('is held by an open database, and given back when it closes', async () => {
    // A migrated database, as a server holds it (from the run's template: initdb took seconds).
    const database = await openDatabase({ dataDir: directory, loadDataDir: await migratedPgliteFiles() });
    try {
      expect((await readLock()).pid).toBe(process.pid);
      await expect(lockDataDirectory(directory)).rejects.toThrow(DataDirectoryInUseError);
    } finally {
      await database.close();
    }
    await expect(fs.stat(`${directory}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await lockDataDirectory(directory);
    await again.release();
  });

  it('refuses a second opening in the same process', async () => {
    const lock = await lockDataDirectory(directory);
    try {
      await expect(openDatabase({ dataDir: directory })).rejects.toThrow(DataDirectoryInUseError);
    } finally {
      await lock.release();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    await writeLock(holder({ pid: await deadPid() }));
    const lock = await lockDataDirectory(directory);
    expect(await readLock()).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    await lock.release();
  });

  it('takes over a lock whose pid now belongs to another process, or was taken before the machine restarted', async () => {
    // This process, but not the one that wrote the lock: it started at another moment.
    await writeLock(holder({ processStart: '1' }));
    const reused = await lockDataDirectory(directory);
    await reused.release();
    await writeLock(holder({ bootId: 'an-earlier-boot' }));
    const rebooted = await lockDataDirectory(directory);
    await rebooted.release();
  });

  it('does not take over a lock from a live process however old it is', async () => {
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      await writeLock(holder({ pid: live.pid, startedAt: '2020-01-01T00:00:00.000Z' }));
      await expect(lockDataDirectory(directory)).rejects.toThrow(
        `The database in ${directory} is in use by npm start (process ${live.pid}, started 2020-01-01T00:00:00.000Z); stop it first.`,
      );
    } finally {
      live.kill('SIGKILL');
    }
  });

  it('refuses a lock held on another machine, which cannot be checked from here', async () => {
    await writeLock(holder({ hostname: 'tandem-db-2', pid: await deadPid() }));
    await expect(lockDataDirectory(directory)).rejects.toThrow(`is in use by npm start on tandem-db-2 (process`);
    await expect(lockDataDirectory(directory)).rejects.toThrow(`if it does not, delete ${directory}.lock.`);
  });

  it('refuses a lock it cannot read, saying which file it is', async () => {
    await writeLock('not a lock');
    await expect(lockDataDirectory(directory)).rejects.toThrow(
      `The database in ${directory} is locked by ${directory}.lock, which cannot be read;`,
    );
  });

  it('gives a stale lock to one of two processes taking it over at once', async () => {
    await writeLock(holder({ pid: await deadPid() }));
    const attempts = await Promise.allSettled([lockDataDirectory(directory), lockDataDirectory(directory)]);
    const taken = attempts.filter((attempt) => attempt.status === 'fulfilled');
    expect(taken).toHaveLength(1);
    const refused = attempts.find((attempt) => attempt.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(DataDirectoryInUseError);
    await taken[0]?.value.release();
    expect(await fs.readdir(root)).toEqual([]);
  });

  it('leaves a lock another process took alone when releasing', async () => {
    const lock = await lockDataDirectory(directory);
    await writeLock(holder({ token: 'someone-else' }));
    await lock.release();
    expect((await readLock()).token).toBe('someone-else');
  });
});
