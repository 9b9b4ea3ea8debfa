import { useQuery } from '@tanstack/react-query';
import { CoffeeIcon, LogInIcon, LogOutIcon, PlayIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ShiftStatusDot, shiftStatusLabels } from '~/client/components/shift-status';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import type { Assignment, ClockState } from '~/shared/billing';
import { type ClockAction, clockQueryOptions, useClockAction } from './api';
import { formatDuration } from './hours';
import { formatClockTime } from './work-format';

const MINUTE_MS = 60_000;
// Often enough that the minutes turn over on time.
const TICK_MS = 5_000;

const actionFailed: Record<ClockAction, string> = {
  in: 'You were not clocked in. Please try again.',
  break: 'The break did not start. Please try again.',
  resume: 'The break did not end. Please try again.',
  out: 'You were not clocked out. Please try again.',
};

function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

const offClock = (assignmentId: string): ClockState => ({
  assignment_id: assignmentId,
  shift_status: 'offline',
  clocked_in_at: null,
  break_started_at: null,
  worked_minutes: 0,
});

// Clock In, Start Break, End Break, Clock Out for an active assignment, with where the talent is in the
// shift and the time worked so far, counting on while on shift.
export function ClockCard({ assignment }: { assignment: Assignment }) {
  const clock = useQuery(clockQueryOptions());
  const act = useClockAction();
  const state = clock.data?.items.find((item) => item.assignment_id === assignment.id) ?? offClock(assignment.id);
  const isOnShift = state.shift_status === 'on_shift';
  const now = useNow(isOnShift);
  // The server counted the minutes when it answered; the time since is added while the shift runs.
  const sinceAnswer = isOnShift ? Math.max(0, Math.floor((now - clock.dataUpdatedAt) / MINUTE_MS)) : 0;
  const workedMinutes = state.worked_minutes + sinceAnswer;

  function run(action: ClockAction) {
    act.mutate(
      { assignmentId: assignment.id, action },
      {
        onSuccess: (next) => {
          if (action === 'out')
            toast({ title: 'Clocked out', description: `${formatDuration(workedMinutes)} worked this shift.` });
          else if (action === 'in' && next.clocked_in_at)
            toast({ title: 'Clocked in', description: `On shift since ${formatClockTime(next.clocked_in_at)}.` });
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Clock', description: errorMessage(error, actionFailed[action]) }),
      },
    );
  }

  const button = (action: ClockAction, label: string, Icon: typeof LogInIcon, variant: 'default' | 'outline') => (
    <Button variant={variant} disabled={act.isPending} onClick={() => run(action)}>
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <Card aria-labelledby="clock-title" className="min-w-0">
      <CardHeader>
        <CardTitle id="clock-title">Clock</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {clock.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading your clock</span>
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-10 w-32" />
          </div>
        ) : clock.isError ? (
          <Alert variant="destructive" className="flex-col gap-2">
            <p>{errorMessage(clock.error, 'Your clock could not be loaded.')}</p>
            <Button size="sm" variant="outline" className="self-start" onClick={() => clock.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <>
            <p className="flex items-center gap-2 text-sm">
              <ShiftStatusDot status={state.shift_status} />
              <span>
                <span className="font-medium">{shiftStatusLabels[state.shift_status]}</span>
                {state.shift_status === 'on_shift' && state.clocked_in_at && (
                  <> since {formatClockTime(state.clocked_in_at)}</>
                )}
                {state.shift_status === 'on_break' && state.break_started_at && (
                  <> since {formatClockTime(state.break_started_at)}</>
                )}
                {state.shift_status !== 'offline' && (
                  <span className="text-muted-foreground"> · {formatDuration(workedMinutes)} worked</span>
                )}
              </span>
            </p>
            {state.shift_status === 'offline' && (
              <p className="text-sm text-muted-foreground">Clock in when you start work and out when you stop.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {state.shift_status === 'offline' && button('in', 'Clock In', LogInIcon, 'default')}
              {state.shift_status === 'on_shift' && button('break', 'Start Break', CoffeeIcon, 'outline')}
              {state.shift_status === 'on_break' && button('resume', 'End Break', PlayIcon, 'outline')}
              {state.shift_status !== 'offline' && button('out', 'Clock Out', LogOutIcon, 'default')}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
