import type { ChildProcess } from 'node:child_process';

// What the tests' own servers (SimpleSAMLphp, Radicale) share: waiting until one answers, and stopping it.

export async function stopChildServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null || server.pid === undefined) return;
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGKILL');
  });
}

// 'ready' once `probe` answers 'ready', or why the last try failed once the deadline passed (a busy machine
// starts php or Python slowly). A probe that throws counts as not answering yet.
export async function waitUntilReady(
  probe: () => Promise<'ready' | string>,
  timeoutMs = 30_000,
): Promise<'ready' | string> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (last === 'ready') return last;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}
