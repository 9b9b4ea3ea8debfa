import { z } from 'zod';

// The field schemas every input string goes through, so that what a person or an API client sends is
// refused with a sentence rather than failing in the database.

export const textTexts = {
  unstorable:
    'This text contains a character we cannot store (a NUL character or a broken emoji). Please remove it and try again.',
  controlCharacter: 'This text contains a control character. Please remove it and try again.',
  dateFormat: 'Use a date such as 2026-12-01.',
  impossibleDate: 'This date does not exist on the calendar. Use a date such as 2026-12-01.',
} as const;

// PostgreSQL cannot store NUL in text, and a lone UTF-16 surrogate is not text at all.
export const isStorableText = (value: string) => !value.includes('\u0000') && value.isWellFormed();

// Any string input.
export const text = () => z.string().refine(isStorableText, { message: textTexts.unstorable });

const LINE_BREAK_OR_TAB = /\r\n|[\r\n\t]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

// A one-line field (a name, a title, a subject), which other programs write into headers, calendar
// files and CSV rows: a pasted line break or tab becomes a space, and any other control character
// is refused.
export const singleLine = () =>
  z
    .string()
    .overwrite((value) => value.replace(LINE_BREAK_OR_TAB, ' '))
    .refine(isStorableText, { message: textTexts.unstorable, abort: true })
    .refine((value) => !CONTROL_CHARACTER.test(value), { message: textTexts.controlCharacter });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// "2027-02-30" has the shape of a date but is not one; year 0 does not exist either.
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// A day as YYYY-MM-DD that exists on the calendar.
export const calendarDate = () =>
  z
    .string()
    .regex(ISO_DATE, { message: textTexts.dateFormat })
    .refine(isCalendarDate, { message: textTexts.impossibleDate, abort: true });
