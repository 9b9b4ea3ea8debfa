import { z } from 'zod';
import { calendarDate } from './text';

// Availability: the weekly working hours and days off of a company person or account manager, in their
// own time zone (docs/decisions/022), from which a booking link offers free times (docs/decisions/031).

// ISO weekdays: 1 Monday … 7 Sunday.
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof weekdays)[number];
export const weekdayLabels: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

// A bounded list: a year's holidays and leave fit well within it.
export const DAYS_OFF_MAX = 60;

export const availabilityTexts = {
  time: 'Enter a time as HH:MM, from 00:00 to 24:00.',
  endAfterStart: 'The end must be after the start.',
  weekdays: 'Give each day of the week once, Monday to Sunday.',
  dayOff: 'Enter a day as YYYY-MM-DD.',
  dayOffTwice: 'This day is listed twice.',
  tooManyDaysOff: `List at most ${DAYS_OFF_MAX} days off; remove days that have passed.`,
  saved: 'Your availability has been saved.',
  loadError: 'Failed to load your availability. Please try again.',
  notAllowed: 'Only company members and account managers set availability.',
} as const;

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

// "09:30" → 570; "24:00" → 1440 (a day worked to midnight).
export const minutesOfClock = (value: string): number => {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return hours * 60 + minutes;
};
export const clockOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const clockSchema = z.string({ message: availabilityTexts.time }).regex(CLOCK, { message: availabilityTexts.time });

const weekdayHoursSchema = z
  .object({
    weekday: z.union(
      weekdays.map((day) => z.literal(day)),
      { message: availabilityTexts.weekdays },
    ),
    is_working: z.boolean(),
    from: clockSchema,
    to: clockSchema,
  })
  .refine((day) => !CLOCK.test(day.from) || !CLOCK.test(day.to) || minutesOfClock(day.from) < minutesOfClock(day.to), {
    message: availabilityTexts.endAfterStart,
    path: ['to'],
  });
export type WeekdayHours = z.infer<typeof weekdayHoursSchema>;

// PUT /api/account/availability: the whole week, Monday first, and the days off (each day once).
export const availabilitySchema = z.object({
  weekly: z
    .array(weekdayHoursSchema)
    .length(7, { message: availabilityTexts.weekdays })
    .refine((days) => days.every((day, index) => day.weekday === index + 1), { message: availabilityTexts.weekdays }),
  days_off: z
    .array(calendarDate())
    .max(DAYS_OFF_MAX, { message: availabilityTexts.tooManyDaysOff })
    .superRefine((days, context) => {
      days.forEach((day, index) => {
        if (days.indexOf(day) !== index) {
          context.addIssue({ code: 'custom', message: availabilityTexts.dayOffTwice, path: [index] });
        }
      });
    }),
});
export type AvailabilityInput = z.infer<typeof availabilitySchema>;

// GET and PUT answer with it, with the zone the hours are read in (null: not set yet) and whether the
// person saved theirs (until then the default week below applies).
export const availabilityResponseSchema = availabilitySchema.extend({
  time_zone: z.string().nullable(),
  is_saved: z.boolean(),
});
export type Availability = z.infer<typeof availabilityResponseSchema>;

// Until a person saves their own: Monday to Friday, 9:00 to 17:00 in their zone.
export const defaultWeeklyHours: WeekdayHours[] = weekdays.map((weekday) => ({
  weekday,
  is_working: weekday <= 5,
  from: '09:00',
  to: '17:00',
}));

// Per-field messages keyed as the API names them ("weekly.2.to", "days_off.0"), for the form.
export function availabilityFieldErrors(input: unknown): Record<string, string> {
  const result = availabilitySchema.safeParse(input);
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const name = issue.path.join('.');
    fields[name] ??= issue.message;
  }
  return fields;
}
