import { LockIcon, SaveIcon, SendIcon } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { type Assignment, type SaveTimesheetInput, TIME_ENTRY_NOTE_MAX, type Timesheet } from '~/shared/billing';
import { useSaveTimesheet, useSubmitTimesheet } from './api';
import { formatHours, formatHoursOfWeek, minutesToInput, parseHours } from './hours';
import { TimesheetStatusBadge } from './timesheet-status-badge';
import { dayOfMonth, daysOfWeek, formatDate, formatWeek, weekdayShort } from './work-format';

const SAVE_FAILED = 'The week was not saved. Please try again.';
const noteWithoutHours = (day: string) => `Log hours on ${weekdayShort(day)} ${dayOfMonth(day)} to keep a note for it.`;

type SentEntry = SaveTimesheetInput['entries'][number];
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
  const entryOn = (day: string) => timesheet.entries.find((entry) => entry.work_date === day);
  const savedMinutes = days.map((day) => entryOn(day)?.minutes ?? 0);
  const savedNotes = days.map((day) => entryOn(day)?.note ?? '');
  const isEditable = editableDays(assignment, timesheet, today, days);
  const canChangeWeek = isEditable.some(Boolean);
  const [values, setValues] = useState(() => savedMinutes.map(minutesToInput));
  const [notes, setNotes] = useState(savedNotes);
  const [errors, setErrors] = useState<Array<string | null>>(() => days.map(() => null));
  const [noteErrors, setNoteErrors] = useState<Array<string | null>>(() => days.map(() => null));
  // A new version of the week (saved, submitted, or a shift added by the clock) refills the boxes; a
  // sentence about what just failed stays.
  const version = `${timesheet.status}:${savedMinutes.join(',')}:${JSON.stringify(savedNotes)}`;
  const [shownVersion, setShownVersion] = useState(version);
  if (version !== shownVersion) {
    setShownVersion(version);
    setValues(savedMinutes.map(minutesToInput));
    setNotes(savedNotes);
    setErrors(days.map(() => null));
    setNoteErrors(days.map(() => null));
  }
  const [banner, setBanner] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const noteInputs = useRef<Array<HTMLInputElement | null>>([]);
  const save = useSaveTimesheet();
  const submit = useSubmitTimesheet();
  const isPending = save.isPending || submit.isPending;

  const parsed = values.map(parseHours);
  const totalMinutes = parsed.reduce((sum, day) => sum + (day.minutes ?? 0), 0);
  const weekLabel = formatWeek(timesheet.week_start);
  const isDirty =
    parsed.some((day, index) => day.minutes !== savedMinutes[index]) ||
    notes.some((note, index) => note.trim() !== savedNotes[index]);
  const overMinutes = totalMinutes - timesheet.weekly_hours * 60;

  // The editable days' minutes and notes, or null with each bad box told why and the first one focused.
  function checkedEntries(): SentEntry[] | null {
    const dayErrors = parsed.map((day, index) => (isEditable[index] ? day.error : null));
    const dayNoteErrors = days.map((day, index) =>
      isEditable[index] && notes[index]?.trim() && !parsed[index]?.error && !parsed[index]?.minutes
        ? noteWithoutHours(day)
        : null,
    );
    setErrors(dayErrors);
    setNoteErrors(dayNoteErrors);
    const firstBad = dayErrors.findIndex(Boolean);
    if (firstBad >= 0) {
      inputs.current[firstBad]?.focus();
      return null;
    }
    const firstBadNote = dayNoteErrors.findIndex(Boolean);
    if (firstBadNote >= 0) {
      noteInputs.current[firstBadNote]?.focus();
      return null;
    }
    return days.flatMap((day, index) =>
      isEditable[index]
        ? [{ work_date: day, minutes: parsed[index]?.minutes ?? 0, note: notes[index]?.trim() ?? '' }]
        : [],
    );
  }

  // The server's word on a day ('entries.2.minutes', 'entries.2.note') goes under that day's box or note;
  // anything else above the buttons.
  function showServerError(error: unknown, sent: SentEntry[], fallback: string) {
    const dayErrors: Array<string | null> = days.map(() => null);
    const dayNoteErrors: Array<string | null> = days.map(() => null);
    let isPlaced = false;
    if (isApiError(error)) {
      for (const [field, message] of Object.entries(error.fields)) {
        const [, position, part] = /^entries\.(\d+)(?:\.(\w+))?/.exec(field) ?? [];
        const day = sent[Number(position ?? Number.NaN)]?.work_date;
        const dayIndex = day === undefined ? -1 : days.indexOf(day);
        if (dayIndex >= 0) {
          if (part === 'note') dayNoteErrors[dayIndex] ??= message;
          else dayErrors[dayIndex] ??= message;
          isPlaced = true;
        }
      }
    }
    setErrors(dayErrors);
    setNoteErrors(dayNoteErrors);
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

      <DayNotes
        days={days}
        companyName={assignment.company_name}
        isEditable={isEditable}
        notes={notes}
        errors={noteErrors}
        inputs={noteInputs}
        onChange={(index, text) => {
          setNotes((current) => current.map((note, at) => (at === index ? text : note)));
          if (noteErrors[index]) setNoteErrors((current) => current.map((error, at) => (at === index ? null : error)));
        }}
      />

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

// A note per day for the company reviewing the week: what was done, in a line or two. Editable days take one
// (a day with hours keeps it); otherwise the notes saved are shown as they are.
function DayNotes({
  days,
  companyName,
  isEditable,
  notes,
  errors,
  inputs,
  onChange,
}: {
  days: string[];
  companyName: string;
  isEditable: boolean[];
  notes: string[];
  errors: Array<string | null>;
  inputs: RefObject<Array<HTMLInputElement | null>>;
  onChange: (index: number, text: string) => void;
}) {
  const shown = days.flatMap((day, index) => (isEditable[index] || notes[index] ? [{ day, index }] : []));
  if (shown.length === 0) return null;
  if (!isEditable.some(Boolean)) {
    return (
      <section aria-label="Notes" className="grid gap-1 text-sm">
        <h3 className="font-medium">Notes for {companyName}</h3>
        <dl className="grid gap-1">
          {shown.map(({ day, index }) => (
            <div key={day} className="grid gap-x-3 sm:grid-cols-[6rem_1fr]">
              <dt className="text-muted-foreground">
                {weekdayShort(day)} {dayOfMonth(day)}
              </dt>
              <dd className="break-words whitespace-pre-line">{notes[index]}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">
        Notes for {companyName} <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      {shown.map(({ day, index }) => (
        <FormField
          key={day}
          className="sm:grid-cols-[6rem_1fr] sm:items-center sm:gap-x-3 sm:[&>p]:col-start-2"
          label={
            <span className="font-normal text-muted-foreground">
              {weekdayShort(day)} {dayOfMonth(day)}
            </span>
          }
          error={errors[index] ?? undefined}
        >
          {(control) => (
            <Input
              {...control}
              aria-label={`What you did on ${weekdayShort(day)}, ${dayOfMonth(day)}`}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              placeholder={isEditable[index] ? 'What you worked on' : undefined}
              maxLength={TIME_ENTRY_NOTE_MAX}
              autoComplete="off"
              disabled={!isEditable[index]}
              value={notes[index] ?? ''}
              onChange={(event) => onChange(index, event.target.value)}
            />
          )}
        </FormField>
      ))}
    </fieldset>
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
