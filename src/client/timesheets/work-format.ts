import { addDays, format, startOfWeek } from 'date-fns';
import type { BadgeVariant } from '~/client/components/ui/badge';
import { formatWeek as formatWeekOfSunday, fromIsoDay, toIsoDay } from '~/client/lib/iso-day';
import type { TimesheetStatus } from '~/shared/billing';
import { WEEK_STARTS_ON } from '~/shared/billing-texts';

// Weeks, days, rates and statuses as the work screens say them. A week is named by its Sunday
// (YYYY-MM-DD), in the viewer's own calendar, as the API names it.

const DAYS_IN_WEEK = 7;

export const todayIsoDay = (now: Date = new Date()): string => toIsoDay(now);

export const weekStartOf = (day: string): string =>
  toIsoDay(startOfWeek(fromIsoDay(day), { weekStartsOn: WEEK_STARTS_ON }));

export const addWeeks = (weekStart: string, weeks: number): string =>
  toIsoDay(addDays(fromIsoDay(weekStart), weeks * DAYS_IN_WEEK));

export const daysOfWeek = (weekStart: string): string[] =>
  Array.from({ length: DAYS_IN_WEEK }, (_, index) => toIsoDay(addDays(fromIsoDay(weekStart), index)));

// 'Nov 22 – 28, 2026' (lib/iso-day.ts: Billing and Earnings name weeks the same way).
export const formatWeek = formatWeekOfSunday;

// 'Sun' and 'Nov 22' for the grid's column; 'Sunday, Nov 22' for its box's name.
export const weekdayShort = (day: string): string => format(fromIsoDay(day), 'EEE');
export const dayOfMonth = (day: string): string => format(fromIsoDay(day), 'MMM d');
export const dayName = (day: string): string => format(fromIsoDay(day), 'EEEE, MMM d');

// A moment's calendar day in the viewer's zone: 'Nov 24, 2026'.
export const formatDate = (at: string): string => format(new Date(at), 'MMM d, yyyy');

// A clock time in the viewer's zone: '09:02'.
export const formatClockTime = (at: string): string => format(new Date(at), 'HH:mm');

export const timesheetStatusLabels: Record<TimesheetStatus, string> = {
  open: 'Open',
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
};

export const timesheetStatusVariants: Record<TimesheetStatus, BadgeVariant> = {
  open: 'neutral',
  submitted: 'info',
  approved: 'success',
  returned: 'warning',
};
