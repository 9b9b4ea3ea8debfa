import { format, parse } from 'date-fns';

// Calendar days as the API takes them (YYYY-MM-DD), read and written in the viewer's own calendar:
// the day someone clicks in a date picker is the day sent, whatever their time zone.

const ISO_DAY = 'yyyy-MM-dd';

export const toIsoDay = (date: Date): string => format(date, ISO_DAY);

export const fromIsoDay = (value: string): Date => parse(value, ISO_DAY, new Date());

// "Dec 1, 2026".
export const formatIsoDay = (value: string): string => format(fromIsoDay(value), 'MMM d, yyyy');
