import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Currency, currencies, minorUnitsOf } from '~/shared/currencies';
import {
  convertMinor,
  crossRate,
  type ExchangeRate,
  invertRate,
  parseExchangeRate,
  parseRateDecimal,
  rateDecimalOf,
  rateFraction,
} from '~/shared/exchange-rate';

const rateOf = (base: Currency, quote: Currency, rate: string, source: ExchangeRate['source'] = 'ecb') => {
  const parsed = parseExchangeRate({ base, quote, rate, date: '2026-11-27', source });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

describe('parseRateDecimal', () => {
  it('keeps a decimal rate as written, in one spelling', () => {
    expect(parseRateDecimal('58.1234')).toEqual({ ok: true, value: '58.1234' });
    expect(parseRateDecimal(' 1.0850 ')).toEqual({ ok: true, value: '1.085' });
    expect(parseRateDecimal('007')).toEqual({ ok: true, value: '7' });
    expect(parseRateDecimal('58.1234567891')).toEqual({ ok: true, value: '58.1234567891' });
    // Leading zeros of a rate under one are not significant: ten digits after them.
    expect(parseRateDecimal('0.00003703703704')).toEqual({ ok: true, value: '0.00003703703704' });
  });

  it('refuses what is not a positive decimal with a sentence', () => {
    const notDecimal = (text: string) => ({
      ok: false,
      error: `A rate is a decimal number with a point, like 58.1234; “${text}” is not.`,
    });
    expect(parseRateDecimal('58,1234')).toEqual(notDecimal('58,1234'));
    expect(parseRateDecimal('-1.2')).toEqual(notDecimal('-1.2'));
    expect(parseRateDecimal('1e-5')).toEqual(notDecimal('1e-5'));
    expect(parseRateDecimal('.5')).toEqual(notDecimal('.5'));
    expect(parseRateDecimal('')).toEqual(notDecimal(''));
    expect(parseRateDecimal('0.000')).toEqual({ ok: false, error: 'A rate must be more than zero.' });
    expect(parseRateDecimal('58.12345678912')).toEqual({
      ok: false,
      error: 'A rate has at most 10 significant digits after the point.',
    });
    expect(parseRateDecimal('0.00000123456789012')).toEqual({
      ok: false,
      error: 'A rate has at most 10 significant digits after the point.',
    });
    expect(parseRateDecimal('0.0000000001')).toEqual({ ok: true, value: '0.0000000001' });
    expect(parseRateDecimal('0.00000000009')).toEqual({ ok: false, error: 'A rate is at least 0.0000000001.' });
    expect(parseRateDecimal('1234567890123')).toEqual({
      ok: false,
      error: 'A rate has at most 12 digits before the point.',
    });
  });
});

describe('parseExchangeRate', () => {
  it('reads a rate with its currencies, day and source', () => {
    expect(
      parseExchangeRate({ base: 'usd', quote: 'PHP', rate: '58.1234', date: '2026-11-27', source: 'file' }),
    ).toEqual({ ok: true, value: { base: 'USD', quote: 'PHP', rate: '58.1234', date: '2026-11-27', source: 'file' } });
  });

  it('refuses each bad field with a sentence', () => {
    const good = { base: 'EUR', quote: 'INR', rate: '90.12', date: '2026-11-27', source: 'ecb' };
    expect(parseExchangeRate({ ...good, base: 'XYZ' })).toEqual({
      ok: false,
      error: 'Tandem does not know the currency “XYZ”.',
    });
    expect(parseExchangeRate({ ...good, quote: 'EUR' })).toEqual({
      ok: false,
      error: 'A rate converts between two currencies, not EUR to itself.',
    });
    expect(parseExchangeRate({ ...good, date: '2026-02-30' })).toEqual({
      ok: false,
      error: 'A rate’s date is a day written YYYY-MM-DD; “2026-02-30” is not.',
    });
    expect(parseExchangeRate({ ...good, source: 'guess' })).toEqual({
      ok: false,
      error: 'A rate comes from the ECB, a file or an administrator, not “guess”.',
    });
    expect(parseExchangeRate({ ...good, rate: 'NaN' }).ok).toBe(false);
  });
});

describe('convertMinor', () => {
  it('converts at the rate and rounds half up once to the target’s minor unit', () => {
    const usdPhp = rateOf('USD', 'PHP', '58.1234');
    // $100.00 → ₱5,812.34 exactly.
    expect(convertMinor({ amount: 10000, from: 'USD', to: 'PHP', rate: usdPhp })).toEqual({
      amount: 581234,
      rateUsed: usdPhp,
      marginMinor: 0,
    });
    // $0.01 → ₱0.581234 → ₱0.58; $0.05 → ₱2.90617 → ₱2.91.
    expect(convertMinor({ amount: 1, from: 'USD', to: 'PHP', rate: usdPhp }).amount).toBe(58);
    expect(convertMinor({ amount: 5, from: 'USD', to: 'PHP', rate: usdPhp }).amount).toBe(291);
    // Exactly half a centavo goes up, less goes down: $0.01 at 0.5 is ½ centavo, at 0.4999999999 just under.
    expect(convertMinor({ amount: 1, from: 'USD', to: 'PHP', rate: rateOf('USD', 'PHP', '0.5') }).amount).toBe(1);
    expect(convertMinor({ amount: 1, from: 'USD', to: 'PHP', rate: rateOf('USD', 'PHP', '0.4999999999') }).amount).toBe(
      0,
    );
  });

  it('scales between currencies of different decimals', () => {
    // €12.34 at 25,000 VND a euro: 308,500 đồng (VND has no decimals).
    expect(convertMinor({ amount: 1234, from: 'EUR', to: 'VND', rate: rateOf('EUR', 'VND', '25000') }).amount).toBe(
      308500,
    );
    // 1 đồng at 0.00004 EUR: 0.004 cents → 0.
    expect(convertMinor({ amount: 1, from: 'VND', to: 'EUR', rate: rateOf('VND', 'EUR', '0.00004') }).amount).toBe(0);
    // $10.00 at 0.3075 KWD: 3.075 dinars = 3,075 fils (three decimals).
    expect(convertMinor({ amount: 1000, from: 'USD', to: 'KWD', rate: rateOf('USD', 'KWD', '0.3075') }).amount).toBe(
      3075,
    );
    // 1 fils at 3.252 USD per KWD: 0.3252 cents → 0; 2 fils → 0.6504 → 1 cent.
    expect(convertMinor({ amount: 2, from: 'KWD', to: 'USD', rate: rateOf('KWD', 'USD', '3.252') }).amount).toBe(1);
    // ¥1,000 at 0.0061 EUR: €6.10.
    expect(convertMinor({ amount: 1000, from: 'JPY', to: 'EUR', rate: rateOf('JPY', 'EUR', '0.0061') }).amount).toBe(
      610,
    );
  });

  it('takes the margin from the converted amount and records it', () => {
    const eurPhp = rateOf('EUR', 'PHP', '63.2107');
    // €1,000.00 → ₱63,210.70; 1.5 % of it is ₱948.1605 → ₱948.16.
    expect(convertMinor({ amount: 100000, from: 'EUR', to: 'PHP', rate: eurPhp, marginBasisPoints: 150 })).toEqual({
      amount: 6321070 - 94816,
      rateUsed: eurPhp,
      marginMinor: 94816,
    });
  });

  it('refuses what a caller must never send', () => {
    const usdPhp = rateOf('USD', 'PHP', '58.1234');
    expect(() => convertMinor({ amount: -1, from: 'USD', to: 'PHP', rate: usdPhp })).toThrow(RangeError);
    expect(() => convertMinor({ amount: 1.5, from: 'USD', to: 'PHP', rate: usdPhp })).toThrow(RangeError);
    expect(() => convertMinor({ amount: 1, from: 'EUR', to: 'PHP', rate: usdPhp })).toThrow(
      'A USD → PHP rate cannot convert EUR to PHP.',
    );
    expect(() => convertMinor({ amount: 1, from: 'USD', to: 'PHP', rate: usdPhp, marginBasisPoints: 10_001 })).toThrow(
      RangeError,
    );
    expect(() => convertMinor({ amount: Number.MAX_SAFE_INTEGER, from: 'USD', to: 'PHP', rate: usdPhp })).toThrow(
      'The converted amount is too large to count in minor units exactly.',
    );
  });
});

describe('invertRate and crossRate', () => {
  it('inverts to ten significant digits after the point, same day and source', () => {
    expect(invertRate(rateOf('EUR', 'VND', '27000'))).toEqual(rateOf('VND', 'EUR', '0.00003703703704'));
    expect(invertRate(rateOf('PHP', 'USD', '0.0172')).rate).toBe('58.1395348837');
    expect(invertRate(rateOf('USD', 'EUR', '0.5')).rate).toBe('2');
  });

  it('crosses two EUR rates, dated by the older, named by the less checkable source', () => {
    const eurUsd = { ...rateOf('EUR', 'USD', '1.0856'), date: '2026-11-26' };
    const eurPhp = rateOf('EUR', 'PHP', '63.2107', 'manual');
    // 63.2107 ÷ 1.0856 = 58.226510685335…
    expect(crossRate(eurUsd, eurPhp)).toEqual({
      base: 'USD',
      quote: 'PHP',
      rate: '58.2265106853',
      date: '2026-11-26',
      source: 'manual',
    });
    expect(() => crossRate(eurUsd, eurUsd)).toThrow(RangeError);
    expect(() => crossRate(invertRate(eurUsd), eurPhp)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties. Exact rationals in BigInt: n / d with d > 0.

interface Ratio {
  n: bigint;
  d: bigint;
}
const ratio = (n: bigint, d = 1n): Ratio => ({ n, d });
const times = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.n, d: a.d * b.d });
const plus = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const minus = (a: Ratio, b: Ratio): Ratio => plus(a, { n: -b.n, d: b.d });
const abs = (a: Ratio): Ratio => ({ n: a.n < 0n ? -a.n : a.n, d: a.d });
const atMost = (a: Ratio, b: Ratio) => a.n * b.d <= b.n * a.d;
const below = (a: Ratio, b: Ratio) => a.n * b.d < b.n * a.d;
const HALF = ratio(1n, 2n);
const MAX_SAFE = ratio(BigInt(Number.MAX_SAFE_INTEGER));

const rateValue = (rate: ExchangeRate): Ratio => {
  const { numerator, denominator } = rateFraction(rate.rate);
  return ratio(numerator, denominator);
};
// One minor unit of `from` in minor units of `to`, per unit of rate: 10^(to's decimals − from's).
const minorScale = (from: Currency, to: Currency): Ratio => {
  const shift = minorUnitsOf(to) - minorUnitsOf(from);
  return shift >= 0 ? ratio(10n ** BigInt(shift)) : ratio(1n, 10n ** BigInt(-shift));
};
// The exact rational value of a conversion, computed apart from the kernel.
const exactConversion = (amount: number, from: Currency, to: Currency, rate: ExchangeRate): Ratio =>
  times(times(ratio(BigInt(amount)), rateValue(rate)), minorScale(from, to));

const currencyPair = fc
  .tuple(fc.constantFrom(...currencies), fc.constantFrom(...currencies))
  .filter(([from, to]) => from !== to);

// Rates of up to ten significant digits over a wide range: from 10^-10 to 10^10, written as a decimal.
const rateText = fc
  .tuple(fc.bigInt({ min: 1n, max: 9_999_999_999n }), fc.integer({ min: 0, max: 20 }))
  .map(([mantissa, decimals]) => {
    const digits = mantissa.toString().padStart(decimals + 1, '0');
    return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  })
  .filter((text) => parseRateDecimal(text).ok);

const conversionCase = fc.record({
  pair: currencyPair,
  rate: rateText,
  amount: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 2_000_000_000 }), fc.maxSafeNat()),
  marginBasisPoints: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 500 })),
});

const RUNS = 4000;

describe('convertMinor, properties', () => {
  it('(a) lands within half a target minor unit of the exact value, ties up; (d) in safe integers', () => {
    fc.assert(
      fc.property(conversionCase, ({ pair: [from, to], rate: text, amount }) => {
        const rate = rateOf(from, to, text);
        const exact = exactConversion(amount, from, to, rate);
        if (!below(minus(exact, HALF), MAX_SAFE)) {
          expect(() => convertMinor({ amount, from, to, rate })).toThrow(RangeError);
          return;
        }
        const result = convertMinor({ amount, from, to, rate });
        const converted = ratio(BigInt(result.amount));
        // Half up: converted − ½ ≤ exact < converted + ½.
        expect(atMost(minus(converted, HALF), exact)).toBe(true);
        expect(below(exact, plus(converted, HALF))).toBe(true);
        expect(Number.isSafeInteger(result.amount) && Number.isSafeInteger(result.marginMinor)).toBe(true);
        expect(result.marginMinor).toBe(0);
        expect(result.rateUsed).toEqual(rate);
      }),
      { numRuns: RUNS },
    );
  });

  it('(b) there and back at the inverse rate moves an amount by no more than the recorded rates allow', () => {
    // Forward b = round(a·r·s), back c = round(b·r′/s), s = 10^(B's decimals − A's), each rounding off by at
    // most ½: c − a = a·(r·r′ − 1) + e₁·r′/s + e₂, so |c − a| ≤ a·|r·r′ − 1| + ½·r′/s + ½ — the recorded
    // rates' disagreement (r′ is 1 ÷ r to ten significant decimals) plus half a B unit in A units and half
    // an A unit. With r·r′ = 1 and a B unit worth less than an A unit (r′/s < 1), that is under one A unit:
    // c = a exactly.
    fc.assert(
      fc.property(conversionCase, ({ pair: [from, to], rate: text, amount }) => {
        const forward = rateOf(from, to, text);
        let back: ExchangeRate;
        try {
          back = invertRate(forward);
        } catch {
          // 1 ÷ r past what a rate may record (more than 12 integer digits): no rate to come back at.
          return;
        }
        const there = exactConversion(amount, from, to, forward);
        fc.pre(below(plus(there, HALF), MAX_SAFE));
        const b = convertMinor({ amount, from, to, rate: forward }).amount;
        fc.pre(below(plus(exactConversion(b, to, from, back), HALF), MAX_SAFE));
        const c = convertMinor({ amount: b, from: to, to: from, rate: back }).amount;

        const a = ratio(BigInt(amount));
        const rr = times(rateValue(forward), rateValue(back));
        const bound = plus(
          plus(times(a, abs(minus(rr, ratio(1n)))), times(HALF, times(rateValue(back), minorScale(to, from)))),
          HALF,
        );
        expect(atMost(abs(minus(ratio(BigInt(c)), a)), bound)).toBe(true);
        expect(Number.isSafeInteger(b) && Number.isSafeInteger(c)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('(c) what the company pays less what the talent receives is the recorded margin, to the minor unit', () => {
    fc.assert(
      fc.property(conversionCase, ({ pair: [from, to], rate: text, amount, marginBasisPoints }) => {
        const rate = rateOf(from, to, text);
        fc.pre(below(plus(exactConversion(amount, from, to, rate), HALF), MAX_SAFE));
        const paid = convertMinor({ amount, from, to, rate }).amount;
        const received = convertMinor({ amount, from, to, rate, marginBasisPoints });
        expect(paid - received.amount).toBe(received.marginMinor);
        // The margin is its basis points of the converted amount, half up once.
        const exactMargin = ratio(BigInt(paid) * BigInt(marginBasisPoints), 10_000n);
        const margin = ratio(BigInt(received.marginMinor));
        expect(atMost(minus(margin, HALF), exactMargin) && below(exactMargin, plus(margin, HALF))).toBe(true);
        expect(received.amount >= 0 && received.marginMinor >= 0).toBe(true);
        expect(Number.isSafeInteger(received.amount) && Number.isSafeInteger(received.marginMinor)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('rates, properties', () => {
  // The decimals a rate of this value is recorded to: ten, after the leading zeros of a value under one.
  const recordedDecimals = (value: Ratio): bigint => {
    let zeros = 0n;
    if (value.n < value.d) while (value.n * 10n ** (zeros + 1n) < value.d) zeros += 1n;
    return 10n + zeros;
  };
  const halfLastDigit = (value: Ratio) => ratio(1n, 2n * 10n ** recordedDecimals(value));

  it('a recorded rate reads back as itself', () => {
    fc.assert(
      fc.property(rateText, (text) => {
        const parsed = parseRateDecimal(text);
        if (!parsed.ok) throw new Error(parsed.error);
        const { numerator, denominator } = rateFraction(parsed.value);
        expect(rateDecimalOf(numerator, denominator)).toBe(parsed.value);
      }),
      { numRuns: RUNS },
    );
  });

  it('an inverse and a cross rate are within half their last digit of the exact value', () => {
    const eurRate = fc
      .tuple(fc.constantFrom(...currencies.filter((code) => code !== 'EUR')), rateText)
      .map(([quote, text]) => rateOf('EUR', quote, text));
    fc.assert(
      fc.property(eurRate, eurRate, (eurToA, eurToB) => {
        fc.pre(eurToA.quote !== eurToB.quote);
        const exactCross = times(rateValue(eurToB), { n: rateValue(eurToA).d, d: rateValue(eurToA).n });
        let cross: ExchangeRate;
        try {
          cross = crossRate(eurToA, eurToB);
        } catch (error) {
          // Only a ratio no rate may record (over 12 integer digits, or under 10^-10) is refused.
          expect(error).toBeInstanceOf(RangeError);
          expect(atMost(ratio(10n ** 12n - 1n), exactCross) || below(exactCross, ratio(1n, 10n ** 10n))).toBe(true);
          return;
        }
        expect(atMost(abs(minus(rateValue(cross), exactCross)), halfLastDigit(exactCross))).toBe(true);
        expect([cross.base, cross.quote]).toEqual([eurToA.quote, eurToB.quote]);

        const inverse = invertRate(eurToA);
        const exactInverse = { n: rateValue(eurToA).d, d: rateValue(eurToA).n };
        expect(atMost(abs(minus(rateValue(inverse), exactInverse)), halfLastDigit(exactInverse))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
