import { WEEK_STARTS_ON } from '~/shared/billing';
import { AppError } from '../platform/errors';

// Billing periods are weeks, Sunday to Saturday, named by their Sunday; days are UTC calendar days
// (YYYY-MM-DD), as the invoice run happens at one moment for every company.

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => isoDay(new Date(dateOf(day).getTime() + days * DAY_MS));

// The Sunday of the week the day is in.
export function weekStartOf(day: string): string {
  return addDays(day, -((dateOf(day).getUTCDay() - WEEK_STARTS_ON + 7) % 7));
}

// The last full week before today: on a Sunday, the week that ended yesterday.
export function lastFullWeekStart(today: string): string {
  return addDays(weekStartOf(today), -7);
}

// A period the caller named: a real calendar day, a Sunday, not after today's week.
export function billingPeriodOf(periodStart: string, today: string) {
  const date = dateOf(periodStart);
  if (!DAY_PATTERN.test(periodStart) || Number.isNaN(date.getTime()) || isoDay(date) !== periodStart) {
    throw new AppError('validation', 'The billing period must start on a date (YYYY-MM-DD).');
  }
  if (date.getUTCDay() !== WEEK_STARTS_ON) {
    throw new AppError('validation', 'A billing period is a week and starts on a Sunday.');
  }
  if (periodStart > weekStartOf(today)) {
    throw new AppError('validation', 'A billing period cannot start in the future.');
  }
  return { periodStart, periodEnd: addDays(periodStart, 6) };
}
