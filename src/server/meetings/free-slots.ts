import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { minutesOfClock, type WeekdayHours } from '~/shared/availability';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface Interval {
  start: number;
  end: number;
}

// One person whose time a booking needs: their working week in their own zone, and what they hold
// already (their Tandem meetings).
export interface SlotHost {
  timeZone: string;
  weekly: WeekdayHours[];
  // Their own calendar's dates, YYYY-MM-DD.
  daysOff: string[];
  busy: Array<{ startsAt: Date; endsAt: Date }>;
}

export interface SlotRules {
  durationMinutes: number;
  // Kept clear before and after each meeting a host holds.
  bufferMinutes: number;
  // The earliest start is this far after now.
  noticeMinutes: number;
  horizonDays: number;
  // Starts fall on this grid of UTC time (every half hour: :00 and :30 in most zones).
  stepMinutes: number;
}

// The instants a host works, over the days that touch [from, to): each local date's hours made into
// instants in their zone, so a daylight-saving change moves the instants and not the hours.
export function workingIntervals(host: Pick<SlotHost, 'timeZone' | 'weekly' | 'daysOff'>, from: number, to: number) {
  const intervals: Interval[] = [];
  const daysOff = new Set(host.daysOff);
  const first = new TZDate(from - DAY_MS, host.timeZone);
  for (let offset = 0; ; offset++) {
    const day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + offset, host.timeZone);
    if (day.getTime() >= to + DAY_MS) break;
    if (daysOff.has(format(day, 'yyyy-MM-dd'))) continue;
    // ISO weekday: Sunday is 7.
    const hours = host.weekly.find((entry) => entry.weekday === (day.getDay() || 7));
    if (!hours?.is_working) continue;
    const at = (minutes: number) =>
      new TZDate(
        day.getFullYear(),
        day.getMonth(),
        day.getDate(),
        Math.floor(minutes / 60),
        minutes % 60,
        host.timeZone,
      ).getTime();
    const start = at(minutesOfClock(hours.from));
    const end = at(minutesOfClock(hours.to));
    if (end > from && start < to && end > start) intervals.push({ start, end });
  }
  return intervals;
}

// The parts of two sorted lists both cover.
function intersect(left: Interval[], right: Interval[]): Interval[] {
  const both: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i] as Interval;
    const b = right[j] as Interval;
    const start = Math.max(a.start, b.start);
    const end = Math.min(a.end, b.end);
    if (start < end) both.push({ start, end });
    if (a.end < b.end) i++;
    else j++;
  }
  return both;
}

// The parts of a sorted list no blocked interval touches.
function subtract(free: Interval[], blocked: Interval[]): Interval[] {
  let left = free;
  for (const block of blocked) {
    left = left.flatMap((interval) => {
      if (block.end <= interval.start || block.start >= interval.end) return [interval];
      const parts: Interval[] = [];
      if (block.start > interval.start) parts.push({ start: interval.start, end: block.start });
      if (block.end < interval.end) parts.push({ start: block.end, end: interval.end });
      return parts;
    });
  }
  return left;
}

// The starts at which every host works and neither they nor the invitee hold anything (a buffer around
// each meeting), at least the notice after now and within the horizon, earliest first. The invitee's
// hours are theirs to judge: only their meetings count. Pure: the clock is an argument.
export function findFreeSlots({
  hosts,
  inviteeBusy = [],
  now,
  rules,
}: {
  hosts: SlotHost[];
  inviteeBusy?: SlotHost['busy'];
  now: Date;
  rules: SlotRules;
}): Date[] {
  const earliest = now.getTime() + rules.noticeMinutes * MINUTE_MS;
  const horizon = now.getTime() + rules.horizonDays * DAY_MS;
  let free: Interval[] = [{ start: earliest, end: horizon + rules.durationMinutes * MINUTE_MS }];
  const buffer = rules.bufferMinutes * MINUTE_MS;
  const blockedBy = (busy: SlotHost['busy']) =>
    busy.map((meeting) => ({ start: meeting.startsAt.getTime() - buffer, end: meeting.endsAt.getTime() + buffer }));
  for (const host of hosts) {
    free = intersect(free, workingIntervals(host, earliest, horizon));
    free = subtract(free, blockedBy(host.busy));
  }
  free = subtract(free, blockedBy(inviteeBusy));
  const step = rules.stepMinutes * MINUTE_MS;
  const duration = rules.durationMinutes * MINUTE_MS;
  const slots: Date[] = [];
  for (const interval of free) {
    for (let start = Math.ceil(interval.start / step) * step; start + duration <= interval.end; start += step) {
      if (start >= earliest && start < horizon) slots.push(new Date(start));
    }
  }
  return slots;
}

// Whether one start is among the free ones: what booking checks again under the lock.
export const isFreeSlot = (slots: Date[], startsAt: Date) =>
  slots.some((slot) => slot.getTime() === startsAt.getTime());

// The slots as the invitee reads them: grouped by day of their own calendar.
export function groupSlotsByDay(slots: Date[], timeZone: string) {
  const days: Array<{ day: string; label: string; slots: Array<{ starts_at: string; label: string }> }> = [];
  for (const slot of slots) {
    const day = format(slot, 'yyyy-MM-dd', { in: tz(timeZone) });
    let group = days.at(-1);
    if (group?.day !== day) {
      group = { day, label: format(slot, 'EEEE, MMMM d', { in: tz(timeZone) }), slots: [] };
      days.push(group);
    }
    group.slots.push({ starts_at: slot.toISOString(), label: format(slot, 'h:mm a', { in: tz(timeZone) }) });
  }
  return days;
}
