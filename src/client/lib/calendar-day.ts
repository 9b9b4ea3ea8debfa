import { meetingCalendarDay } from '~/shared/meeting-texts';

// The calendar date a moment falls on in a zone, as the day picker and the meetings calendar hold dates
// (a local midnight, of which only the year, month and day count). Apart from the meeting time fields (and
// their form's code), for the calendars that only show meetings (decision 037).
export function dayIn(at: Date, zone: string): Date {
  const [year = 1970, month = 1, day = 1] = meetingCalendarDay(at, zone).split('-').map(Number);
  return new Date(year, month - 1, day);
}
