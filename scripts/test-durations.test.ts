import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DurationRecord } from './test-durations-file';

const root = path.resolve(import.meta.dirname, '..');

function runDurations(directory: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/test-durations.ts')],
      { cwd: root, env: { PATH: process.env.PATH, TEST_DURATIONS_DIR: directory } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const record = (name: string, durationMs: number, timeoutMs: number): DurationRecord => ({
  tool: 'vitest',
  project: 'db-pglite',
  file: 'src/server/jobs/jobs.test.ts',
  name,
  durationMs,
  timeoutMs,
});

describe('npm run test:durations', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-durations-'));
  });
  afterAll(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  const write = (records: DurationRecord[]) =>
    fs.writeFile(
      path.join(directory, 'durations-vitest.json'),
      JSON.stringify({ writtenAt: '2026-11-27T12:00:00.000Z', records }),
    );

  it('lists the tests above a third of their timeout, slowest share first, and fails', async () => {
    await write([
      record('publishes a job', 2_000, 20_000),
      record('archives a job', 9_000, 20_000),
      record('closes a job', 6_800, 20_000),
    ]);
    const { code, output } = await runDurations(directory);
    expect(code).toBe(1);
    expect(output).toContain(
      'vitest: 3 durations from the run of 2026-11-27T12:00:00.000Z; 2 above 33 % of their timeout.',
    );
    const archives = output.indexOf('9.0 s of 20.0 s  vitest db-pglite  src/server/jobs/jobs.test.ts › archives a job');
    const closes = output.indexOf('6.8 s of 20.0 s  vitest db-pglite  src/server/jobs/jobs.test.ts › closes a job');
    expect(archives).toBeGreaterThan(0);
    expect(closes).toBeGreaterThan(archives);
    expect(output).not.toContain('publishes a job');
    expect(output).toContain('playwright: no durations yet');
  });

  it('passes when every test stays within a third of its limit', async () => {
    await write([record('publishes a job', 6_600, 20_000)]);
    const { code, output } = await runDurations(directory);
    expect(code).toBe(0);
    expect(output).toContain('0 above 33 % of their timeout.');
  });
});
