import { addDays, isoDay, startOfDay } from '../platform/work-calendar';

const MINUTE_MS = 60_000;
const wholeMinutes = (ms: number) => Math.floor(ms / MINUTE_MS);

// A shift's worked minutes per day: a shift crossing midnight counts on both days. Days are UTC days,
// as every day in time tracking is (work-calendar.ts). Only the total of the breaks is kept, not when
// they were, so breaks come off the days in proportion to each day's share of the shift (largest
// remainders first), and the days add up to exactly (out − in − breaks), in whole minutes.
export function splitShiftMinutes({
  clockedInAt,
  clockedOutAt,
  breakMinutes,
}: {
  clockedInAt: Date;
  clockedOutAt: Date;
  breakMinutes: number;
}): Array<{ workDate: string; minutes: number }> {
  const start = clockedInAt.getTime();
  const end = clockedOutAt.getTime();
  if (end <= start) return [];
  const gross: Array<{ workDate: string; minutes: number }> = [];
  let counted = 0;
  for (let day = isoDay(clockedInAt); ; day = addDays(day, 1)) {
    const dayEnd = Math.min(end, startOfDay(addDays(day, 1)).getTime());
    // Whole minutes since clock-in at the day's end, less those already given to earlier days: the days
    // add up to the whole shift, rounded down once.
    const upToDayEnd = wholeMinutes(dayEnd - start);
    gross.push({ workDate: day, minutes: upToDayEnd - counted });
    counted = upToDayEnd;
    if (dayEnd >= end) break;
  }
  const totalGross = counted;
  const totalBreak = Math.min(Math.max(breakMinutes, 0), totalGross);
  if (totalBreak === 0) return gross.filter((day) => day.minutes > 0);
  const shares = gross.map((day, index) => {
    const exact = totalBreak * day.minutes;
    return { index, share: Math.floor(exact / totalGross), remainder: exact % totalGross };
  });
  let left = totalBreak - shares.reduce((sum, day) => sum + day.share, 0);
  for (const day of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    if (day.remainder === 0) continue;
    day.share += 1;
    left -= 1;
  }
  return gross
    .map((day, index) => ({ workDate: day.workDate, minutes: day.minutes - (shares[index]?.share ?? 0) }))
    .filter((day) => day.minutes > 0);
}

// Minutes between two moments, whole minutes down (a break, a shift so far).
export const minutesBetween = (from: Date, to: Date) => Math.max(wholeMinutes(to.getTime() - from.getTime()), 0);
