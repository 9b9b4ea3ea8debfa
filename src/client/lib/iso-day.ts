import { TZDate } from '@date-fns/tz';
import { addDays, format, parse } from 'date-fns';

// Calendar days as the API takes them (YYYY-MM-DD), read and written in the viewer's own calendar:
// the day someone clicks in a date picker is the day sent, whatever their time zone.

const ISO_DAY = 'yyyy-MM-dd';

export const toIsoDay = (date: Date): string => format(date, ISO_DAY);

export const fromIsoDay = (value: string): Date => parse(value, ISO_DAY, new Date());

// "Dec 1, 2026".
export const formatIsoDay = (value: string): string => format(fromIsoDay(value), 'MMM d, yyyy');

// A timesheet week by the Sunday that names it (Sunday to Saturday): 'Nov 22 – 28, 2026';
// 'Nov 29 – Dec 5, 2026'; 'Dec 27, 2026 – Jan 2, 2027'.
export function formatWeek(weekStart: string): string {
  const first = fromIsoDay(weekStart);
  const last = addDays(first, 6);
  if (first.getFullYear() !== last.getFullYear())
    return `${format(first, 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
  if (first.getMonth() !== last.getMonth()) return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
  return `${format(first, 'MMM d')} – ${format(last, 'd, yyyy')}`;
}

// A moment's calendar day in a person's own zone (docs/decisions/022), UTC while they have none:
// "Nov 24, 2026".
export const formatMomentDayIn = (at: string, zone: string | null): string =>
  format(new TZDate(at, zone ?? 'UTC'), 'MMM d, yyyy');
