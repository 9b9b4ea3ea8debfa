import { addDays, format, startOfDay } from 'date-fns';
import { CalendarIcon, GlobeIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Calendar } from '~/client/components/ui/calendar';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { splitServerError } from '~/client/lib/form-errors';
import { MEETING_DURATION_DEFAULT, meetingDurations, meetingTexts, meetingTimeInZones } from '~/shared/meetings';

// When a meeting takes place, as the schedule and reschedule dialogs ask for it: a day from a calendar
// (weeks start on Sunday), a time in 15-minute steps and a duration, in the browser's own zone. Below,
// the time as each other participant will read it in theirs.

export interface MeetingTime {
  day: Date | undefined;
  // "HH:mm".
  time: string;
  duration: number;
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const pad = (value: number) => String(value).padStart(2, '0');
const timeOptions = Array.from({ length: 96 }, (_, index) => `${pad(Math.floor(index / 4))}:${pad((index % 4) * 15)}`);

export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} minutes`;
  const hourText = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? hourText : `${hourText} ${rest} minutes`;
}

// Tomorrow at 10:00 for half an hour: a time that is always ahead, which the person then changes.
export function defaultMeetingTime(): MeetingTime {
  return { day: addDays(startOfDay(new Date()), 1), time: '10:00', duration: MEETING_DURATION_DEFAULT };
}

export function meetingTimeOf(at: Date, duration: number): MeetingTime {
  return { day: startOfDay(at), time: format(at, 'HH:mm'), duration };
}

// The moment chosen, in the browser's zone; null until a day is picked.
export function startsAtOf({ day, time }: MeetingTime): Date | null {
  if (!day) return null;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const at = new Date(day);
  at.setHours(hours, minutes, 0, 0);
  return at;
}

type TimeField = 'day' | 'duration';

// The same rules the server applies, said before sending: the moment to send, or what is wrong.
export function checkMeetingTime(
  value: MeetingTime,
  now = new Date(),
): { startsAt: Date; errors: Record<string, never> } | { startsAt: null; errors: Partial<Record<TimeField, string>> } {
  const startsAt = startsAtOf(value);
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
  // The others in the meeting, whose own time is shown under the fields.
  others: Array<{ name: string; time_zone: string }>;
}

export function MeetingTimeFields({ value, onChange, errors = {}, others }: MeetingTimeFieldsProps) {
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  const today = startOfDay(new Date());
  const startsAt = startsAtOf(value);
  const zone = browserTimeZone();
  const dayText = value.day ? format(value.day, 'EEE, MMM d, yyyy') : 'Pick a date';
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
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
              <PopoverContent className="w-auto p-2" align="start">
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
              {timeOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
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
        <p className="flex gap-2 rounded-md bg-muted/60 p-3 text-sm" aria-live="polite">
          <GlobeIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">
            {meetingTimeInZones(startsAt, zone, others)}
            {others.every((other) => other.time_zone === zone) && others.length > 0 && ' · the same for everyone'}
          </span>
        </p>
      )}
    </div>
  );
}
