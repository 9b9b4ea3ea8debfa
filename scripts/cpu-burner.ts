// `npm run burn -- [--processes N] [--seconds S]`: keeps N processes (the machine's cores by default) busy
// for at most S seconds (900 by default, 3,600 at most), to see the check on a machine that many times slower
// (docs/testing.md): `npm run burn & bash .ci/run`. Stops by itself at the deadline, or on Ctrl-C or SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';

function option(name: string, fallback: number, max: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} takes a whole number from 1 to ${max}.`);
    process.exit(2);
  }
  return value;
}

const processes = option('processes', os.availableParallelism(), 64);
const seconds = option('seconds', 900, 3_600);
const deadline = Date.now() + seconds * 1000;

// Each child spins until the deadline, so a burner whose parent was killed hard still stops.
const spin = `const end = ${deadline}; let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x += i; }`;
const children: ChildProcess[] = Array.from({ length: processes }, () =>
  spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }),
);
console.log(`Burning ${processes} processes for ${seconds} s (until ${new Date(deadline).toISOString()}).`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
console.log('The burner stopped.');
