import { type Currency, isCurrency, minorUnitsOf } from '~/shared/currencies';

// An exchange rate as a value (issue 55, decision 049): one unit of `base` is worth `rate` units of `quote`
// on `date`, as published by `source`. The rate is a decimal string, never a float, so the figure a
// conversion records is the figure it computed with, digit for digit.
export type RateSource = 'ecb' | 'file' | 'manual';
export const rateSources = ['ecb', 'file', 'manual'] as const satisfies readonly RateSource[];

export interface ExchangeRate {
  base: Currency;
  quote: Currency;
  // '58.1234': digits, a point and at most 10 significant digits after it (see parseRateDecimal).
  rate: string;
  // 'YYYY-MM-DD': the day the source published it for.
  date: string;
  source: RateSource;
}

// At most 10 significant digits after the point: a rate of 58.1234567891 keeps ten decimals, one of
// 0.00003703703704 (EUR per VND) its leading zeros and ten digits after them. Ten is five more than the ECB
// publishes, so an inverted or cross rate loses nothing a ledger can see (decision 049). A rate lies from
// 10^-10 (nine zeros after the point) to under 10^12, which bounds the arithmetic and keeps every rate's
// inverse a rate too.
export const RATE_SIGNIFICANT_DECIMALS = 10;
const RATE_MAX_LEADING_ZEROS = 9;
const RATE_MAX_INTEGER_DIGITS = 12;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

// A rate's decimal as an exact fraction: '58.1234' → 581234 / 10^4.
export interface RateFraction {
  numerator: bigint;
  denominator: bigint;
}

// The rate's text, checked: '58.1234', '0.0000370370', '1'. No sign, exponent, comma or spaces inside; zero
// is no rate. Trailing zeros after the point are dropped so one rate has one spelling.
export function parseRateDecimal(text: string): Parsed<string> {
  const trimmed = text.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (!match) return { ok: false, error: `A rate is a decimal number with a point, like 58.1234; “${text}” is not.` };
  const integerPart = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (/^0*$/.test(integerPart + decimals)) return { ok: false, error: 'A rate must be more than zero.' };
  if (integerPart.length > RATE_MAX_INTEGER_DIGITS) {
    return { ok: false, error: `A rate has at most ${RATE_MAX_INTEGER_DIGITS} digits before the point.` };
  }
  const leadingZeros = integerPart === '0' ? (/^0*/.exec(decimals)?.[0].length ?? 0) : 0;
  if (leadingZeros > RATE_MAX_LEADING_ZEROS) return { ok: false, error: 'A rate is at least 0.0000000001.' };
  if (decimals.length - leadingZeros > RATE_SIGNIFICANT_DECIMALS) {
    return { ok: false, error: `A rate has at most ${RATE_SIGNIFICANT_DECIMALS} significant digits after the point.` };
  }
  return { ok: true, value: decimals ? `${integerPart}.${decimals}` : integerPart };
}

// A calendar day written YYYY-MM-DD that exists (no 2026-02-30).
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

// A rate as an administrator enters it, a file lists it or the ECB's XML carries it, checked field by field;
// a refusal is a sentence for the person or the import report.
export function parseExchangeRate(input: {
  base: string;
  quote: string;
  rate: string;
  date: string;
  source: string;
}): Parsed<ExchangeRate> {
  const base = input.base.trim().toUpperCase();
  const quote = input.quote.trim().toUpperCase();
  if (!isCurrency(base)) return { ok: false, error: `Tandem does not know the currency “${input.base}”.` };
  if (!isCurrency(quote)) return { ok: false, error: `Tandem does not know the currency “${input.quote}”.` };
  if (base === quote) return { ok: false, error: `A rate converts between two currencies, not ${base} to itself.` };
  const rate = parseRateDecimal(input.rate);
  if (!rate.ok) return rate;
  const date = input.date.trim();
  if (!isCalendarDay(date))
    return { ok: false, error: `A rate’s date is a day written YYYY-MM-DD; “${input.date}” is not.` };
  const source = rateSources.find((known) => known === input.source);
  if (!source)
    return { ok: false, error: `A rate comes from the ECB, a file or an administrator, not “${input.source}”.` };
  return { ok: true, value: { base, quote, rate: rate.value, date, source } };
}

export function rateFraction(rate: string): RateFraction {
  const [integerPart = '', decimals = ''] = rate.split('.');
  return { numerator: BigInt(integerPart + decimals), denominator: 10n ** BigInt(decimals.length) };
}

// The exact value numerator / denominator (positive) as a rate decimal: rounded half up at the 10th
// significant digit after the point (the 10th decimal for a value of 1 or more). Throws when the value
// falls outside what a rate may be (12 integer digits or more, or under 10^-10).
export function rateDecimalOf(numerator: bigint, denominator: bigint): string {
  if (numerator <= 0n || denominator <= 0n) throw new RangeError('A rate must be more than zero.');
  let decimals = RATE_SIGNIFICANT_DECIMALS;
  if (numerator < denominator) {
    // Leading zeros after the point: the first k with numerator·10^(k+1) ≥ denominator.
    let leadingZeros = 0;
    while (numerator * 10n ** BigInt(leadingZeros + 1) < denominator) leadingZeros += 1;
    decimals += leadingZeros;
  }
  if (decimals > RATE_SIGNIFICANT_DECIMALS + RATE_MAX_LEADING_ZEROS)
    throw new RangeError('A rate is at least 0.0000000001.');
  const scaled = (2n * numerator * 10n ** BigInt(decimals) + denominator) / (2n * denominator);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const parsed = parseRateDecimal(`${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`);
  if (!parsed.ok) throw new RangeError(parsed.error);
  return parsed.value;
}

// quote → base: 1 ÷ rate, to the rate's precision, same day and source. Not exact (1 ÷ 58.1234 has no end),
// which is why a conversion records the rate it used rather than the rate it was derived from.
export function invertRate(rate: ExchangeRate): ExchangeRate {
  const { numerator, denominator } = rateFraction(rate.rate);
  return { ...rate, base: rate.quote, quote: rate.base, rate: rateDecimalOf(denominator, numerator) };
}

// The source a derived rate names: the least checkable of its parts (a manual rate over an ECB one is manual).
const sourceRank: Record<RateSource, number> = { ecb: 0, file: 1, manual: 2 };

// A → B from the ECB's EUR → A and EUR → B (the ECB quotes everything against the euro): (EUR→B) ÷ (EUR→A),
// rounded half up once at the 10th significant digit after the point, so the recorded rate is within half a
// unit of its last digit of the exact ratio of the two published rates. It is dated by the older of the two,
// so a staleness check sees its oldest part.
export function crossRate(eurToA: ExchangeRate, eurToB: ExchangeRate): ExchangeRate {
  if (eurToA.base !== 'EUR' || eurToB.base !== 'EUR') throw new RangeError('A cross rate is made of two EUR rates.');
  if (eurToA.quote === eurToB.quote)
    throw new RangeError(`A cross rate needs two currencies, not ${eurToA.quote} twice.`);
  const a = rateFraction(eurToA.rate);
  const b = rateFraction(eurToB.rate);
  return {
    base: eurToA.quote,
    quote: eurToB.quote,
    rate: rateDecimalOf(b.numerator * a.denominator, b.denominator * a.numerator),
    date: eurToA.date < eurToB.date ? eurToA.date : eurToB.date,
    source: sourceRank[eurToA.source] >= sourceRank[eurToB.source] ? eurToA.source : eurToB.source,
  };
}

const BASIS_POINTS_PER_WHOLE = 10_000n;

// a ÷ b rounded half up (a ≥ 0, b > 0), the house's one rounding rule (decision 047).
const divideHalfUp = (dividend: bigint, divisor: bigint): bigint => (2n * dividend + divisor) / (2n * divisor);

export interface Conversion {
  // What the receiver gets, in minor units of `to`: the converted amount less the margin.
  amount: number;
  // The rate applied, recorded with the conversion (its date and source with it).
  rateUsed: ExchangeRate;
  // The FX margin kept, in minor units of `to`; amount + marginMinor is the converted amount before it.
  marginMinor: number;
}

// An integer amount of `from` minor units in `to` minor units at `rate`, exactly: amount × rate × 10^(to's
// decimals − from's), in BigInt, rounded half up once to the target's minor unit; then the FX margin, basis
// points of that converted amount, rounded half up once and taken from it. So what the payer's side converts
// to, less what the receiver gets, is the recorded margin to the minor unit. Amounts are zero or more: a
// refund converts the amount it returns and posts it the other way.
export function convertMinor({
  amount,
  from,
  to,
  rate,
  marginBasisPoints = 0,
}: {
  amount: number;
  from: Currency;
  to: Currency;
  rate: ExchangeRate;
  marginBasisPoints?: number;
}): Conversion {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError('An amount must be a whole number of minor units, zero or more.');
  }
  if (!Number.isSafeInteger(marginBasisPoints) || marginBasisPoints < 0 || marginBasisPoints > 10_000) {
    throw new RangeError('An FX margin is whole basis points from 0 to 10,000.');
  }
  if (rate.base !== from || rate.quote !== to) {
    throw new RangeError(`A ${rate.base} → ${rate.quote} rate cannot convert ${from} to ${to}.`);
  }
  const { numerator, denominator } = rateFraction(rate.rate);
  const decimalShift = minorUnitsOf(to) - minorUnitsOf(from);
  const scaledNumerator = BigInt(amount) * numerator * 10n ** BigInt(Math.max(decimalShift, 0));
  const scaledDenominator = denominator * 10n ** BigInt(Math.max(-decimalShift, 0));
  const converted = divideHalfUp(scaledNumerator, scaledDenominator);
  if (converted > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('The converted amount is too large to count in minor units exactly.');
  }
  const margin = divideHalfUp(converted * BigInt(marginBasisPoints), BASIS_POINTS_PER_WHOLE);
  return { amount: Number(converted - margin), rateUsed: rate, marginMinor: Number(margin) };
}
