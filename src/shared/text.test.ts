import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate, isStorableText, singleLine, text, textTexts } from './text';

describe('input text and dates', () => {
  it('refuses NUL characters and lone surrogates, and keeps every real character', () => {
    expect(isStorableText('Ada Lovelace — café 👩‍💻 日本')).toBe(true);
    expect(isStorableText('nul\u0000byte')).toBe(false);
    expect(isStorableText('half an emoji \ud83d')).toBe(false);
    expect(isStorableText('\udc00 low half first')).toBe(false);
    const result = text().safeParse('bad\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(textTexts.unstorable);
  });

  it('keeps one-line fields on one line: breaks and tabs become spaces, other controls are refused', () => {
    expect(singleLine().parse('Final\r\nround\tone\nfor\rAda')).toBe('Final round one for Ada');
    expect(singleLine().trim().parse('  Title\r\n')).toBe('Title');
    expect(singleLine().parse('Ada Lovelace — café 👩‍💻')).toBe('Ada Lovelace — café 👩‍💻');
    for (const value of ['bell\u0007', 'escape\u001b[31m', 'delete\u007f', 'form\ffeed']) {
      const result = singleLine().safeParse(value);
      expect(
        result.error?.issues.map((issue) => issue.message),
        JSON.stringify(value),
      ).toEqual([textTexts.controlCharacter]);
    }
    for (const value of ['half \ud83d', 'nul\u0000']) {
      expect(
        singleLine()
          .safeParse(value)
          .error?.issues.map((issue) => issue.message),
      ).toEqual([textTexts.unstorable]);
    }
  });

  it('accepts only days that exist on the calendar', () => {
    for (const day of ['2026-12-01', '2028-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(day), day).toBe(true);
    }
    for (const day of [
      '2027-02-29',
      '2027-02-30',
      '2026-13-45',
      '2026-00-10',
      '2026-04-31',
      '0000-01-01',
      '1900-02-29',
    ]) {
      expect(isCalendarDate(day), day).toBe(false);
    }
    expect(calendarDate().safeParse('2027-02-30').error?.issues[0]?.message).toBe(textTexts.impossibleDate);
    expect(calendarDate().safeParse('next week').error?.issues[0]?.message).toBe(textTexts.dateFormat);
  });
});
