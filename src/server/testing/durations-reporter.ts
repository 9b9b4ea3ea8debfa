import path from 'node:path';
import { experimental_getRunnerTask, type Reporter, type TestCase, type TestModule, type TestSuite } from 'vitest/node';
import { type DurationRecord, writeDurations } from '../../../scripts/test-durations-file';

// Writes how long each test and each suite's own hooks took, beside the limit they ran under, for
// `npm run test:durations` (docs/testing.md): a test that takes a third of its timeout on a fast machine
// times out on a machine four times slower, as CI's sometimes is.
export default class DurationsReporter implements Reporter {
  private readonly records: DurationRecord[] = [];

  onTestModuleEnd(testModule: TestModule) {
    const project = testModule.project.name;
    const file = path.relative(process.cwd(), testModule.moduleId);
    const hookTimeout = testModule.project.config.hookTimeout;
    const visit = (parent: TestModule | TestSuite) => {
      let childrenMs = 0;
      for (const child of parent.children) {
        if (child.type === 'test') {
          const record = this.testRecord(child, project, file);
          if (record) {
            this.records.push(record);
            childrenMs += record.durationMs;
          }
        } else {
          childrenMs += visit(child);
        }
      }
      // A suite's beforeAll and afterAll hooks: its time less its children's (for a file, less its import).
      const totalMs =
        parent.type === 'module'
          ? parent.diagnostic().duration
          : (experimental_getRunnerTask(parent).result?.duration ?? childrenMs);
      const ownMs = Math.max(0, totalMs - childrenMs);
      this.records.push({
        tool: 'vitest',
        project,
        file,
        name: parent.type === 'module' ? '(hooks of the file)' : `${parent.fullName} (hooks)`,
        durationMs: Math.round(ownMs),
        timeoutMs: hookTimeout,
      });
      return totalMs;
    };
    visit(testModule);
  }

  private testRecord(test: TestCase, project: string, file: string): DurationRecord | undefined {
    const diagnostic = test.diagnostic();
    if (!diagnostic || test.result().state === 'skipped') return undefined;
    return {
      tool: 'vitest',
      project,
      file,
      name: test.fullName,
      durationMs: Math.round(diagnostic.duration),
      timeoutMs: test.options.timeout ?? test.project.config.testTimeout,
    };
  }

  onTestRunEnd() {
    writeDurations('vitest', this.records);
  }
}
