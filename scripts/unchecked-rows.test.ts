import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Raw SQL rows are parsed where the query is (db/select-rows.ts selectRows with a zod row); the older
// selectUncheckedRows<Row> takes the caller's word for the columns. Its calls only go down: a file that
// still has one converts them when it is next changed, and this number is lowered with them.
const UNCHECKED_CALLS_LEFT = 12;

function countUncheckedCalls(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const root of ['src', 'scripts']) {
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (file === path.join('src', 'server', 'db', 'select-rows.ts') || file.endsWith('unchecked-rows.test.ts'))
        continue;
      const calls = fs.readFileSync(file, 'utf8').match(/\bselectUncheckedRows</g)?.length ?? 0;
      if (calls > 0) counts.set(file, calls);
    }
  }
  return counts;
}

describe('raw SQL rows', () => {
  it('are parsed by a schema in production code, and unchecked calls in tests only go down', () => {
    const counts = countUncheckedCalls();
    expect([...counts.keys()].filter((file) => !/\.test\.tsx?$/.test(file))).toEqual([]);
    expect([...counts.values()].reduce((sum, calls) => sum + calls, 0)).toBeLessThanOrEqual(UNCHECKED_CALLS_LEFT);
  });
});
