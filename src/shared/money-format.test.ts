import { describe, expect, it } from 'vitest';
import { formatCents } from './billing-texts';
import { formatMoney, minorToDecimal, parseMoney, setReaderLocale } from './money-format';

// Intl writes some spaces as U+00A0 or U+202F; the tests compare what a reader sees.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('writes two-decimal currencies in the reader’s locale', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(-500, 'USD')).toBe('-$5.00');
    expect(formatMoney(5, 'USD')).toBe('$0.05');
    expect(plain(formatMoney(123450, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(formatMoney(123456789, 'INR', 'en-IN')).toBe('₹12,34,567.89');
    expect(formatMoney(123456789, 'PHP', 'fil-PH')).toBe('₱1,234,567.89');
  });

  it('writes a currency with no decimals as whole units', () => {
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(plain(formatMoney(1234567, 'VND', 'de-DE'))).toBe('1.234.567 ₫');
  });

  it('writes a currency with three decimals to the thousandth', () => {
    expect(plain(formatMoney(1234, 'KWD'))).toBe('KWD 1.234');
    expect(plain(formatMoney(1234567, 'BHD'))).toBe('BHD 1,234.567');
    expect(plain(formatMoney(-5, 'KWD'))).toBe('-KWD 0.005');
  });

  it('keeps the ISO decimals where the locale data rounds them away', () => {
    // CLDR writes IDR with no decimals; the ledger counts hundredths.
    expect(formatMoney(1234550, 'IDR')).toBe('IDR 12,345.50'.replace(' ', '\u00a0'));
  });

  it('writes amounts beyond a float’s exact cents digit for digit', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'USD')).toBe('$90,071,992,547,409.91');
    expect(minorToDecimal(Number.MAX_SAFE_INTEGER, 3)).toBe('9007199254740.991');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatMoney(1.5, 'USD')).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('reads what a reader types in their locale', () => {
    expect(parseMoney('1,234.56', 'USD')).toEqual({ ok: true, minor: 123456 });
    expect(parseMoney(' $1,234.5 ', 'USD')).toEqual({ ok: true, minor: 123450 });
    expect(parseMoney('12', 'USD')).toEqual({ ok: true, minor: 1200 });
    expect(parseMoney('.05', 'USD')).toEqual({ ok: true, minor: 5 });
    expect(parseMoney('1.234,56 €', 'EUR', 'de-DE')).toEqual({ ok: true, minor: 123456 });
    expect(parseMoney('12,34,567.89', 'INR', 'en-IN')).toEqual({ ok: true, minor: 123456789 });
    expect(parseMoney('₱1,234,567.89', 'PHP', 'fil-PH')).toEqual({ ok: true, minor: 123456789 });
    expect(parseMoney('1 234,56', 'EUR', 'fr-FR')).toEqual({ ok: true, minor: 123456 });
    expect(parseMoney('usd 10', 'USD')).toEqual({ ok: true, minor: 1000 });
  });

  it('reads back what formatMoney wrote', () => {
    const cases = [
      [123456789, 'USD', 'en-US'],
      [123456789, 'EUR', 'de-DE'],
      [123456789, 'INR', 'en-IN'],
      [123456789, 'PHP', 'fil-PH'],
      [123456789, 'JPY', 'ja-JP'],
      [123456789, 'KWD', 'ar-KW'],
      [123456789, 'BHD', 'en-US'],
      [Number.MAX_SAFE_INTEGER, 'KWD', 'en-US'],
      [0, 'VND', 'vi-VN'],
    ] as const;
    for (const [minor, currency, locale] of cases) {
      expect(parseMoney(formatMoney(minor, currency, locale), currency, locale)).toEqual({ ok: true, minor });
    }
  });

  it('counts in the currency’s own minor unit', () => {
    expect(parseMoney('1,000', 'JPY')).toEqual({ ok: true, minor: 1000 });
    expect(parseMoney('1,000.00', 'JPY')).toEqual({ ok: true, minor: 1000 });
    expect(parseMoney('1.5', 'KWD')).toEqual({ ok: true, minor: 1500 });
    expect(parseMoney('0.005', 'BHD')).toEqual({ ok: true, minor: 5 });
  });

  it('refuses digits past the currency’s decimals with a sentence', () => {
    expect(parseMoney('1.005', 'USD')).toEqual({
      ok: false,
      error: 'A USD amount has at most 2 decimals, like 1,234.56.',
    });
    expect(parseMoney('10.5', 'JPY')).toEqual({ ok: false, error: 'A JPY amount has no decimals, like 123,456.' });
    expect(parseMoney('0.0001', 'KWD')).toEqual({
      ok: false,
      error: 'A KWD amount has at most 3 decimals, like 123.456.',
    });
  });

  it('refuses what is not an amount with a sentence in the reader’s format', () => {
    expect(parseMoney('', 'USD')).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseMoney('  ', 'USD')).toEqual({ ok: false, error: 'Enter an amount.' });
    expect(parseMoney('-5', 'USD')).toEqual({ ok: false, error: 'Enter an amount of zero or more.' });
    expect(parseMoney('-$5.00', 'USD')).toEqual({ ok: false, error: 'Enter an amount of zero or more.' });
    expect(parseMoney('12,5', 'USD')).toEqual({ ok: false, error: 'Write the amount in digits, like 1,234.56.' });
    expect(parseMoney('1.2.3', 'USD')).toEqual({ ok: false, error: 'Write the amount in digits, like 1,234.56.' });
    expect(parseMoney('1e3', 'USD')).toEqual({ ok: false, error: 'Write the amount in digits, like 1,234.56.' });
    expect(parseMoney('ten', 'USD')).toEqual({ ok: false, error: 'Write the amount in digits, like 1,234.56.' });
    expect(parseMoney('12.', 'USD')).toEqual({ ok: false, error: 'Write the amount in digits, like 1,234.56.' });
    expect(parseMoney('1234.56', 'EUR', 'de-DE')).toEqual({
      ok: false,
      error: 'Write the amount in digits, like 1.234,56.',
    });
    expect(parseMoney('$12$', 'USD').ok).toBe(false);
  });

  it('refuses an amount past what the ledger counts exactly', () => {
    expect(parseMoney('90,071,992,547,409.92', 'USD')).toEqual({ ok: false, error: 'That amount is too large.' });
    expect(parseMoney('90071992547409.91', 'USD')).toEqual({ ok: true, minor: Number.MAX_SAFE_INTEGER });
  });
});

describe('the reader’s locale', () => {
  it('writes every amount in the locale the browser set, and en-US until one is set', () => {
    expect(formatCents(123_450, 'EUR')).toBe('€1,234.50');
    try {
      setReaderLocale('de-DE');
      expect(plain(formatCents(123_450, 'EUR'))).toBe('1.234,50 €');
      setReaderLocale('en-IN');
      expect(formatCents(12_345_600, 'INR')).toBe('₹1,23,456.00');
      // A tag Intl cannot use falls back to en-US rather than failing.
      setReaderLocale('not a locale');
      expect(formatCents(123_450, 'USD')).toBe('$1,234.50');
    } finally {
      setReaderLocale('en-US');
    }
  });
});
