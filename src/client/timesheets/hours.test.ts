import { describe, expect, it } from 'vitest';
import { formatDuration, formatHoursOfWeek, hoursTexts, minutesToInput, parseHours } from './hours';

describe('a day’s hours as typed', () => {
  it('reads decimals and hours:minutes as whole minutes', () => {
    expect(parseHours('7.5')).toEqual({ minutes: 450, error: null });
    expect(parseHours('7:30')).toEqual({ minutes: 450, error: null });
    expect(parseHours(' 7,5 ')).toEqual({ minutes: 450, error: null });
    expect(parseHours('8')).toEqual({ minutes: 480, error: null });
    expect(parseHours('0:45')).toEqual({ minutes: 45, error: null });
    expect(parseHours('.25')).toEqual({ minutes: 15, error: null });
    expect(parseHours('7.333')).toEqual({ minutes: 440, error: null });
    expect(parseHours('')).toEqual({ minutes: 0, error: null });
    expect(parseHours('24')).toEqual({ minutes: 1440, error: null });
  });

  it('says what to type for anything else', () => {
    for (const text of ['abc', '-1', '7:5', '7:60', '7.5h', '1e2', '7:30:00'])
      expect(parseHours(text), text).toEqual({ minutes: null, error: hoursTexts.invalid });
    expect(parseHours('24.5')).toEqual({ minutes: null, error: hoursTexts.tooMany });
    expect(parseHours('25:00')).toEqual({ minutes: null, error: hoursTexts.tooMany });
  });

  it('shows saved minutes so that they read back the same', () => {
    for (const minutes of [0, 1, 7, 15, 45, 440, 450, 455, 480, 1440]) {
      expect(parseHours(minutesToInput(minutes)).minutes, String(minutes)).toBe(minutes);
    }
    expect(minutesToInput(450)).toBe('7.5');
    expect(minutesToInput(455)).toBe('7:35');
    expect(minutesToInput(0)).toBe('');
  });

  it('writes totals and shifts as the screens say them', () => {
    expect(formatHoursOfWeek(1950, 40)).toBe('32.5 / 40 h');
    expect(formatDuration(135)).toBe('2 h 15 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(180)).toBe('3 h');
  });
});
