// Currencies (issue 55): ISO 4217 codes and their minor units. Every amount in Tandem is an integer count
// of its currency's minor unit (cents for USD, none for JPY, thousandths for KWD); each amount's row or
// document names its currency (decision 051). Which currencies a company may be billed in and a talent paid in are listed here once.

// Minor units per ISO 4217 (the number of decimals of the minor unit). The offered currencies, and those
// proven in tests though not offered (JPY with none, KWD and BHD with three).
export const currencyMinorUnits = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  AUD: 2,
  PHP: 2,
  INR: 2,
  MXN: 2,
  BRL: 2,
  COP: 2,
  ARS: 2,
  NGN: 2,
  KES: 2,
  ZAR: 2,
  PKR: 2,
  UAH: 2,
  PLN: 2,
  RON: 2,
  VND: 0,
  IDR: 2,
  JPY: 0,
  KWD: 3,
  BHD: 3,
} as const;
export type Currency = keyof typeof currencyMinorUnits;
export const currencies = Object.keys(currencyMinorUnits) as Currency[];

// A stored currency code: the database keeps only codes of this table (its checks and the code that writes them).
export function currencyOf(code: string): Currency {
  if (!isCurrency(code)) throw new RangeError(`${code} is not a currency Tandem knows.`);
  return code;
}

// What a company may be billed in, and a talent paid in (issue 55, item 1).
export const billingCurrencies = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const satisfies readonly Currency[];
export type BillingCurrency = (typeof billingCurrencies)[number];
export const isBillingCurrency = (code: string): code is BillingCurrency =>
  (billingCurrencies as readonly string[]).includes(code);
export const isPayoutCurrency = (code: string): code is PayoutCurrency =>
  (payoutCurrencies as readonly string[]).includes(code);
export const payoutCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'PHP',
  'INR',
  'MXN',
  'BRL',
  'COP',
  'ARS',
  'NGN',
  'KES',
  'ZAR',
  'PKR',
  'UAH',
  'PLN',
  'RON',
  'VND',
  'IDR',
] as const satisfies readonly Currency[];
export type PayoutCurrency = (typeof payoutCurrencies)[number];

// Every amount so far, and what existing data migrates as.
export const DEFAULT_CURRENCY: Currency = 'USD';

export const isCurrency = (code: string): code is Currency => Object.hasOwn(currencyMinorUnits, code);
export const minorUnitsOf = (currency: Currency): number => currencyMinorUnits[currency];
