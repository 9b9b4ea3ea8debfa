import { describe, expect, it } from 'vitest';
import { formatIsoDay, fromIsoDay, toIsoDay } from './iso-day';

describe('ISO days', () => {
  it('write the local calendar day, padded', () => {
    expect(toIsoDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(toIsoDay(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('read back to local midnight of the same day', () => {
    const date = fromIsoDay('2026-03-09');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 2, 9, 0]);
    expect(toIsoDay(fromIsoDay('2026-02-28'))).toBe('2026-02-28');
    // The job form's and the offer's date picker (components/date-picker.tsx) go through these.
    expect(toIsoDay(fromIsoDay('2026-03-09'))).toBe('2026-03-09');
    expect(toIsoDay(new Date(2026, 11, 31))).toBe('2026-12-31');
  });

  it('format for a filter button', () => {
    expect(formatIsoDay('2026-03-09')).toBe('Mar 9, 2026');
  });
});
