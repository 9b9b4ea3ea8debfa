import { describe, expect, it } from 'vitest';
import { type Crossing, featureLoops, findCrossings } from './feature-imports';

const crossing = (from: string, to: string): Crossing => ({ file: `${from}.ts`, line: 1, from, to, specifier: to });

// Server features import each other one way (decision 015): a loop, however long, makes every feature in
// it depend on every other, so none can be understood, tested or moved alone.
describe('server feature imports', () => {
  it('make no loop', () => {
    expect(featureLoops(findCrossings())).toEqual([]);
  });

  it('are found in loops however long, and a one-way chain is no loop', () => {
    expect(
      featureLoops([
        crossing('a', 'b'),
        crossing('b', 'c'),
        crossing('c', 'a'),
        crossing('c', 'd'),
        crossing('e', 'f'),
        crossing('f', 'e'),
        crossing('g', 'a'),
      ]),
    ).toEqual([
      ['a', 'b', 'c'],
      ['e', 'f'],
    ]);
    expect(featureLoops([crossing('a', 'b'), crossing('b', 'c')])).toEqual([]);
  });
});
