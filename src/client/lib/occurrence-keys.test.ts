import { describe, expect, it } from 'vitest';
import { occurrenceKeys } from './occurrence-keys';

describe('occurrenceKeys', () => {
  it('gives repeated items distinct keys that do not depend on what follows', () => {
    expect(occurrenceKeys(['a', 'b', 'a'], (item) => item)).toEqual(['a#0', 'b#0', 'a#1']);
    expect(occurrenceKeys(['a', 'b', 'a', 'c'], (item) => item).slice(0, 3)).toEqual(['a#0', 'b#0', 'a#1']);
  });
});
