import { describe, expect, it } from 'vitest';
import { defaultWeeklyHours } from '~/shared/availability';
import { findFreeSlots, groupSlotsByDay, type SlotHost, type SlotRules } from './free-slots';

const rules: SlotRules = {
  durationMinutes: 30,
  bufferMinutes: 15,
  noticeMinutes: 12 * 60,
  horizonDays: 14,
  stepMinutes: 30,
};
const iso = (slots: Date[]) => slots.map((slot) => slot.toISOString());
const host = (overrides: Partial<SlotHost> = {}): SlotHost => ({
  timeZone: 'America/New_York',
  weekly: defaultWeeklyHours,
  daysOff: [],
  busy: [],
  ...overrides,
});
const onDay = (slots: Date[], day: string) => iso(slots).filter((slot) => slot.startsWith(day));

// The free times a booking link offers, computed with a fixed clock.
describe('findFreeSlots', () => {
  // Thursday 29 October 2026, 12:00 UTC (8:00 AM in New York, daylight time).
  const now = new Date('2026-10-29T12:00:00Z');

  it('follows New York across the end of daylight time (1 November 2026), and groups the days in Manila', () => {
    const slots = findFreeSlots({ hosts: [host()], now, rules });
    // Friday 30 October, still EDT (UTC−4): 9:00 AM is 13:00 UTC, the last 30-minute slot 4:30 PM is 20:30.
    expect(onDay(slots, '2026-10-30')[0]).toBe('2026-10-30T13:00:00.000Z');
    expect(onDay(slots, '2026-10-30').at(-1)).toBe('2026-10-30T20:30:00.000Z');
    expect(onDay(slots, '2026-10-30')).toHaveLength(16);
    // Nothing on the weekend; Monday 2 November is EST (UTC−5): 9:00 AM is 14:00 UTC.
    expect(onDay(slots, '2026-10-31')).toEqual([]);
    expect(onDay(slots, '2026-11-01')).toEqual([]);
    expect(onDay(slots, '2026-11-02')[0]).toBe('2026-11-02T14:00:00.000Z');
    expect(onDay(slots, '2026-11-02').at(-1)).toBe('2026-11-02T21:30:00.000Z');
    // Manila (UTC+8, no daylight time) reads Monday's New York morning as Monday night, 10:00 PM.
    const days = groupSlotsByDay(slots, 'Asia/Manila');
    const monday = days.find((day) => day.slots[0]?.starts_at === '2026-11-02T14:00:00.000Z');
    expect(monday).toMatchObject({ day: '2026-11-02', label: 'Monday, November 2' });
    expect(monday?.slots[0]?.label).toBe('10:00 PM');
    // Friday's slots from noon in New York (16:00 UTC) fall on Saturday in Manila, from midnight there.
    const saturday = days.find((day) => day.day === '2026-10-31');
    expect(saturday?.slots).toHaveLength(10);
    expect(saturday?.slots[0]).toEqual({ starts_at: '2026-10-30T16:00:00.000Z', label: '12:00 AM' });
    // Two weeks and no more: the last is Wednesday 11 November, 4:30 PM EST.
    expect(iso(slots).at(-1)).toBe('2026-11-11T21:30:00.000Z');
  });

  it('keeps a minimum notice: nothing starts within 12 hours of now', () => {
    // Monday 2 November, 8:00 UTC (3:00 AM in New York): today's hours start in 6 hours, too soon.
    const monday = new Date('2026-11-02T08:00:00Z');
    const slots = findFreeSlots({ hosts: [host()], now: monday, rules });
    // The first is 8:00 PM UTC, 12 hours on: 3:00 PM New York.
    expect(iso(slots)[0]).toBe('2026-11-02T20:00:00.000Z');
    const longer = findFreeSlots({ hosts: [host()], now: monday, rules: { ...rules, noticeMinutes: 24 * 60 } });
    expect(iso(longer)[0]).toBe('2026-11-03T14:00:00.000Z');
  });

  it('leaves out the meetings a host holds, with the buffer around each', () => {
    // A meeting 10:00–10:30 AM New York on Friday 30 October (14:00–14:30 UTC), 15 minutes kept clear around it.
    const busy = [{ startsAt: new Date('2026-10-30T14:00:00Z'), endsAt: new Date('2026-10-30T14:30:00Z') }];
    const friday = onDay(findFreeSlots({ hosts: [host({ busy })], now, rules }), '2026-10-30').slice(0, 4);
    // 9:00 ends at 9:30, clear of 9:45; 9:30 would end at 10:00 (inside the buffer); the next is 11:00.
    expect(friday).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-30T15:00:00.000Z',
      '2026-10-30T15:30:00.000Z',
      '2026-10-30T16:00:00.000Z',
    ]);
    // Without a buffer, 9:30 and 10:30 are free again.
    const tight = onDay(
      findFreeSlots({ hosts: [host({ busy })], now, rules: { ...rules, bufferMinutes: 0 } }),
      '2026-10-30',
    );
    expect(tight.slice(0, 3)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-30T13:30:00.000Z',
      '2026-10-30T14:30:00.000Z',
    ]);
  });

  it('leaves out the meetings the invitee already holds, with the same buffer, but not by their hours', () => {
    // The applicant has a Tandem meeting 10:00–10:30 AM New York on Friday 30 October (14:00–14:30 UTC).
    const inviteeBusy = [{ startsAt: new Date('2026-10-30T14:00:00Z'), endsAt: new Date('2026-10-30T14:30:00Z') }];
    const friday = onDay(findFreeSlots({ hosts: [host()], inviteeBusy, now, rules }), '2026-10-30');
    expect(friday.slice(0, 3)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-30T15:00:00.000Z',
      '2026-10-30T15:30:00.000Z',
    ]);
    expect(friday).toHaveLength(16 - 3);
    // A meeting of the invitee's outside the hosts' hours changes nothing.
    const atNight = [{ startsAt: new Date('2026-10-30T03:00:00Z'), endsAt: new Date('2026-10-30T04:00:00Z') }];
    expect(findFreeSlots({ hosts: [host()], inviteeBusy: atNight, now, rules })).toEqual(
      findFreeSlots({ hosts: [host()], now, rules }),
    );
  });

  it('skips days off and the weekdays a host does not work, and honours the length of the meeting', () => {
    const weekly = defaultWeeklyHours.map((day) =>
      day.weekday === 1
        ? { ...day, is_working: false }
        : day.weekday === 2
          ? { ...day, from: '15:00', to: '17:00' }
          : day,
    );
    const slots = findFreeSlots({
      hosts: [host({ weekly, daysOff: ['2026-10-30'] })],
      now,
      rules: { ...rules, durationMinutes: 60 },
    });
    expect(onDay(slots, '2026-10-30')).toEqual([]);
    expect(onDay(slots, '2026-11-02')).toEqual([]);
    // Tuesday 3 November, 3:00–5:00 PM EST: an hour-long meeting starts at 3:00, 3:30 or 4:00.
    expect(onDay(slots, '2026-11-03')).toEqual([
      '2026-11-03T20:00:00.000Z',
      '2026-11-03T20:30:00.000Z',
      '2026-11-03T21:00:00.000Z',
    ]);
  });

  it('offers only the times every host works, each in their own zone', () => {
    // London (GMT after 25 October) works 9–17 too: it overlaps New York's 9:00 AM–12:00 PM (14:00–17:00 UTC).
    const slots = findFreeSlots({ hosts: [host(), host({ timeZone: 'Europe/London' })], now, rules });
    expect(onDay(slots, '2026-11-02')[0]).toBe('2026-11-02T14:00:00.000Z');
    expect(onDay(slots, '2026-11-02').at(-1)).toBe('2026-11-02T16:30:00.000Z');
    // Before the change (Friday), New York's 9:00 AM is 13:00 UTC: London works 9:00–17:00 GMT.
    expect(onDay(slots, '2026-10-30')).toHaveLength(8);
    // A colleague's meeting blocks the time for everyone.
    const busy = [{ startsAt: new Date('2026-11-02T14:00:00Z'), endsAt: new Date('2026-11-02T17:00:00Z') }];
    const blocked = findFreeSlots({ hosts: [host(), host({ timeZone: 'Europe/London', busy })], now, rules });
    expect(onDay(blocked, '2026-11-02')).toEqual([]);
  });
});
