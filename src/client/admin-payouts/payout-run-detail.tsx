import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { z } from 'zod';
import { DetailFact } from '~/client/components/details-drawer';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import {
  type PayoutRun,
  payoutRunStatusLabels,
  payoutTexts,
  runLineStatuses,
  runLineStatusLabels,
} from '~/shared/payouts';
import { runQueryOptions } from './api';
import { formatPayoutMoment, formatRunDay, formatRunTotals, runStatusBadges } from './payout-format';
import { RunActions } from './run-actions';
import { RunLinesSection } from './run-lines-section';
import { RunRatesList } from './run-rates-list';

const LOAD_FAILED = 'Failed to load this payout run. Please try again.';

// One payout run (docs/decisions/036), opened from the list or prepared just now: its totals a currency each
// and its lines counted by status, its exchange rates (decision 051), what can be done with it, and its lines.
export function PayoutRunDetail({ runId, onClose }: { runId: string; onClose: () => void }) {
  // A link whose ?run= cannot be a run's id (edited by hand, cut short) is not asked for: the API would
  // answer 400 into the console, and the run does not exist either way.
  const isRunId = z.uuid().safeParse(runId).success;
  const run = useQuery({ ...runQueryOptions(runId), enabled: isRunId });
  return (
    <div className="grid min-w-0 gap-4">
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" onClick={onClose}>
          <ArrowLeftIcon aria-hidden="true" />
          All payout runs
        </Button>
      </div>
      {!isRunId ? (
        <Alert variant="destructive">
          <p>{payoutTexts.runNotFound}</p>
        </Alert>
      ) : run.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the payout run</span>
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-32" />
        </div>
      ) : run.isError ? (
        <Alert variant="destructive" className="flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p>{isNotFoundError(run.error) ? payoutTexts.runNotFound : errorMessage(run.error, LOAD_FAILED)}</p>
          {!isNotFoundError(run.error) && (
            <Button size="sm" variant="outline" onClick={() => run.refetch()}>
              Try Again
            </Button>
          )}
        </Alert>
      ) : (
        <>
          <RunSummary run={run.data} />
          <RunLinesSection run={run.data} />
        </>
      )}
    </div>
  );
}

function RunSummary({ run }: { run: PayoutRun }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The list the person chose the run from is gone: the focus moves to the run, where a screen reader
  // reads its name, rather than falling back to the top of the page.
  useEffect(() => heading.current?.focus(), []);
  const counted = runLineStatuses.filter((status) => (run.counts[status] ?? 0) > 0);
  return (
    <Card aria-labelledby={headingId} className="grid min-w-0 gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg leading-tight font-semibold outline-none">
          Payout run of {formatRunDay(run.scheduled_for)}
        </h2>
        <Badge variant={runStatusBadges[run.status]}>{payoutRunStatusLabels[run.status]}</Badge>
      </div>
      {/* Each fact as tall as itself: beside a value that wraps, a short one stays under its label. */}
      <dl className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <DetailFact label="Total">{formatRunTotals(run.totals)}</DetailFact>
        <DetailFact label="Payouts">{run.payout_count}</DetailFact>
        <DetailFact label={runLineStatusLabels.exception}>{run.exception_count}</DetailFact>
        <DetailFact label="Prepared">{formatPayoutMoment(run.created_at)}</DetailFact>
        {run.approved_at && (
          <DetailFact label="Approved">
            {formatPayoutMoment(run.approved_at)}
            {run.approved_by_name && ` by ${run.approved_by_name}`}
          </DetailFact>
        )}
        {run.reminded_at && <DetailFact label="Talents reminded">{formatPayoutMoment(run.reminded_at)}</DetailFact>}
      </dl>
      {counted.length > 0 && (
        <div className="grid gap-1.5">
          <h3 className="text-sm font-semibold">By status</h3>
          <ul aria-label="Lines by status" className="flex flex-wrap gap-2">
            {counted.map((status) => (
              <li key={status}>
                <Badge variant="outline">
                  {runLineStatusLabels[status]}: {run.counts[status]}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}
      {run.rates.length > 0 && (
        <div className="grid gap-1.5">
          <h3 className="text-sm font-semibold">
            {run.status === 'draft' ? 'Exchange rates approval will lock' : 'Exchange rates locked at approval'}
          </h3>
          <RunRatesList rates={run.rates} label="Exchange rates of the run" />
        </div>
      )}
      <RunActions run={run} />
    </Card>
  );
}
