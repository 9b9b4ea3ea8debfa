import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, CalendarClockIcon, ClipboardCheckIcon, PauseCircleIcon, TimerIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { JobStatus } from '~/shared/jobs';
import { jobSummaryQueryOptions } from './api';
import { formatDays } from './format-metrics';

interface JobSummaryCardsProps {
  // The status filter of the Job Posts tab when it is exactly one status: that card shows as pressed.
  activeStatus: JobStatus | null;
  isShowingInterviews: boolean;
  onShowStatus: (status: 'open' | 'paused') => void;
  onShowTests: () => void;
  onPendingInterviews: () => void;
}

const formatCount = new Intl.NumberFormat('en-US');

interface SummaryCardProps {
  label: string;
  value: ReactNode;
  hint: string;
  icon: ReactNode;
  onClick?: () => void;
  isPressed?: boolean;
  // Takes a whole row of the two-column phone grid (the fifth card).
  isWideOnPhones?: boolean;
}

function SummaryCard({ label, value, hint, icon, onClick, isPressed, isWideOnPhones = false }: SummaryCardProps) {
  const body = (
    <>
      {/* Two lines on phones for the paired cards, so their figures line up when a label wraps. */}
      <span className={cn('text-sm font-medium text-muted-foreground', !isWideOnPhones && 'max-sm:min-h-10')}>
        {label}
      </span>
      <span className="flex w-full items-center justify-between gap-2">
        <span className="text-2xl font-bold tracking-tight text-foreground">{value}</span>
        <span
          className="grid size-8 shrink-0 place-content-center rounded-md bg-accent text-primary [&_svg]:size-4"
          aria-hidden="true"
        >
          {icon}
        </span>
      </span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </>
  );
  const frame = cn(
    'flex h-full w-full flex-col items-start gap-1 rounded-lg border bg-background p-4 text-left shadow-sm',
    isWideOnPhones && 'max-md:col-span-2',
  );
  if (!onClick) return <div className={cn(frame, 'border-border')}>{body}</div>;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isPressed === undefined ? undefined : isPressed}
      className={cn(
        frame,
        'cursor-pointer transition-colors hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        isPressed ? 'border-primary ring-1 ring-primary' : 'border-border',
      )}
    >
      {body}
    </button>
  );
}

// The five figures at the top of the screen, from GET /api/jobs/summary.
export function JobSummaryCards({
  activeStatus,
  isShowingInterviews,
  onShowStatus,
  onShowTests,
  onPendingInterviews,
}: JobSummaryCardsProps) {
  const summary = useQuery(jobSummaryQueryOptions());

  if (summary.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" role="status">
        <span className="sr-only">Loading summary</span>
        {[1, 2, 3, 4, 5].map((card) => (
          <Skeleton key={card} className="h-[6.5rem]" />
        ))}
      </div>
    );
  }

  if (summary.isError) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <p>{errorMessage(summary.error, 'Failed to load the summary figures. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => summary.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }

  const data = summary.data;
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <SummaryCard
        label="Open Jobs"
        value={formatCount.format(data.open_jobs)}
        hint="Show open job posts"
        icon={<BriefcaseIcon />}
        isPressed={activeStatus === 'open'}
        onClick={() => onShowStatus('open')}
      />
      <SummaryCard
        label="Paused Jobs"
        value={formatCount.format(data.paused_jobs)}
        hint="Show paused job posts"
        icon={<PauseCircleIcon />}
        isPressed={activeStatus === 'paused'}
        onClick={() => onShowStatus('paused')}
      />
      <SummaryCard
        label="Pending Interviews"
        value={formatCount.format(data.pending_interviews)}
        hint="Applications in interviews"
        icon={<CalendarClockIcon />}
        isPressed={isShowingInterviews}
        onClick={onPendingInterviews}
      />
      <SummaryCard
        label="Tests Assigned"
        value={formatCount.format(data.tests_assigned)}
        hint="Times your tests were given to candidates"
        icon={<ClipboardCheckIcon />}
        onClick={onShowTests}
      />
      <SummaryCard
        label="Avg Time-to-Hire"
        value={formatDays(data.avg_time_to_hire_days)}
        hint="From publishing to hire"
        icon={<TimerIcon />}
        isWideOnPhones
      />
    </section>
  );
}
