// When something happened, as the job and test tables say it (spec §9): Today, Yesterday, N days ago
// (under 7 days), N weeks ago (under 30 days), otherwise N months ago. Counted in calendar days of the
// viewer's time zone, so a job launched at 23:50 yesterday reads "Yesterday", not "Today".

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

// Whole calendar days from `date` to `now`; rounding absorbs the 23- and 25-hour days of daylight saving.
export function calendarDaysBetween(date: Date, now: Date): number {
  return Math.round((startOfLocalDay(now) - startOfLocalDay(date)) / DAY_MS);
}

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

const fullDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

// The exact moment, for the title or tooltip beside a relative label.
export function fullDateLabel(value: string | Date): string {
  return fullDateFormat.format(typeof value === 'string' ? new Date(value) : value);
}
