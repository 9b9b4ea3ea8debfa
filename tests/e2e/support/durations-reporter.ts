import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type DurationRecord, writeDurations } from '../../../scripts/test-durations-file';

// How long each browser test took against its timeout, for `npm run test:durations` (docs/testing.md).
// A retried test counts its first run: the retry records a trace and runs slower on purpose.
export default class DurationsReporter implements Reporter {
  private readonly records: DurationRecord[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry > 0 || result.status === 'skipped') return;
    this.records.push({
      tool: 'playwright',
      project: test.parent.project()?.name ?? '',
      file: path.relative(process.cwd(), test.location.file),
      name: test.titlePath().slice(3).join(' › '),
      durationMs: result.duration,
      timeoutMs: test.timeout,
    });
  }

  onEnd(_result: FullResult) {
    writeDurations('playwright', this.records);
  }
}
