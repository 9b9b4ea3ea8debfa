import { useQuery } from '@tanstack/react-query';
import { PlusIcon, XIcon } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import {
  type Availability,
  type AvailabilityInput,
  availabilityFieldErrors,
  availabilityTexts,
  DAYS_OFF_MAX,
  type WeekdayHours,
  weekdayLabels,
} from '~/shared/availability';
import { availabilityQueryOptions, useSaveAvailability } from './api';
import { type Feedback, FeedbackMessage } from './form-feedback';

// Settings → Availability, for company people and account managers: the hours of each weekday they work
// and the days they are away, in their own time zone. Booking links offer applicants only times inside
// them, when every host is free (docs/decisions/031).
export function AvailabilitySection() {
  const availability = useQuery(availabilityQueryOptions());
  return (
    <Card aria-labelledby="availability-title">
      <CardHeader>
        <CardTitle id="availability-title">Availability</CardTitle>
        <CardDescription>
          The hours you work and the days you are away. A booking link offers applicants only times inside them, when
          you and the colleagues you add are all free.
        </CardDescription>
      </CardHeader>
      {availability.isPending ? (
        <CardContent>
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading your availability</span>
            {[1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-10 max-w-xl" />
            ))}
          </div>
        </CardContent>
      ) : availability.isError ? (
        <CardContent>
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(availability.error, availabilityTexts.loadError)}</p>
            <Button size="sm" variant="outline" className="self-start" onClick={() => availability.refetch()}>
              Try Again
            </Button>
          </Alert>
        </CardContent>
      ) : (
        <AvailabilityForm saved={availability.data} />
      )}
    </Card>
  );
}

function AvailabilityForm({ saved }: { saved: Availability }) {
  const save = useSaveAvailability();
  const [weekly, setWeekly] = useState<WeekdayHours[]>(saved.weekly);
  // Each row keeps its own key while its date is typed (two rows may hold the same date, then flagged).
  const nextRowKey = useRef(0);
  const dayOffRow = (date: string) => ({ key: nextRowKey.current++, date });
  const [dayOffRows, setDayOffRows] = useState(() => saved.days_off.map(dayOffRow));
  const daysOff = dayOffRows.map((row) => row.date);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState<Feedback>(null);

  const changeDay = (index: number, change: Partial<WeekdayHours>) =>
    setWeekly((days) => days.map((day, at) => (at === index ? { ...day, ...change } : day)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input: AvailabilityInput = { weekly, days_off: daysOff };
    const found = availabilityFieldErrors(input);
    setErrors(found);
    setFeedback(null);
    if (Object.keys(found).length > 0) {
      setFeedback({ kind: 'error', message: 'Please correct the highlighted fields.' });
      return;
    }
    try {
      await save.mutateAsync(input);
      setFeedback({ kind: 'success', message: availabilityTexts.saved });
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields);
      setFeedback({
        kind: 'error',
        message: errorMessage(error, 'Your availability was not saved. Please try again.'),
      });
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <CardContent className="grid gap-5">
        <FeedbackMessage feedback={feedback} />
        {saved.time_zone ? (
          <p className="text-sm text-muted-foreground">
            Times are in your time zone, <span className="font-medium text-foreground">{saved.time_zone}</span>.
          </p>
        ) : (
          <Alert variant="warning">
            Set your time zone above first: these hours are read in it, and no booking link can be sent until then.
          </Alert>
        )}
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Working hours</legend>
          {weekly.map((day, index) => (
            <WeekdayRow
              key={day.weekday}
              day={day}
              fromError={errors[`weekly.${index}.from`]}
              toError={errors[`weekly.${index}.to`]}
              onChange={(change) => changeDay(index, change)}
            />
          ))}
          {errors.weekly && <FieldError>{errors.weekly}</FieldError>}
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">Days off</legend>
          {daysOff.length === 0 && <p className="text-sm text-muted-foreground">No days off listed.</p>}
          <ul className="grid gap-2" aria-label="Days off">
            {dayOffRows.map(({ key, date: day }, index) => (
              <li key={key} className="grid gap-1">
                <div className="flex items-center gap-2">
                  <Label htmlFor={`day-off-${index}`} className="sr-only">
                    {`Day off ${index + 1}`}
                  </Label>
                  <Input
                    id={`day-off-${index}`}
                    type="date"
                    className="max-w-48"
                    value={day}
                    aria-invalid={Boolean(errors[`days_off.${index}`])}
                    aria-describedby={errors[`days_off.${index}`] ? `day-off-${index}-error` : undefined}
                    onChange={(event) =>
                      setDayOffRows((rows) =>
                        rows.map((row) => (row.key === key ? { ...row, date: event.target.value } : row)),
                      )
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove day off ${index + 1}`}
                    onClick={() => setDayOffRows((rows) => rows.filter((row) => row.key !== key))}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </div>
                {errors[`days_off.${index}`] && (
                  <FieldError id={`day-off-${index}-error`}>{errors[`days_off.${index}`]}</FieldError>
                )}
              </li>
            ))}
          </ul>
          {errors.days_off && <FieldError>{errors.days_off}</FieldError>}
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={daysOff.length >= DAYS_OFF_MAX}
            onClick={() => setDayOffRows((rows) => [...rows, dayOffRow('')])}
          >
            <PlusIcon aria-hidden="true" />
            Add a Day Off
          </Button>
        </fieldset>
      </CardContent>
      <CardFooter>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Availability'}
        </Button>
      </CardFooter>
    </form>
  );
}

function WeekdayRow({
  day,
  fromError,
  toError,
  onChange,
}: {
  day: WeekdayHours;
  fromError?: string;
  toError?: string;
  onChange: (change: Partial<WeekdayHours>) => void;
}) {
  const label = weekdayLabels[day.weekday];
  const id = `weekday-${day.weekday}`;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex w-36 items-center gap-2">
          <Switch id={id} checked={day.is_working} onCheckedChange={(checked) => onChange({ is_working: checked })} />
          <Label htmlFor={id}>{label}</Label>
        </div>
        {day.is_working ? (
          <div className="flex items-center gap-2">
            <Input
              type="time"
              className="w-32"
              aria-label={`${label} from`}
              value={day.from}
              aria-invalid={Boolean(fromError)}
              onChange={(event) => onChange({ from: event.target.value })}
            />
            <span aria-hidden="true">–</span>
            <Input
              type="time"
              className="w-32"
              aria-label={`${label} to`}
              // 24:00 (to midnight) has no place in a time input: it shows as 23:59.
              value={day.to === '24:00' ? '23:59' : day.to}
              aria-invalid={Boolean(toError)}
              onChange={(event) => onChange({ to: event.target.value === '23:59' ? '24:00' : event.target.value })}
            />
          </div>
        ) : (
          <span className="text-sm text-muted-foreground">Not working</span>
        )}
      </div>
      {fromError && <FieldError>{`${label} from: ${fromError}`}</FieldError>}
      {toError && <FieldError>{`${label} to: ${toError}`}</FieldError>}
    </div>
  );
}
