import { FX_RATE_SCALE } from '~/shared/fx-rates';

// Rates as decimal strings, and the little exact arithmetic the list needs to show a currency against the
// euro and the dollar (cross rates). Conversions of money are the kernel's (src/shared/exchange-rate.ts);
// these only say what a stored rate reads as.

const SCALE = 10n ** BigInt(FX_RATE_SCALE);

// "1.0163000000" (numeric(20,10) as the drivers answer it) → "1.0163"; "56.0000000000" → "56".
export function trimRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

function scaledOf(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(FX_RATE_SCALE, '0').slice(0, FX_RATE_SCALE));
}

function rateOfScaled(scaled: bigint): string {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(FX_RATE_SCALE, '0');
  return trimRate(`${whole}.${fraction}`);
}

// a ÷ b and a × b to ten decimals, half away from zero (every rate is positive).
export function divideRates(dividend: string, divisor: string): string {
  const numerator = scaledOf(dividend) * SCALE * 2n;
  const denominator = scaledOf(divisor);
  return rateOfScaled((numerator / denominator + 1n) / 2n);
}
export function multiplyRates(left: string, right: string): string {
  return rateOfScaled(((scaledOf(left) * scaledOf(right) * 2n) / SCALE + 1n) / 2n);
}

// Whole days from a rate's day to today's (UTC), never negative.
export function ageInDays(rateDate: string, today: Date): number {
  const days = Math.floor((today.getTime() - Date.parse(`${rateDate}T00:00:00Z`)) / 86_400_000);
  return Math.max(days, 0);
}
