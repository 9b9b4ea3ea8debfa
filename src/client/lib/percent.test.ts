import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints } from './percent';

describe('percentages and basis points', () => {
  it('reads a typed percentage as whole basis points, from the digits, not through a float', () => {
    expect(percentToBasisPoints('8.25')).toBe(825);
    expect(percentToBasisPoints('8.29')).toBe(829);
    expect(percentToBasisPoints('0.07')).toBe(7);
    expect(percentToBasisPoints('10')).toBe(1000);
    expect(percentToBasisPoints('10.')).toBe(1000);
    expect(percentToBasisPoints('8.5')).toBe(850);
    expect(percentToBasisPoints('.5')).toBe(50);
    expect(percentToBasisPoints(' 20 % ')).toBe(2000);
    expect(percentToBasisPoints('007.10')).toBe(710);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
  });

  it('refuses what is not a percentage with at most two decimals', () => {
    for (const typed of ['', ' ', '.', '8.255', '-1', '8,25', '1e2', 'abc', '8.2.5', '%', '1234567']) {
      expect(percentToBasisPoints(typed), typed).toBeNaN();
    }
  });

  it('writes basis points back as the box shows them, with two decimals', () => {
    expect(basisPointsToPercent(825)).toBe('8.25');
    expect(basisPointsToPercent(1000)).toBe('10.00');
    expect(basisPointsToPercent(7)).toBe('0.07');
    expect(basisPointsToPercent(0)).toBe('0.00');
    for (const basisPoints of [0, 1, 99, 100, 825, 1050, 9999, 10_000]) {
      expect(percentToBasisPoints(basisPointsToPercent(basisPoints))).toBe(basisPoints);
    }
  });
});
