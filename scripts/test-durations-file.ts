import fs from 'node:fs';
import path from 'node:path';

// Where each runner's reporter writes how long its tests took, and what `npm run test:durations` reads.
// One file per runner, replaced by each full run (a run of some files writes only what it ran).

export interface DurationRecord {
  tool: 'vitest' | 'playwright';
  project: string;
  file: string;
  name: string;
  durationMs: number;
  timeoutMs: number;
}

export interface DurationsReport {
  writtenAt: string;
  records: DurationRecord[];
}

// TEST_DURATIONS_DIR: elsewhere, for the script's own test.
const directoryOf = () =>
  process.env.TEST_DURATIONS_DIR ?? path.resolve(import.meta.dirname, '../node_modules/.cache/tandem-test');

export const durationsFile = (tool: DurationRecord['tool']) => path.join(directoryOf(), `durations-${tool}.json`);

export function writeDurations(tool: DurationRecord['tool'], records: DurationRecord[]) {
  fs.mkdirSync(directoryOf(), { recursive: true });
  const report: DurationsReport = { writtenAt: new Date().toISOString(), records };
  fs.writeFileSync(durationsFile(tool), `${JSON.stringify(report)}\n`);
}

export function readDurations(tool: DurationRecord['tool']): DurationsReport | undefined {
  try {
    return JSON.parse(fs.readFileSync(durationsFile(tool), 'utf8')) as DurationsReport;
  } catch {
    return undefined;
  }
}

// A test that takes more than this share of its timeout fails on a machine that many times slower.
export const NEAR_LIMIT_SHARE = 1 / 3;

export const isNearLimit = (record: DurationRecord) =>
  record.timeoutMs > 0 && record.durationMs > record.timeoutMs * NEAR_LIMIT_SHARE;
