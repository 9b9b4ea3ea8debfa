import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Currency, currencies, minorUnitsOf } from '~/shared/currencies';
import { convertMinor, type ExchangeRate, rateFraction } from '~/shared/exchange-rate';
import type { RateBook } from '../kernels/money/rate-book';
import { planPayoutParts, reachesMinimum, staleRateOf } from './plan-payout-parts';

// A payout's parts over random balances, rates and margins (issue 55's property): converting never makes or
// loses a minor unit beyond what the recorded rate and the one rounding rule say, and the payout is exactly
// the sum of what its parts record.

const RUNS = 2_000;
const currency = fc.constantFrom(...currencies);
// Rates as the ECB publishes them, against the euro (0.3 KWD to 27,000 VND): 0.1 to 99,999, up to 4 decimals.
const euroRate = fc
  .tuple(fc.integer({ min: 1, max: 99_999 }), fc.integer({ min: 0, max: 4 }))
  .filter(([digits, decimals]) => digits >= 10 ** (decimals - 1))
  .map(([digits, decimals]) => {
    const text = String(digits).padStart(decimals + 1, '0');
    return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`.replace(/\.?0+$/, '');
  })
  .filter((rate) => rate !== '0' && rate !== '');

function bookOf(euroRates: Map<Currency, string>): RateBook {
  const book = new Map<string, ExchangeRate>();
  for (const [quote, rate] of euroRates) {
    if (quote !== 'EUR') book.set(`EUR>${quote}`, { base: 'EUR', quote, rate, date: '2026-11-27', source: 'ecb' });
  }
  return book;
}

const scenario = fc.record({
  payoutCurrency: currency,
  balances: fc.uniqueArray(fc.record({ currency, cents: fc.integer({ min: 0, max: 10_000_000_000 }) }), {
    minLength: 1,
    maxLength: 4,
    selector: (balance) => balance.currency,
  }),
  rates: fc.dictionary(currency, euroRate, { minKeys: currencies.length, maxKeys: currencies.length }),
  marginBasisPoints: fc.integer({ min: 0, max: 1_000 }),
});

describe('a payout planned from balances in several currencies', () => {
  it('is the sum of its parts, each converted within half a minor unit of the exact value at its rate', () => {
    fc.assert(
      fc.property(scenario, ({ payoutCurrency, balances, rates, marginBasisPoints }) => {
        const euroRates = new Map<Currency, string>(
          currencies.map((code) => [code, rates[code] ?? '1'] as [Currency, string]),
        );
        let plan: ReturnType<typeof planPayoutParts>;
        try {
          plan = planPayoutParts({ balances, payoutCurrency, book: bookOf(euroRates), marginBasisPoints });
        } catch (error) {
          // Past 2^53 minor units (a billion euros in dong) is refused, never rounded.
          expect(String(error)).toMatch(/too large to count/);
          return;
        }
        expect(plan.ok).toBe(true);
        if (!plan.ok) return;
        expect(plan.parts).toHaveLength(balances.length);
        expect(plan.amountCents).toBe(plan.parts.reduce((sum, part) => sum + part.amountCents, 0));
        for (const part of plan.parts) {
          const source = balances.find((balance) => balance.currency === part.sourceCurrency);
          expect(part.sourceCents).toBe(source?.cents);
          if (!part.rate) {
            // Its own currency: nothing converted, nothing kept.
            expect([part.sourceCurrency, part.amountCents, part.marginCents]).toEqual([
              payoutCurrency,
              part.sourceCents,
              0,
            ]);
            continue;
          }
          // The recorded rate recomputes the converted amount exactly: the margin-free conversion is what the
          // talent gets plus the margin, to the minor unit.
          const again = convertMinor({
            amount: part.sourceCents,
            from: part.sourceCurrency,
            to: payoutCurrency,
            rate: part.rate,
          });
          expect(part.amountCents + part.marginCents).toBe(again.amount);
          // Within half a minor unit of source × rate, exactly (BigInt, in halves).
          const { numerator, denominator } = rateFraction(part.rate.rate);
          const shift = minorUnitsOf(payoutCurrency) - minorUnitsOf(part.sourceCurrency);
          const exactNumerator = BigInt(part.sourceCents) * numerator * 10n ** BigInt(Math.max(shift, 0));
          const exactDenominator = denominator * 10n ** BigInt(Math.max(-shift, 0));
          const twiceError = 2n * BigInt(again.amount) * exactDenominator - 2n * exactNumerator;
          expect(twiceError >= -exactDenominator && twiceError <= exactDenominator).toBe(true);
          // The margin is its basis points of that amount, rounded half up once.
          const margin = (2n * BigInt(again.amount) * BigInt(marginBasisPoints) + 10_000n) / 20_000n;
          expect(part.marginCents).toBe(Number(margin));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('counts a cross rate beyond what a rate may be as missing, not as a failure', () => {
    const book = bookOf(
      new Map([
        ['UAH', '0.00001'],
        ['ZAR', '100001'],
      ]),
    );
    expect(
      planPayoutParts({ balances: [{ currency: 'ZAR', cents: 5 }], payoutCurrency: 'UAH', book, marginBasisPoints: 0 }),
    ).toEqual({
      ok: false,
      missing: { from: 'ZAR', to: 'UAH' },
    });
  });

  it('says which rate is missing, and which locked rate is too old', () => {
    const book = bookOf(new Map([['PHP', '61.2345']]));
    expect(
      planPayoutParts({
        balances: [{ currency: 'EUR', cents: 100 }],
        payoutCurrency: 'INR',
        book,
        marginBasisPoints: 0,
      }),
    ).toEqual({
      ok: false,
      missing: { from: 'EUR', to: 'INR' },
    });
    const plan = planPayoutParts({
      balances: [{ currency: 'EUR', cents: 10_000 }],
      payoutCurrency: 'PHP',
      book,
      marginBasisPoints: 0,
    });
    if (!plan.ok) throw new Error('planned');
    expect(plan.amountCents).toBe(612_345);
    expect(staleRateOf(plan.parts, 3, new Date('2026-11-30T12:00:00Z'))).toBeNull();
    expect(staleRateOf(plan.parts, 3, new Date('2026-12-01T00:00:00Z'))?.date).toBe('2026-11-27');
  });

  it('judges the minimum on the dollar value of every balance', () => {
    const book = bookOf(new Map([['USD', '1.25']]));
    // €16.00 is $20.00.
    expect(reachesMinimum([{ currency: 'EUR', cents: 1_600 }], 2_000, book)).toBe(true);
    expect(reachesMinimum([{ currency: 'EUR', cents: 1_599 }], 2_000, book)).toBe(false);
    expect(
      reachesMinimum(
        [
          { currency: 'EUR', cents: 800 },
          { currency: 'USD', cents: 1_000 },
        ],
        2_000,
        book,
      ),
    ).toBe(true);
    // No rate to value pesos: the line shows, as an exception to resolve, rather than hiding.
    expect(reachesMinimum([{ currency: 'PHP', cents: 1 }], 2_000, book)).toBe(true);
  });
});
