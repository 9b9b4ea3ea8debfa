import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, ClockIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ReviewPromptCard } from '~/client/components/assignment-reviews-dialog';
import { FIXED_PRICE_LABEL, formatHourlyRate, hourlyTermsOf } from '~/client/components/assignment-terms';
import { AssignmentStatusBadge } from '~/client/components/assignments-table';
import { EndOwnAssignmentButton } from '~/client/components/end-own-assignment-button';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import { applySearchPatch, searchParam } from '~/client/lib/list-search';
import type { AssignmentStatus } from '~/shared/applications';
import type { Assignment } from '~/shared/billing';
import { paths } from '~/shared/routes';
import { applicantAssignmentsQueryOptions, timesheetWeekQueryOptions } from './api';
import { ClockCard } from './clock-card';
import { PastWeeks } from './past-weeks';
import { WeekTimesheetForm } from './week-timesheet-form';
import { addWeeks, formatWeek, todayIsoDay, weekStartOf } from './work-format';

export const applicantTimesheetTexts = {
  noAssignments: 'You have no assignments yet. When a company hires you, your assignment and timesheets appear here.',
  loadError: 'Your assignments could not be loaded.',
  weekLoadError: 'This week could not be loaded.',
} as const;

const assignmentParam = searchParam.text('assignment');
const weekParam = searchParam.day('week');

// Active assignments first (where time is logged), then those about to start, then the ended ones.
const statusOrder: Record<AssignmentStatus, number> = { active: 0, pending: 1, ended: 2 };
const byRelevance = (first: Assignment, second: Assignment) =>
  statusOrder[first.status] - statusOrder[second.status] || second.start_date.localeCompare(first.start_date);

const assignmentName = (assignment: Assignment) => `${assignment.role} at ${assignment.company_name}`;

function assignmentOption(assignment: Assignment): string {
  if (assignment.status === 'pending')
    return `${assignmentName(assignment)} (Starts on ${formatIsoDay(assignment.start_date)})`;
  if (assignment.status === 'ended') return `${assignmentName(assignment)} (Ended)`;
  return assignmentName(assignment);
}

// The weeks an assignment has: from its start to this week, or to its end.
function weekRange(assignment: Assignment, today: string) {
  const thisWeek = weekStartOf(today);
  const first = weekStartOf(assignment.start_date);
  const endWeek = assignment.end_date ? weekStartOf(assignment.end_date) : thisWeek;
  const last = endWeek < thisWeek ? endWeek : thisWeek;
  return { first, last: last < first ? first : last, thisWeek };
}

// /applicant/timesheets: the talent picks an assignment and a week (both in the URL), logs hours day by
// day or with the clock, and submits the week; the weeks saved so far are listed below. A fixed-price
// assignment has no timesheet and no clock (docs/decisions/035): it is listed apart, with its contract.
export function ApplicantTimesheets() {
  const assignments = useQuery({
    ...applicantAssignmentsQueryOptions(),
    select: (list) => [...list.items].sort(byRelevance),
  });

  if (assignments.isPending) {
    return (
      <div role="status" className="grid gap-6">
        <span className="sr-only">Loading your timesheets</span>
        <Skeleton className="h-10 w-full max-w-md" />
        <Skeleton className="h-72" />
      </div>
    );
  }
  if (assignments.isError) {
    return (
      <Alert variant="destructive" className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{errorMessage(assignments.error, applicantTimesheetTexts.loadError)}</p>
        <Button variant="outline" size="sm" onClick={() => assignments.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const list = assignments.data;
  if (list.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <ClockIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="max-w-md text-muted-foreground">{applicantTimesheetTexts.noAssignments}</p>
      </Card>
    );
  }
  const hourly = list.filter((item) => hourlyTermsOf(item) !== null);
  const fixedPrice = list.filter((item) => hourlyTermsOf(item) === null);
  return (
    <>
      {hourly.length > 0 && <HourlyTimesheets list={hourly} />}
      {fixedPrice.length > 0 && <FixedPriceContracts list={fixedPrice} />}
    </>
  );
}

// The fixed-price assignments: their milestones are submitted on their contracts, not logged by the hour.
function FixedPriceContracts({ list }: { list: Assignment[] }) {
  return (
    <Card aria-labelledby="fixed-price-title">
      <CardHeader>
        <CardTitle id="fixed-price-title">Fixed-price contracts</CardTitle>
        <CardDescription>
          No timesheet or clock: you submit each funded milestone’s work on its contract.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {list.map((assignment) => (
            <li
              key={assignment.id}
              className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="grid min-w-0 gap-1">
                <p className="font-medium break-words">{assignmentName(assignment)}</p>
                <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                  <AssignmentStatusBadge status={assignment.status} />
                  <span>
                    {FIXED_PRICE_LABEL} · Starts {formatIsoDay(assignment.start_date)}
                  </span>
                </div>
              </div>
              <Button variant="outline" size="sm" asChild className="self-start sm:self-center">
                <Link to={paths.applicantContract.getHref({ id: assignment.id })}>View contract</Link>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

// The hourly assignments: one chosen (in the URL), its week and clock.
function HourlyTimesheets({ list }: { list: Assignment[] }) {
  const [params, setParams] = useSearchParams();
  const change = (patch: Record<string, string | null>) => setParams((current) => applySearchPatch(current, patch));
  const wanted = assignmentParam.read(params);
  const assignment = list.find((item) => item.id === wanted) ?? (list[0] as Assignment);
  const today = todayIsoDay();
  const range = weekRange(assignment, today);
  const askedWeek = weekParam.read(params);
  const week = askedWeek ? weekStartOf(askedWeek) : range.last;
  const terms = hourlyTermsOf(assignment);

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {list.length > 1 ? (
          <div className="grid gap-1.5 sm:w-96">
            <Label htmlFor="timesheet-assignment">Assignment</Label>
            <NativeSelect
              id="timesheet-assignment"
              value={assignment.id}
              onChange={(event) => change({ assignment: event.target.value, week: null, weeks_page: null })}
            >
              {list.map((item) => (
                <option key={item.id} value={item.id}>
                  {assignmentOption(item)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : (
          <p className="font-medium">{assignmentName(assignment)}</p>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <AssignmentStatusBadge status={assignment.status} />
          {terms && (
            <span>
              {formatHourlyRate(terms.rate_cents, assignment.currency)} · {terms.weekly_hours} h a week
            </span>
          )}
          {assignment.status === 'active' && <EndOwnAssignmentButton assignment={assignment} />}
        </div>
      </div>

      {assignment.status === 'pending' ? (
        <Alert className="flex-col gap-1">
          <AlertTitle>Starts on {formatIsoDay(assignment.start_date)}</AlertTitle>
          <p>
            Your timesheet for {assignmentName(assignment)} opens on the first day of the assignment, once{' '}
            {assignment.company_name} starts it.
          </p>
        </Alert>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <Card aria-labelledby="week-title" className="min-w-0 lg:col-span-2">
              <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
                <h2 id="week-title" className="text-lg font-semibold">
                  Week of {formatWeek(week)}
                </h2>
                <nav aria-label="Weeks" className="flex items-center gap-1">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label="Previous week"
                    disabled={week <= range.first}
                    onClick={() => change({ week: addWeeks(week, -1) })}
                  >
                    <ChevronLeftIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="outline"
                    disabled={week === range.thisWeek}
                    onClick={() => change({ week: range.thisWeek })}
                  >
                    This week
                  </Button>
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label="Next week"
                    disabled={week >= range.last}
                    onClick={() => change({ week: addWeeks(week, 1) })}
                  >
                    <ChevronRightIcon aria-hidden="true" />
                  </Button>
                </nav>
              </CardHeader>
              <CardContent className="grid gap-4">
                {assignment.status === 'ended' && assignment.end_date && (
                  <p className="text-sm text-muted-foreground">
                    This assignment ended on {formatIsoDay(assignment.end_date)}. Its weeks are read-only.
                  </p>
                )}
                <WeekTimesheet assignment={assignment} week={week} today={today} />
              </CardContent>
            </Card>
            {assignment.status === 'active' && <ClockCard assignment={assignment} />}
            {assignment.status === 'ended' && (
              <ReviewPromptCard
                side="applicant"
                assignmentId={assignment.id}
                counterpartName={assignment.company_name}
              />
            )}
          </div>
          <PastWeeks assignmentId={assignment.id} openWeek={week} />
        </>
      )}
    </div>
  );
}

function WeekTimesheet({ assignment, week, today }: { assignment: Assignment; week: string; today: string }) {
  const timesheet = useQuery(timesheetWeekQueryOptions(assignment.id, week));
  if (timesheet.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the week</span>
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (timesheet.isError) {
    return (
      <Alert variant="destructive" className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{errorMessage(timesheet.error, applicantTimesheetTexts.weekLoadError)}</p>
        <Button variant="outline" size="sm" onClick={() => timesheet.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const data = timesheet.data;
  return (
    <WeekTimesheetForm
      key={`${data.assignment_id}:${data.week_start}`}
      assignment={assignment}
      timesheet={data}
      today={today}
    />
  );
}
