import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumWorkAmountCents, workAmountCents } from './work-amount';

describe('workAmountCents', () => {
  it('bills whole hours at the rate', () => {
    expect(workAmountCents(60, 4500)).toBe(4500);
    expect(workAmountCents(480, 4500)).toBe(36000);
    expect(workAmountCents(0, 4500)).toBe(0);
  });

  it('rounds half a cent up and less than half down', () => {
    // 1 minute at $0.30 an hour is half a cent.
    expect(workAmountCents(1, 30)).toBe(1);
    expect(workAmountCents(1, 29)).toBe(0);
    // 7 minutes at $12.34: 86.38333… cents.
    expect(workAmountCents(7, 1234)).toBe(144);
    expect(workAmountCents(1, 90)).toBe(2);
  });

  it('refuses fractions and negatives', () => {
    expect(() => workAmountCents(1.5, 100)).toThrow(RangeError);
    expect(() => workAmountCents(-1, 100)).toThrow(RangeError);
    expect(() => workAmountCents(10, 10.5)).toThrow(RangeError);
  });

  it('matches exact rational rounding for generated minutes and rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 7 * 1440 }), fc.integer({ min: 0, max: 1_000_000 }), (minutes, rate) => {
        const amount = workAmountCents(minutes, rate);
        const exact = BigInt(minutes) * BigInt(rate);
        // amount is the nearest cent, ties up: 60·amount − 30 ≤ exact < 60·amount + 30.
        expect(BigInt(amount) * 60n - 30n <= exact).toBe(true);
        expect(exact < BigInt(amount) * 60n + 30n).toBe(true);
        expect(Number.isInteger(amount)).toBe(true);
      }),
    );
  });

  it('is never more than half a cent away per day when summed', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ minutes: fc.integer({ min: 0, max: 1440 }), rateCents: fc.integer({ min: 100, max: 50_000 }) }),
          {
            maxLength: 7,
          },
        ),
        (days) => {
          const total = sumWorkAmountCents(days);
          const exactSixtieths = days.reduce((sum, day) => sum + day.minutes * day.rateCents, 0);
          expect(Math.abs(total * 60 - exactSixtieths)).toBeLessThanOrEqual(30 * days.length);
        },
      ),
    );
  });
});
