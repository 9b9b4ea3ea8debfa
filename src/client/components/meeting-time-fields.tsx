import { TZDate, tz } from '@date-fns/tz';
import { addBusinessDays, format } from 'date-fns';
import { CalendarIcon, GlobeIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Calendar } from '~/client/components/ui/calendar';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { dayIn } from '~/client/lib/calendar-day';
import { splitServerError } from '~/client/lib/form-errors';
import {
  isOutsideWorkingHours,
  MEETING_DURATION_DEFAULT,
  meetingDurations,
  meetingTexts,
  meetingTimeInZones,
  workingHoursWarning,
} from '~/shared/meeting-texts';

// When a meeting takes place, as the schedule and reschedule dialogs ask for it: a day from a calendar
// (weeks start on Sunday), a time in 15-minute steps and a duration, read in the person's own time zone
// (docs/decisions/022), whatever zone this browser is in. Below, the time as each other participant
// reads it in theirs, and a warning when it falls outside their 08:00–20:00.

export interface MeetingTime {
  // The calendar date chosen (the day picker's local midnight: only its year, month and day count).
  day: Date | undefined;
  // "HH:mm", on the person's own clock.
  time: string;
  duration: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const timeOptions = Array.from({ length: 96 }, (_, index) => `${pad(Math.floor(index / 4))}:${pad((index % 4) * 15)}`);
// The times by part of the day, from the morning: a list that opened on 12:00 AM made people scroll past the
// night to reach a working hour. The night comes last, for a call across time zones.
const timeGroups = [
  { label: 'Morning', from: 6, to: 12 },
  { label: 'Afternoon', from: 12, to: 18 },
  { label: 'Evening', from: 18, to: 24 },
  { label: 'Night', from: 0, to: 6 },
].map(({ label, from, to }) => ({
  label,
  options: timeOptions.filter((option) => {
    const hour = Number(option.slice(0, 2));
    return hour >= from && hour < to;
  }),
}));

// "09:30" → "9:30 AM".
function clockLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return `${hours % 12 || 12}:${pad(minutes)} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} minutes`;
  const hourText = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? hourText : `${hourText} ${rest} minutes`;
}

export { dayIn };

// The next working day (in the person's zone; a Friday's is Monday, not Saturday) at 10:00 for half an hour:
// a time always ahead, on a day people meet, which they then change.
export function defaultMeetingTime(zone: string): MeetingTime {
  return { day: addBusinessDays(dayIn(new Date(), zone), 1), time: '10:00', duration: MEETING_DURATION_DEFAULT };
}

// A meeting's time as the person reads it on their own clock, to change it.
export function meetingTimeOf(at: Date, duration: number, zone: string): MeetingTime {
  return { day: dayIn(at, zone), time: format(at, 'HH:mm', { in: tz(zone) }), duration };
}

// The moment chosen: that day and time on the person's own clock; null until a day is picked.
export function startsAtOf({ day, time }: MeetingTime, zone: string): Date | null {
  if (!day) return null;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, zone);
  return new Date(at.getTime());
}

type TimeField = 'day' | 'duration';

// The same rules the server applies, said before sending: the moment to send, or what is wrong.
export function checkMeetingTime(
  value: MeetingTime,
  zone: string,
  now = new Date(),
): { startsAt: Date; errors: Record<string, never> } | { startsAt: null; errors: Partial<Record<TimeField, string>> } {
  const startsAt = startsAtOf(value, zone);
  if (!startsAt) return { startsAt: null, errors: { day: meetingTexts.startsAt } };
  if (startsAt.getTime() <= now.getTime()) return { startsAt: null, errors: { day: meetingTexts.startsInPast } };
  if (!meetingDurations.includes(value.duration))
    return { startsAt: null, errors: { duration: meetingTexts.duration } };
  return { startsAt, errors: {} };
}

// A refusal from the server, as a meeting form shows it: starts_at and duration_minutes next to the
// time fields, the form's `own` fields next to themselves, anything else in the banner.
export function meetingFormErrors<Own extends string>(
  error: unknown,
  own: readonly Own[],
  fallback: string,
): { errors: Partial<Record<TimeField | Own, string>>; banner: string | null } {
  const { fieldErrors, message } = splitServerError(error, ['starts_at', 'duration_minutes', ...own], fallback);
  const errors: Partial<Record<TimeField | Own, string>> = {};
  for (const [field, text] of fieldErrors) {
    const shown = field === 'starts_at' ? 'day' : field === 'duration_minutes' ? 'duration' : field;
    errors[shown as TimeField | Own] = text;
  }
  return { errors, banner: message };
}

interface MeetingTimeFieldsProps {
  value: MeetingTime;
  onChange: (value: MeetingTime) => void;
  errors?: Partial<Record<'day' | 'time' | 'duration', string>>;
  // The person's own zone: the day and time are read in it.
  zone: string;
  // The others in the meeting, whose own time is shown under the fields (null zone: they set none).
  others: Array<{ name: string; time_zone: string | null }>;
}

export function MeetingTimeFields({ value, onChange, errors = {}, zone, others }: MeetingTimeFieldsProps) {
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const today = dayIn(new Date(), zone);
  const startsAt = startsAtOf(value, zone);
  const dayText = value.day ? format(value.day, 'EEE, MMM d, yyyy') : 'Pick a date';
  const lateFor = startsAt
    ? others.flatMap((other) =>
        other.time_zone && isOutsideWorkingHours(startsAt, value.duration, other.time_zone)
          ? [{ name: other.name, time_zone: other.time_zone }]
          : [],
      )
    : [];
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <div className="grid gap-4 sm:grid-cols-[1fr_9rem]">
          <FormField label="Date" error={errors.day}>
            {(control) => (
              <Popover open={isCalendarOpen} onOpenChange={setIsCalendarOpen}>
                <PopoverTrigger asChild>
                  <Button
                    variant="outline"
                    className="w-full justify-start font-normal"
                    {...control}
                    aria-label={`Date: ${value.day ? format(value.day, 'EEEE, MMMM d, yyyy') : 'not set'}`}
                  >
                    <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
                    <span className="truncate">{dayText}</span>
                  </Button>
                </PopoverTrigger>
                <PopoverContent className="w-auto p-2" align="start" aria-label="Date">
                  <Calendar
                    mode="single"
                    selected={value.day}
                    defaultMonth={value.day ?? today}
                    onSelect={(day) => {
                      onChange({ ...value, day: day ?? value.day });
                      setIsCalendarOpen(false);
                    }}
                    disabled={{ before: today }}
                  />
                </PopoverContent>
              </Popover>
            )}
          </FormField>
          <FormField label="Time" error={errors.time}>
            {(control) => (
              <NativeSelect
                {...control}
                value={value.time}
                onChange={(event) => onChange({ ...value, time: event.target.value })}
              >
                {timeGroups.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.options.map((option) => (
                      <option key={option} value={option}>
                        {clockLabel(option)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <p className="text-sm text-muted-foreground">In your time zone, {zone}.</p>
      </div>
      <FormField label="Duration" error={errors.duration}>
        {(control) => (
          <NativeSelect
            {...control}
            value={String(value.duration)}
            onChange={(event) => onChange({ ...value, duration: Number(event.target.value) })}
          >
            {meetingDurations.map((minutes) => (
              <option key={minutes} value={minutes}>
                {durationLabel(minutes)}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {startsAt && (
        <div className="grid gap-2">
          <p className="flex gap-2 rounded-md bg-muted/60 p-3 text-sm" aria-live="polite">
            <GlobeIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 break-words">{meetingTimeInZones(startsAt, zone, others)}</span>
          </p>
          {lateFor.map((person) => (
            <Alert key={person.name} variant="warning">
              <TriangleAlertIcon aria-hidden="true" />
              <span className="min-w-0 break-words">
                {workingHoursWarning(startsAt, value.duration, person)} You can still schedule it.
              </span>
            </Alert>
          ))}
        </div>
      )}
    </div>
  );
}
