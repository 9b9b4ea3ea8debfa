// `npm run test:durations`: the tests of the last run that took more than a third of their timeout, slowest
// share first — what would time out on a machine three times slower (docs/testing.md). Reads what the
// reporters of `npm test` wrote (vitest, then Playwright); `--top N` also lists the N slowest of all.
// Exits 1 when the list is not empty.
import { type DurationRecord, isNearLimit, NEAR_LIMIT_SHARE, readDurations } from './test-durations-file';

const topIndex = process.argv.indexOf('--top');
const top = topIndex >= 0 ? Number(process.argv[topIndex + 1] ?? 20) : 0;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const line = (record: DurationRecord) =>
  `${Math.round((record.durationMs / record.timeoutMs) * 100)
    .toString()
    .padStart(
      4,
    )} %  ${seconds(record.durationMs).padStart(7)} of ${seconds(record.timeoutMs).padStart(6)}  ${record.tool} ${record.project}  ${record.file} › ${record.name}`;

let nearLimit = 0;
let found = 0;
for (const tool of ['vitest', 'playwright'] as const) {
  const report = readDurations(tool);
  if (!report) {
    console.log(
      `${tool}: no durations yet — run npm test (or npx ${tool === 'vitest' ? 'vitest run' : 'playwright test'}).`,
    );
    continue;
  }
  found++;
  const byShare = [...report.records].sort((a, b) => b.durationMs / b.timeoutMs - a.durationMs / a.timeoutMs);
  const near = byShare.filter(isNearLimit);
  nearLimit += near.length;
  console.log(
    `${tool}: ${report.records.length} durations from the run of ${report.writtenAt}; ${near.length} above ${Math.round(NEAR_LIMIT_SHARE * 100)} % of their timeout.`,
  );
  for (const record of near) console.log(line(record));
  if (top > 0) {
    console.log(`  the ${top} slowest:`);
    for (const record of [...report.records].sort((a, b) => b.durationMs - a.durationMs).slice(0, top))
      console.log(line(record));
  }
}
if (found === 0) process.exit(2);
process.exit(nearLimit > 0 ? 1 : 0);
