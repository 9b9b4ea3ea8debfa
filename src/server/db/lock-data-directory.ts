import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// Who holds an embedded database's files. The boot id and the kernel's start time of the process tell a
// live holder from a later process that was given the same pid (after a reboot, or in a restarted
// container where the server is pid 1 again); both come from /proc, so only on Linux.
export interface DataDirectoryHolder {
  pid: number;
  hostname: string;
  command: string;
  startedAt: string;
  bootId?: string;
  processStart?: string;
  // Tells this lock from a later one left by a process that had the same pid.
  token: string;
}

export interface DataDirectoryLock {
  file: string;
  release(): Promise<void>;
}

// PGlite has no server process of its own: two processes opening one directory each run a database on
// the same files, and each overwrites what the other wrote (decision 018: 12 of 120 acknowledged
// writes lost). So the process that opens it holds a lock file beside it, made atomically.
export class DataDirectoryInUseError extends Error {
  constructor(directory: string, file: string, holder: DataDirectoryHolder | undefined, isElsewhere: boolean) {
    super(
      !holder
        ? `The database in ${directory} is locked by ${file}, which cannot be read; if no other Tandem process uses this directory, delete that file.`
        : isElsewhere
          ? `The database in ${directory} is in use by ${holder.command} on ${holder.hostname} (process ${holder.pid}, started ${holder.startedAt}); stop it first. This machine cannot tell whether that process still runs: if it does not, delete ${file}.`
          : `The database in ${directory} is in use by ${holder.command} (process ${holder.pid}, started ${holder.startedAt}); stop it first.`,
    );
    this.name = 'DataDirectoryInUseError';
  }
}

const readProc = (file: string) => fs.readFile(file, 'utf8').catch(() => undefined);

// Field 22 of /proc/<pid>/stat, the process's start in clock ticks since boot. The name (field 2) is in
// parentheses and may hold spaces, so the fields are counted after its closing one.
async function processStartOf(pid: number | 'self'): Promise<string | undefined> {
  const stat = await readProc(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function commandOfThisProcess(): string {
  // npm names the script it runs (npm start, npm run db:seed; npx is no script); otherwise the file
  // node was given.
  const script = process.env.npm_lifecycle_event;
  if (script && process.env.npm_command !== 'exec') return script === 'start' ? 'npm start' : `npm run ${script}`;
  return ['node', ...process.argv.slice(1).map((argument) => path.relative(process.cwd(), argument) || argument)].join(
    ' ',
  );
}

async function describeThisProcess(): Promise<DataDirectoryHolder> {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    command: commandOfThisProcess(),
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    bootId: (await readProc('/proc/sys/kernel/random/boot_id'))?.trim(),
    processStart: await processStartOf('self'),
    token: randomBytes(12).toString('hex'),
  };
}

type Liveness = 'alive' | 'gone' | 'elsewhere';

// Stale only when its holder is known to be gone, never after some time: a live server can block its
// event loop for seconds, and a holder on another machine cannot be checked from here at all.
async function livenessOf(holder: DataDirectoryHolder): Promise<Liveness> {
  if (holder.hostname !== os.hostname()) return 'elsewhere';
  const bootId = (await readProc('/proc/sys/kernel/random/boot_id'))?.trim();
  if (holder.bootId && bootId && holder.bootId !== bootId) return 'gone';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  const processStart = await processStartOf(holder.pid);
  if (holder.processStart && processStart && holder.processStart !== processStart) return 'gone';
  return 'alive';
}

async function readHolder(file: string): Promise<DataDirectoryHolder | 'missing' | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as Partial<DataDirectoryHolder>;
    return typeof holder.pid === 'number' && typeof holder.hostname === 'string' && typeof holder.token === 'string'
      ? (holder as DataDirectoryHolder)
      : undefined;
  } catch {
    return undefined;
  }
}

// The lock appears whole or not at all: written aside, then linked into place, which fails if it exists.
async function tryCreate(file: string, holder: DataDirectoryHolder): Promise<boolean> {
  const draft = `${file}.${holder.token}`;
  await fs.writeFile(draft, `${JSON.stringify(holder, null, 2)}\n`, { flag: 'wx' });
  try {
    await fs.link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(draft, { force: true });
  }
}

// Two processes may judge the same stale lock at once: each moves it aside under a name of its own, and
// only the one that moved the stale lock itself removes it. The other has moved the winner's new lock,
// and puts it back.
async function removeStaleLock(file: string, stale: DataDirectoryHolder) {
  const aside = `${file}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (typeof moved === 'object' && moved.token !== stale.token) await fs.link(aside, file).catch(() => undefined);
  await fs.rm(aside, { force: true });
}

// Locks the directory PGlite keeps its files in (the lock is `<directory>.lock`, beside it), or refuses
// with a sentence naming the holder. The lock is released by release(), or removed with its process.
export async function lockDataDirectory(directory: string): Promise<DataDirectoryLock> {
  const resolved = path.resolve(directory);
  const file = `${resolved}.lock`;
  await fs.mkdir(path.dirname(resolved), { recursive: true });
  const holder = await describeThisProcess();
  // Each turn either takes the lock, refuses, or removes a stale lock and tries again; a few turns are
  // enough unless processes keep racing for it, and then the last holder read is named.
  for (let turn = 0; ; turn += 1) {
    if (await tryCreate(file, holder)) break;
    const current = await readHolder(file);
    if (current === 'missing') continue;
    const liveness = current ? await livenessOf(current) : 'alive';
    if (liveness !== 'gone' || turn >= 3) {
      throw new DataDirectoryInUseError(resolved, file, current, liveness === 'elsewhere');
    }
    if (current) await removeStaleLock(file, current);
  }

  // A process that exits without closing the database (a fatal error) leaves no lock behind either.
  const removeOnExit = () => {
    try {
      if (readFileSync(file, 'utf8').includes(holder.token)) rmSync(file, { force: true });
    } catch {
      // Already gone: nothing to remove.
    }
  };
  process.once('exit', removeOnExit);
  return {
    file,
    async release() {
      process.removeListener('exit', removeOnExit);
      const current = await readHolder(file);
      if (typeof current === 'object' && current.token === holder.token) await fs.rm(file, { force: true });
    },
  };
}

// For the commands that open the configured database: a refusal is a sentence, not a stack trace.
export function exitWhenDataDirectoryInUse(error: unknown): never {
  if (error instanceof DataDirectoryInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
