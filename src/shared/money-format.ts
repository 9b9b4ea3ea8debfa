import { type Currency, minorUnitsOf } from './currencies';

// Money in any currency on screen and in forms (issue 55): an amount is an integer count of its currency's
// minor unit (currencies.ts), written in the reader's locale and read back from what they type. Both ways go
// through decimal strings, never a float: 0.1 + 0.2 must not reach a total, and a JPY or KWD amount has its own
// number of decimals, not the two of formatCents (billing-texts.ts, USD only and left as it is).

const formatters = new Map<string, Intl.NumberFormat>();

// The decimals come from the ISO 4217 table, not from the locale's data: CLDR writes IDR with none, but an
// IDR amount is counted in hundredths here, and a screen must not round what the ledger holds.
function moneyFormatter(currency: Currency, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const decimals = minorUnitsOf(currency);
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

// An integer count of minor units as an exact decimal string: (-5, 2) → '-0.05', (1234, 0) → '1234'.
export function minorToDecimal(minorAmount: number, decimals: number): `${number}` {
  if (!Number.isSafeInteger(minorAmount)) throw new RangeError('An amount must be a whole number of minor units.');
  const sign = minorAmount < 0 ? '-' : '';
  const digits = String(Math.abs(minorAmount)).padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}` as `${number}`;
  const point = digits.length - decimals;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}` as `${number}`;
}

// 123450 USD → '$1,234.50' (en-US), '1.234,50 $' (de-DE); 1234 JPY → '¥1,234'; 1234 KWD → 'KWD 1.234';
// 12345678 INR in en-IN → '₹1,23,456.78'. Intl formats the decimal string as written, digit for digit.
// Whose locale amounts are written in when a caller names none: the browser sets its reader's at start
// (client/main.tsx); the server's documents and emails keep en-US, whatever the machine's locale.
let readerLocale = 'en-US';
export function setReaderLocale(locale: string): void {
  try {
    readerLocale = Intl.NumberFormat.supportedLocalesOf([locale])[0] ?? 'en-US';
  } catch {
    readerLocale = 'en-US';
  }
}

export function formatMoney(minorAmount: number, currency: Currency, locale = readerLocale): string {
  return moneyFormatter(currency, locale).format(minorToDecimal(minorAmount, minorUnitsOf(currency)));
}

// The symbol a form puts before (or after) an amount box, as the locale writes the currency: '$' for USD,
// '€' for EUR, 'CA$' and 'A$' in en-US (where '$' alone would say dollars of the United States).
export function currencySymbolOf(currency: Currency, locale = readerLocale): string {
  return (
    moneyFormatter(currency, locale)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

export type ParsedMoney = { ok: true; minor: number } | { ok: false; error: string };

interface LocaleNumberParts {
  group: string;
  decimal: string;
  // The locale's own digits (Arabic-Indic in ar-KW, say) by value; ASCII digits are read everywhere.
  digits: Map<string, number>;
  // What a reader may type around the number: the currency's symbols and code as this locale writes them.
  currencyMarks: string[];
}

// Direction marks around an amount in right-to-left locales (ar-KW writes U+200F beside 'د.ك.').
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

// Spaces of every width group digits in some locales (fr-FR writes U+202F); people type a plain space.
const SPACES = /[\s\u00a0\u202f\u2007]/gu;

const localeParts = new Map<string, LocaleNumberParts>();

function numberPartsOf(currency: Currency, locale: string): LocaleNumberParts {
  const key = `${locale}|${currency}`;
  const known = localeParts.get(key);
  if (known) return known;
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
  const digitFormatter = new Intl.NumberFormat(locale, { useGrouping: false });
  const digits = new Map<string, number>();
  for (let value = 0; value <= 9; value += 1) {
    digits.set(String(value), value);
    digits.set(digitFormatter.format(value), value);
  }
  const currencyMarks = (['symbol', 'narrowSymbol', 'code'] as const)
    .map(
      (display) =>
        new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display })
          .formatToParts(1)
          .find((part) => part.type === 'currency')?.value,
    )
    .filter((mark): mark is string => Boolean(mark));
  const found: LocaleNumberParts = {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    digits,
    // Longest first, so 'US$' goes before '$'.
    currencyMarks: [...new Set([...currencyMarks, currency, currency.toLowerCase()])]
      .map((mark) => mark.replace(BIDI_MARKS, '').replace(SPACES, ''))
      .sort((a, b) => b.length - a.length),
  };
  localeParts.set(key, found);
  return found;
}

// How the locale writes 1,234.56 of this currency's decimals, for the sentences below: '1.234,56' in de-DE.
function exampleAmount(currency: Currency, locale: string): string {
  const decimals = minorUnitsOf(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    minorToDecimal(123456, decimals),
  );
}

// Groups between separators: the first one to three digits, the next two or three (en-IN groups lakhs and
// crores in twos), the last three. '12,5' in en-US is a mistyped decimal, not 125.
const isGroupedInteger = (groups: readonly string[]): boolean =>
  groups.every((group, index) => {
    if (index === 0) return group.length >= 1 && group.length <= 3;
    if (index === groups.length - 1) return group.length === 3;
    return group.length === 2 || group.length === 3;
  });

// What a person typed in a form, in their locale, to integer minor units of `currency`, by string arithmetic:
// '1,234.56' USD → 123456; '1.234,56' EUR in de-DE → 123456; '1,000' JPY → 1000; '1.5' KWD → 1500. The
// currency's symbol or code may stand around the number. A refusal is a sentence to show beside the field.
export function parseMoney(text: string, currency: Currency, locale = 'en-US'): ParsedMoney {
  const { group, decimal, digits, currencyMarks } = numberPartsOf(currency, locale);
  const decimals = minorUnitsOf(currency);
  const example = exampleAmount(currency, locale);
  let rest = text.replace(BIDI_MARKS, '').replace(SPACES, '');
  if (rest === '') return { ok: false, error: 'Enter an amount.' };
  if (/[-−(]/u.test(rest)) return { ok: false, error: 'Enter an amount of zero or more.' };
  // The symbol or code before or after the number, as the locale writes it or as typed: '$1,200', '1.200 €'.
  const withoutMark = currencyMarks.find((mark) => rest.startsWith(mark) || rest.endsWith(mark));
  if (withoutMark)
    rest = rest.startsWith(withoutMark) ? rest.slice(withoutMark.length) : rest.slice(0, -withoutMark.length);

  const groupMark = group.replace(SPACES, '');
  const [integerText = '', fractionText, ...more] = rest.split(decimal);
  const invalid = { ok: false, error: `Write the amount in digits, like ${example}.` } as const;
  if (more.length > 0) return invalid;
  const groups = groupMark === '' ? [integerText] : integerText.split(groupMark);
  if (groups.length > 1 && !isGroupedInteger(groups)) return invalid;

  const toAscii = (chars: string): string | null => {
    let ascii = '';
    for (const char of chars) {
      const value = digits.get(char);
      if (value === undefined) return null;
      ascii += String(value);
    }
    return ascii;
  };
  const integerDigits = toAscii(groups.join(''));
  const fractionDigits = fractionText === undefined ? '' : toAscii(fractionText);
  if (integerDigits === null || fractionDigits === null) return invalid;
  if (integerDigits === '' && fractionDigits === '') return invalid;
  if (fractionText !== undefined && fractionDigits === '') return invalid;

  // Zeros past the currency's decimals change nothing ('1,000.00' yen is 1,000 yen); any other digit would.
  const extra = fractionDigits.slice(decimals);
  if (/[1-9]/.test(extra)) {
    const most = decimals === 0 ? 'no decimals' : `at most ${decimals} decimal${decimals === 1 ? '' : 's'}`;
    return { ok: false, error: `A ${currency} amount has ${most}, like ${example}.` };
  }
  const minor = BigInt(`${integerDigits || '0'}${fractionDigits.slice(0, decimals).padEnd(decimals, '0')}`);
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'That amount is too large.' };
  return { ok: true, minor: Number(minor) };
}
