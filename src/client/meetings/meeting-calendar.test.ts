import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { checkMeetingTime, meetingTimeOf, startsAtOf } from '~/client/components/meeting-time-fields';
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

  it('asks the API for the days shown, from midnight to the midnight after, in the viewer’s own zone', () => {
    const range = calendarRange('week', day('2026-11-26'), 'Asia/Manila');
    expect(range).toEqual({ from: '2026-11-21T16:00:00.000Z', to: '2026-11-28T16:00:00.000Z' });
    const newYork = calendarRange('week', day('2026-11-26'), 'America/New_York');
    expect(newYork).toEqual({ from: '2026-11-22T05:00:00.000Z', to: '2026-11-29T05:00:00.000Z' });
  });

  it('sends the day and time picked on the person’s own clock, whatever the browser’s zone, once ahead', () => {
    const when = { day: new Date('2027-01-12T00:00:00'), time: '09:30', duration: 45 };
    // 9:30 in New York (UTC−5 in January) and in Manila (UTC+8) are different instants.
    expect(startsAtOf(when, 'America/New_York')).toEqual(new Date('2027-01-12T14:30:00Z'));
    expect(startsAtOf(when, 'Asia/Manila')).toEqual(new Date('2027-01-12T01:30:00Z'));
    const now = new Date('2027-01-12T15:00:00Z');
    expect(checkMeetingTime(when, 'America/New_York', now)).toEqual({
      startsAt: null,
      errors: { day: meetingTexts.startsInPast },
    });
    expect(checkMeetingTime({ ...when, day: undefined }, 'America/New_York', now).errors).toEqual({
      day: meetingTexts.startsAt,
    });
    expect(checkMeetingTime({ ...when, duration: 50 }, 'America/New_York', new Date('2027-01-01')).errors).toEqual({
      duration: meetingTexts.duration,
    });
    expect(checkMeetingTime(when, 'America/New_York', new Date('2027-01-01'))).toEqual({
      startsAt: new Date('2027-01-12T14:30:00Z'),
      errors: {},
    });
  });

  it('reads a meeting back onto the person’s own clock to move it', () => {
    // 02:00 UTC on the 13th is 9:00 PM on the 12th in New York and 10:00 AM on the 13th in Manila.
    const at = new Date('2027-01-13T02:00:00Z');
    const inNewYork = meetingTimeOf(at, 30, 'America/New_York');
    expect([format(inNewYork.day ?? at, 'yyyy-MM-dd'), inNewYork.time]).toEqual(['2027-01-12', '21:00']);
    const inManila = meetingTimeOf(at, 30, 'Asia/Manila');
    expect([format(inManila.day ?? at, 'yyyy-MM-dd'), inManila.time]).toEqual(['2027-01-13', '10:00']);
    expect(startsAtOf(inManila, 'Asia/Manila')).toEqual(at);
  });
});
