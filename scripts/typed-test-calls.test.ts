import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Server tests call the API through its contracts (testing/contract-client.ts: `account.call(contract.x,
// { params, query, body })`, the answer typed and parsed by the contract), not with a path written out and a
// body cast to a hand-named type. What the older form still holds only goes down: a test file converts its
// calls when it is next changed, and these numbers are lowered with them.
const PATH_LITERALS_LEFT = 1560;
const CAST_BODIES_LEFT = 183;

function serverTestTexts(): string[] {
  return fs
    .readdirSync('src/server', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
}

const count = (texts: string[], pattern: RegExp) =>
  texts.reduce((sum, text) => sum + (text.match(pattern)?.length ?? 0), 0);

describe('server tests', () => {
  const texts = serverTestTexts();

  it('write no more API paths by hand than they did', () => {
    expect(count(texts, /['`]\/api\//g)).toBeLessThanOrEqual(PATH_LITERALS_LEFT);
  });

  it('cast no more response bodies to a hand-named type than they did', () => {
    expect(count(texts, /json\(\) as |\.json</g)).toBeLessThanOrEqual(CAST_BODIES_LEFT);
  });
});
