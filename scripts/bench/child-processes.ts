import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import type { ProxyStats } from './tcp-proxy';

// The processes bench:chat runs: each with its soft descriptor limit raised to the hard one (a process
// holding thousands of sockets needs it), its output in a log file, and stopped for sure at the end.

export interface Child {
  name: string;
  process: ChildProcess;
  pid: number;
  exited: Promise<void>;
}

// The open-files limit of this process (soft, hard), from /proc; undefined where there is none.
export async function descriptorLimits(
  pid: number | 'self' = 'self',
): Promise<{ soft: number; hard: number } | undefined> {
  const text = await fsPromises.readFile(`/proc/${pid}/limits`, 'utf8').catch(() => undefined);
  const line = text?.split('\n').find((entry) => entry.startsWith('Max open files'));
  const [soft, hard] = line?.match(/\d+|unlimited/g) ?? [];
  const value = (entry: string | undefined) => (entry === 'unlimited' ? Number.POSITIVE_INFINITY : Number(entry));
  return soft && hard ? { soft: value(soft), hard: value(hard) } : undefined;
}

export function spawnNode(
  name: string,
  args: string[],
  { env, logFile, ipc = false, cwd }: { env: Record<string, string>; logFile: string; ipc?: boolean; cwd?: string },
): Child {
  const log = fs.openSync(logFile, 'a');
  // exec keeps the process id: the one killed with -9 is node itself.
  const child = spawn('bash', ['-c', 'ulimit -Sn "$(ulimit -Hn)" && exec "$0" "$@"', process.execPath, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd,
    stdio: ['ignore', log, log, ...(ipc ? (['ipc'] as const) : [])],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, process: child, pid: child.pid ?? 0, exited };
}

// Waits until url answers with `status` (any status when omitted); fails if the process exits first.
export async function waitUntilAnswering(
  child: Child,
  url: string,
  { status, timeoutMs = 60_000 } = {} as {
    status?: number;
    timeoutMs?: number;
  },
) {
  let hasExited = false;
  void child.exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !hasExited) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (status === undefined || response.status === status) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${child.name} did not start (${hasExited ? 'it exited' : 'timed out'}); see its log`);
}

// SIGTERM, then SIGKILL if it has not gone within graceMs.
export async function stopChild(child: Child, graceMs = 5_000) {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function waitForMessage<Message extends { type: string }>(child: Child, type: Message['type']) {
  return new Promise<Message>((resolve, reject) => {
    const onMessage = (message: Message) => {
      if (message.type !== type) return;
      child.process.off('message', onMessage);
      resolve(message);
    };
    child.process.on('message', onMessage);
    void child.exited.then(() => reject(new Error(`${child.name} exited`)));
  });
}

export async function proxyStats(proxy: Child): Promise<ProxyStats> {
  const answer = waitForMessage<ProxyStats>(proxy, 'stats');
  proxy.process.send({ type: 'stats' });
  return answer;
}

// Resident memory now and at its peak, in MB, from /proc; undefined for a process that is gone.
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number } | undefined> {
  const text = await fsPromises.readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const kilobytes = (field: string) => Number(text.match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
  return { rss: kilobytes('VmRSS') / 1024, peak: kilobytes('VmHWM') / 1024 };
}
