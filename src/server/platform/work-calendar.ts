import { workTexts } from '~/shared/billing';
import { AppError } from './errors';

// Calendar days as 'YYYY-MM-DD' strings, counted in UTC: timesheet weeks, terms' effective dates and
// the clock's days all use this one calendar, so a day means the same row everywhere.

const DAY_MS = 24 * 60 * 60 * 1000;
// The last time zone to reach a day (Kiribati, UTC+14): a day has begun somewhere once this says so.
const LATEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

export const isoDay = (moment: Date) => moment.toISOString().slice(0, 10);
export const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, days: number) => isoDay(new Date(startOfDay(day).getTime() + days * DAY_MS));
// A day as people read it on invoices, statements and notices: '2026-03-09' → 'Mar 9, 2026'.
const humanDayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const humanDay = (day: string) => humanDayFormat.format(startOfDay(day));
export const weekdayOf = (day: string) => startOfDay(day).getUTCDay();
export const weekStartOf = (day: string) => addDays(day, -weekdayOf(day));
export const weekEndOf = (weekStart: string) => addDays(weekStart, 6);
export const daysOfWeek = (weekStart: string) => Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));

// Today in UTC: when an assignment may start, and which week the clock writes to.
export const todayOf = (now: Date) => isoDay(now);

// The latest day anyone can have worked on yet: a talent east of UTC logs today's hours while it is
// still yesterday in UTC, and is not refused for it.
export const latestWorkedDayOf = (now: Date) => isoDay(new Date(now.getTime() + LATEST_ZONE_OFFSET_MS));

// 'YYYY-MM-DD' that names a real day (the shared schemas check the shape; 2026-02-30 has the shape too).
export function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const moment = startOfDay(value);
  return !Number.isNaN(moment.getTime()) && isoDay(moment) === value;
}

export function requireRealDay(value: string, what: string): string {
  if (!isRealDay(value)) throw new AppError('validation', workTexts.notADay(what));
  return value;
}

// A week is named by its Sunday (WEEK_STARTS_ON): anything else is refused with the spec's sentence.
export function requireWeekStart(value: string): string {
  if (!isRealDay(value) || weekdayOf(value) !== 0) throw new AppError('validation', workTexts.weekStartsOnSunday);
  return value;
}
