import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, relativeDateLabel } from './relative-date';

// Local times (no zone suffix), so the bands are checked in whatever zone the machine runs in.
const now = new Date('2026-06-15T09:30:00');

describe('relativeDateLabel', () => {
  it('says Today for the same calendar day, early or late, and for a moment slightly in the future', () => {
    expect(relativeDateLabel(new Date('2026-06-15T00:00:01'), now)).toBe('Today');
    expect(relativeDateLabel(new Date('2026-06-15T09:29:00'), now)).toBe('Today');
    expect(relativeDateLabel(new Date('2026-06-15T10:00:00'), now)).toBe('Today');
  });

  it('says Yesterday for the previous calendar day, even less than 24 hours ago', () => {
    expect(relativeDateLabel(new Date('2026-06-14T23:50:00'), now)).toBe('Yesterday');
    expect(relativeDateLabel(new Date('2026-06-14T00:00:00'), now)).toBe('Yesterday');
  });

  it('counts days under a week', () => {
    expect(relativeDateLabel(new Date('2026-06-13T12:00:00'), now)).toBe('2 days ago');
    expect(relativeDateLabel(new Date('2026-06-09T12:00:00'), now)).toBe('6 days ago');
  });

  it('counts whole weeks from 7 to 29 days', () => {
    expect(relativeDateLabel(new Date('2026-06-08T12:00:00'), now)).toBe('1 week ago');
    expect(relativeDateLabel(new Date('2026-06-01T12:00:00'), now)).toBe('2 weeks ago');
    expect(relativeDateLabel(new Date('2026-05-17T12:00:00'), now)).toBe('4 weeks ago');
  });

  it('counts 30-day months from 30 days on', () => {
    expect(relativeDateLabel(new Date('2026-05-16T12:00:00'), now)).toBe('1 month ago');
    expect(relativeDateLabel(new Date('2026-04-16T12:00:00'), now)).toBe('2 months ago');
    expect(relativeDateLabel(new Date('2025-06-15T12:00:00'), now)).toBe('12 months ago');
  });

  it('reads ISO strings from the API', () => {
    const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    expect(relativeDateLabel(yesterday.toISOString(), now)).toBe('Yesterday');
  });
});

describe('calendarDaysBetween', () => {
  it('counts calendar days across a daylight-saving change as whole days', () => {
    // Spans the March and October/November changes of most zones that have them.
    expect(calendarDaysBetween(new Date('2026-03-01T12:00:00'), new Date('2026-04-01T12:00:00'))).toBe(31);
    expect(calendarDaysBetween(new Date('2026-10-20T12:00:00'), new Date('2026-11-10T12:00:00'))).toBe(21);
  });
});
