import { LockIcon, SaveIcon, SendIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { Assignment, TimeEntry, Timesheet } from '~/shared/billing';
import { useSaveTimesheet, useSubmitTimesheet } from './api';
import { formatHours, formatHoursOfWeek, minutesToInput, parseHours } from './hours';
import { TimesheetStatusBadge } from './timesheet-status-badge';
import { dayOfMonth, daysOfWeek, formatDate, formatWeek, weekdayShort } from './work-format';

const SAVE_FAILED = 'The week was not saved. Please try again.';
const SUBMIT_FAILED = 'The week was not submitted. Please try again.';

interface WeekTimesheetFormProps {
  assignment: Assignment;
  timesheet: Timesheet;
  today: string;
}

// The days the talent may log: up to today, within the assignment, while the week is theirs to change
// (open, or returned by the company) and the assignment is active; an ended one is read-only.
function editableDays(assignment: Assignment, timesheet: Timesheet, today: string, days: string[]): boolean[] {
  const isWeekEditable =
    assignment.status === 'active' && (timesheet.status === 'open' || timesheet.status === 'returned');
  return days.map(
    (day) =>
      isWeekEditable &&
      day <= today &&
      day >= assignment.start_date &&
      (assignment.end_date === null || day <= assignment.end_date),
  );
}

// One week of one assignment: an hours box per day, the total against the weekly hours, the status,
// and Save and Submit. Mounted per week.
export function WeekTimesheetForm({ assignment, timesheet, today }: WeekTimesheetFormProps) {
  const days = daysOfWeek(timesheet.week_start);
  const savedMinutes = days.map((day) => timesheet.entries.find((entry) => entry.work_date === day)?.minutes ?? 0);
  const isEditable = editableDays(assignment, timesheet, today, days);
  const canChangeWeek = isEditable.some(Boolean);
  const [values, setValues] = useState(() => savedMinutes.map(minutesToInput));
  const [errors, setErrors] = useState<Array<string | null>>(() => days.map(() => null));
  // A new version of the week (saved, submitted, or a shift added by the clock) refills the boxes; a
  // sentence about what just failed stays.
  const version = `${timesheet.status}:${savedMinutes.join(',')}`;
  const [shownVersion, setShownVersion] = useState(version);
  if (version !== shownVersion) {
    setShownVersion(version);
    setValues(savedMinutes.map(minutesToInput));
    setErrors(days.map(() => null));
  }
  const [banner, setBanner] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const save = useSaveTimesheet();
  const submit = useSubmitTimesheet();
  const isPending = save.isPending || submit.isPending;

  const parsed = values.map(parseHours);
  const totalMinutes = parsed.reduce((sum, day) => sum + (day.minutes ?? 0), 0);
  const weekLabel = formatWeek(timesheet.week_start);
  const isDirty = parsed.some((day, index) => day.minutes !== savedMinutes[index]);
  const overMinutes = totalMinutes - timesheet.weekly_hours * 60;

  // The editable days' minutes, or null with each bad box told why and the first one focused.
  function checkedEntries(): TimeEntry[] | null {
    const dayErrors = parsed.map((day, index) => (isEditable[index] ? day.error : null));
    setErrors(dayErrors);
    const firstBad = dayErrors.findIndex(Boolean);
    if (firstBad >= 0) {
      inputs.current[firstBad]?.focus();
      return null;
    }
    return days.flatMap((day, index) =>
      isEditable[index] ? [{ work_date: day, minutes: parsed[index]?.minutes ?? 0 }] : [],
    );
  }

  // The server's word on a day ('entries.2.minutes') goes under that day's box; anything else above the buttons.
  function showServerError(error: unknown, sent: TimeEntry[], fallback: string) {
    const dayErrors: Array<string | null> = days.map(() => null);
    let isPlaced = false;
    if (isApiError(error)) {
      for (const [field, message] of Object.entries(error.fields)) {
        const index = Number(/^entries\.(\d+)/.exec(field)?.[1] ?? Number.NaN);
        const day = sent[index]?.work_date;
        const dayIndex = day === undefined ? -1 : days.indexOf(day);
        if (dayIndex >= 0) {
          dayErrors[dayIndex] ??= message;
          isPlaced = true;
        }
      }
    }
    setErrors(dayErrors);
    setBanner(isPlaced ? null : errorMessage(error, fallback));
  }

  async function saveWeek() {
    const entries = checkedEntries();
    if (!entries) return;
    setBanner(null);
    try {
      await save.mutateAsync({ assignmentId: assignment.id, weekStart: timesheet.week_start, entries });
      toast({ title: 'Timesheet saved', description: `${formatHours(totalMinutes)} hours for ${weekLabel}.` });
    } catch (error) {
      showServerError(error, entries, SAVE_FAILED);
    }
  }

  function askToSubmit() {
    if (checkedEntries()) setIsConfirming(true);
  }

  async function submitWeek() {
    const entries = checkedEntries();
    if (!entries) return;
    setBanner(null);
    try {
      // What is on screen is what gets submitted: unsaved changes are saved first.
      if (isDirty) await save.mutateAsync({ assignmentId: assignment.id, weekStart: timesheet.week_start, entries });
    } catch (error) {
      setIsConfirming(false);
      showServerError(error, entries, SAVE_FAILED);
      return;
    }
    try {
      await submit.mutateAsync({ assignmentId: assignment.id, weekStart: timesheet.week_start });
      setIsConfirming(false);
      toast({
        title: 'Timesheet submitted',
        description: `${assignment.company_name} reviews ${formatHours(totalMinutes)} hours for ${weekLabel}.`,
      });
    } catch (error) {
      setIsConfirming(false);
      setBanner(errorMessage(error, SUBMIT_FAILED));
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <TimesheetStatusBadge status={timesheet.status} />
        {timesheet.status === 'approved' && (
          <Badge variant="outline">
            <LockIcon className="size-3" aria-hidden="true" />
            Locked
          </Badge>
        )}
        <p className="text-sm text-muted-foreground">
          <WeekStatusLine timesheet={timesheet} companyName={assignment.company_name} />
        </p>
      </div>

      {timesheet.status === 'returned' && (
        <Alert variant="warning" className="flex-col gap-1">
          <AlertTitle>Returned by {assignment.company_name}</AlertTitle>
          <AlertDescription>
            {timesheet.return_comment && (
              <blockquote className="border-l-2 border-amber-600/50 pl-3 text-base whitespace-pre-line">
                {timesheet.return_comment}
              </blockquote>
            )}
            <p>Correct the week and submit it again.</p>
          </AlertDescription>
        </Alert>
      )}

      <fieldset className="min-w-0">
        <legend className="sr-only">Hours per day, {weekLabel}</legend>
        <div className="grid gap-2 sm:grid-cols-7">
          {days.map((day, index) => (
            <FormField
              key={day}
              // On a phone the day sits beside its box; the box's error goes under the box, not the day.
              className="max-sm:grid-cols-[6rem_1fr] max-sm:items-center max-sm:gap-x-3 max-sm:[&>p]:col-start-2"
              label={
                <span className={cn(day === today && 'font-semibold text-primary')}>
                  {weekdayShort(day)}
                  <span className="sm:block">
                    <span className="sm:sr-only">, </span>
                    <span className="font-normal text-muted-foreground">{dayOfMonth(day)}</span>
                  </span>
                </span>
              }
              error={errors[index] ?? undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  aria-label={`Hours on ${weekdayShort(day)}, ${dayOfMonth(day)}`}
                  ref={(element) => {
                    inputs.current[index] = element;
                  }}
                  inputMode="decimal"
                  autoComplete="off"
                  className={cn(day === today && 'border-primary/60')}
                  disabled={!isEditable[index]}
                  value={values[index]}
                  onChange={(event) => {
                    const text = event.target.value;
                    setValues((current) => current.map((value, at) => (at === index ? text : value)));
                    if (errors[index])
                      setErrors((current) => current.map((error, at) => (at === index ? null : error)));
                  }}
                  onBlur={() => {
                    const error = isEditable[index] ? (parsed[index]?.error ?? null) : null;
                    setErrors((current) => current.map((value, at) => (at === index ? error : value)));
                  }}
                />
              )}
            </FormField>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <p className="text-sm text-muted-foreground">
            Total{' '}
            <output className="ml-1 text-lg font-semibold text-foreground tabular-nums">
              {formatHoursOfWeek(totalMinutes, timesheet.weekly_hours)}
            </output>
          </p>
          {overMinutes > 0 && (
            <p className="text-sm text-amber-900">
              {formatHours(overMinutes)} hours over the agreed {timesheet.weekly_hours}: {assignment.company_name}{' '}
              approves the extra hours.
            </p>
          )}
        </div>
        {assignment.status === 'active' && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" disabled={isPending || !canChangeWeek} onClick={saveWeek}>
              <SaveIcon aria-hidden="true" />
              {save.isPending && !isConfirming ? 'Saving...' : 'Save'}
            </Button>
            <Button disabled={isPending || !canChangeWeek || totalMinutes === 0} onClick={askToSubmit}>
              <SendIcon aria-hidden="true" />
              Submit
            </Button>
          </div>
        )}
      </div>
      {banner && <Alert variant="destructive">{banner}</Alert>}

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!open && !isPending) setIsConfirming(false);
        }}
        title="Submit this week?"
        description={`${formatHours(totalMinutes)} hours for ${weekLabel} go to ${assignment.company_name} for approval. You cannot change the week while they review it.`}
        confirmLabel={isPending ? 'Submitting...' : 'Submit Week'}
        pending={isPending}
        onConfirm={submitWeek}
      />
    </div>
  );
}

function WeekStatusLine({ timesheet, companyName }: { timesheet: Timesheet; companyName: string }) {
  const day = formatDate;
  if (timesheet.status === 'approved' && timesheet.approved_at)
    return <>Approved on {day(timesheet.approved_at)}. This week can no longer change.</>;
  if (timesheet.status === 'submitted' && timesheet.submitted_at)
    return (
      <>
        Submitted on {day(timesheet.submitted_at)}. {companyName} approves it or returns it to you.
      </>
    );
  if (timesheet.status === 'returned') return <>Waiting for your corrections.</>;
  return <>Log your hours day by day, then submit the week.</>;
}
