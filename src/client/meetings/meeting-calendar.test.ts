import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { checkMeetingTime, startsAtOf } from '~/client/components/meeting-time-fields';
import { meetingTexts } from '~/shared/meetings';
import { calendarDays, calendarRange, stepAnchor } from './meeting-calendar';

const day = (text: string) => new Date(`${text}T12:00:00`);
const days = (list: Date[]) => list.map((date) => format(date, 'yyyy-MM-dd'));

// The calendar's days (weeks start on Sunday, docs/spec/portal-and-public-site.md §9) and the time a meeting
// form sends.
describe('the meetings calendar', () => {
  it('shows a month as whole weeks from Sunday to Saturday', () => {
    const november = calendarDays('month', day('2026-11-24'));
    expect(november).toHaveLength(35);
    expect(days(november).slice(0, 1)).toEqual(['2026-11-01']);
    expect(days(november).at(-1)).toBe('2026-12-05');
    expect(november.every((date, index) => date.getDay() === index % 7)).toBe(true);
    // A month starting on a Saturday needs six rows.
    expect(calendarDays('month', day('2026-08-10'))).toHaveLength(42);
  });

  it('shows a week from its Sunday, and steps by months or weeks', () => {
    expect(days(calendarDays('week', day('2026-11-26')))).toEqual([
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(format(stepAnchor('week', day('2026-11-26'), 1), 'yyyy-MM-dd')).toBe('2026-12-03');
    expect(format(stepAnchor('month', day('2026-01-31'), 1), 'yyyy-MM-dd')).toBe('2026-02-28');
  });

  it('asks the API for the days shown, from midnight to the midnight after', () => {
    const range = calendarRange('week', day('2026-11-26'));
    expect(new Date(range.from)).toEqual(new Date('2026-11-22T00:00:00'));
    expect(new Date(range.to)).toEqual(new Date('2026-11-29T00:00:00'));
  });

  it('sends the day and time picked, in the browser’s zone, once they are ahead', () => {
    const when = { day: new Date('2027-01-12T00:00:00'), time: '09:30', duration: 45 };
    expect(startsAtOf(when)).toEqual(new Date('2027-01-12T09:30:00'));
    const now = new Date('2027-01-12T10:00:00');
    expect(checkMeetingTime(when, now)).toEqual({ startsAt: null, errors: { day: meetingTexts.startsInPast } });
    expect(checkMeetingTime({ ...when, day: undefined }, now).errors).toEqual({ day: meetingTexts.startsAt });
    expect(checkMeetingTime({ ...when, duration: 50 }, new Date('2027-01-01')).errors).toEqual({
      duration: meetingTexts.duration,
    });
    expect(checkMeetingTime(when, new Date('2027-01-01'))).toEqual({
      startsAt: new Date('2027-01-12T09:30:00'),
      errors: {},
    });
  });
});
