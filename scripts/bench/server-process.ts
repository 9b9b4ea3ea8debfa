import { type ChildProcess, spawn } from 'node:child_process';

// Starts a TypeScript entry point as its own process and waits until readyUrl answers.
export async function startProcess(
  script: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  // BENCH_SERVER_NODE_OPTIONS reaches the server alone, not the load generator: --cpu-prof
  // --cpu-prof-dir=/tmp/profiles writes where the server's CPU went, when it stops.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), ...env },
    stdio: 'ignore',
  });
  // A fresh embedded database migrates and loads the demo data first: over a minute on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${script} did not start`);
}

export async function stopProcess(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
