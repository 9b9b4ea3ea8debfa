import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    for (const email of ['ada@example.test', 'first.last+tag@mail.co.uk', 'x@a.b']) {
      expect(isValidEmail(email), email).toBe(true);
    }
    for (const email of [
      'ada',
      'ada@',
      '@example.test',
      'ada@example',
      'a b@example.test',
      'a@b..c',
      'a@.b',
      'a@b.',
      'a@b@c.d',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(250)}@b.cd`)).toBe(false);
  });

  it('answers at once for input built to make a pattern backtrack', () => {
    const hostile = `a@${'.a'.repeat(200_000)}@`;
    const startedAt = performance.now();
    expect(isValidEmail(hostile)).toBe(false);
    expect(/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(hostile)).toBe(false);
    // Linear: well under a millisecond per thousand characters, where the old pattern took ~450 ms at 40k.
    expect(performance.now() - startedAt).toBeLessThan(100);
  });
});
