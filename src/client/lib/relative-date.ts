import { differenceInCalendarDays, format } from 'date-fns';

// When something happened, as the job and test tables say it (docs/spec/portal-and-public-site.md §9): Today,
// Yesterday, N days ago (under 7 days), N weeks ago (under 30 days), otherwise N months ago. Counted in
// calendar days of the viewer's time zone, so a job launched at 23:50 yesterday reads "Yesterday", not "Today".

// Whole calendar days from `date` to `now` in the viewer's zone (date-fns counts daylight-saving days right).
export const calendarDaysBetween = (date: Date, now: Date): number => differenceInCalendarDays(now, date);

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

export function relativeDateLabel(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const days = calendarDaysBetween(date, now);
  // A clock a little ahead of ours can put a fresh row in the future: it is still today's.
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}

// The exact moment, for the title or tooltip beside a relative label ("December 1, 2026 at 9:05 AM").
export function fullDateLabel(value: string | Date): string {
  return format(typeof value === 'string' ? new Date(value) : value, "MMMM d, yyyy 'at' h:mm a");
}
