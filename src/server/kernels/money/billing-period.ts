import { AppError } from '../../platform/errors';
import { addDays, isRealDay, weekdayOf, weekStartOf } from '../../platform/work-calendar';

// Billing periods are timesheet weeks, Sunday to Saturday, named by their Sunday, on work's UTC
// calendar: the invoice run happens at one moment for every company.

// The last full week before today: on a Sunday, the week that ended yesterday.
export function lastFullWeekStart(today: string): string {
  return addDays(weekStartOf(today), -7);
}

// A period the caller named: a real calendar day, a Sunday, not after today's week.
export function billingPeriodOf(periodStart: string, today: string) {
  if (!isRealDay(periodStart)) {
    throw new AppError('validation', 'The billing period must start on a date (YYYY-MM-DD).');
  }
  if (weekdayOf(periodStart) !== 0) {
    throw new AppError('validation', 'A billing period is a week and starts on a Sunday.');
  }
  if (periodStart > weekStartOf(today)) {
    throw new AppError('validation', 'A billing period cannot start in the future.');
  }
  return { periodStart, periodEnd: addDays(periodStart, 6) };
}
