import { useQuery } from '@tanstack/react-query';
import { CalendarClockIcon } from 'lucide-react';
import { DataList, type DataListColumn } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import { type PayoutRun, payoutRunStatusLabels, payoutTexts } from '~/shared/payouts';
import { runListQueryOptions, usePrepareRun } from './api';
import { formatRunDay, formatRunTotals, payoutsCount, runStatusBadges } from './payout-format';
import { runsSearch } from './payouts-search';

const PREPARE_FAILED = 'The payout run could not be prepared. Please try again.';

// The payout runs, newest first, a page at a time (docs/decisions/036): each run's day, status, total and
// counts, and Open; Prepare payout run now makes today's run (or answers the one made already) and opens it.
export function PayoutRunsSection({ onOpen }: { onOpen: (runId: string) => void }) {
  const search = useListSearch(runsSearch);
  const { state } = search;
  const runs = useQuery(runListQueryOptions({ page: state.page, page_size: state.pageSize }));
  const prepare = usePrepareRun();

  const prepareNow = () =>
    prepare.mutate(undefined, {
      onSuccess: (run) => {
        toast(
          run.was_waiting
            ? { title: payoutTexts.runWaitingTitle, description: payoutTexts.runWaiting }
            : {
                title: 'Payout run prepared',
                description: `${formatRunDay(run.scheduled_for)}: ${payoutsCount(run.payout_count)}, ${formatRunTotals(run.totals)} in all; ${run.exception_count} not paid.`,
              },
        );
        onOpen(run.id);
      },
      onError: (error) =>
        toast({ title: 'Run not prepared', description: errorMessage(error, PREPARE_FAILED), variant: 'destructive' }),
    });

  const columns: DataListColumn<PayoutRun>[] = [
    {
      id: 'day',
      phone: 'title',
      header: 'Day',
      className: 'whitespace-nowrap',
      cell: (run) => <span className="font-medium">{formatRunDay(run.scheduled_for)}</span>,
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (run) => <Badge variant={runStatusBadges[run.status]}>{payoutRunStatusLabels[run.status]}</Badge>,
    },
    figureColumn({ id: 'total', header: 'Total', phoneOrder: 2, value: (run) => formatRunTotals(run.totals) }),
    figureColumn({ id: 'payouts', header: 'Payouts', phoneOrder: 3, value: (run) => run.payout_count }),
    figureColumn({ id: 'exceptions', header: 'Not paid', phoneOrder: 4, value: (run) => run.exception_count }),
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (run) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onOpen(run.id)}
          aria-label={`Open the payout run of ${formatRunDay(run.scheduled_for)}`}
        >
          Open
        </Button>
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">
        Each run pays every talent their available balance once an administrator approves it. Talent who cannot be paid
        stay in the run as not paid, with why.
      </p>
      <Button className="shrink-0" onClick={prepareNow} disabled={prepare.isPending}>
        <CalendarClockIcon aria-hidden="true" />
        {prepare.isPending ? 'Preparing...' : 'Prepare payout run now'}
      </Button>
    </div>
  );

  return (
    <DataList
      label="Payout runs"
      noun="payout runs"
      query={runs}
      columns={columns}
      rowKey={(run) => run.id}
      search={search}
      errorTitle="Failed to load payout runs"
      errorText={errorMessage(runs.error, 'Please check your connection and try again.')}
      empty={{
        icon: CalendarClockIcon,
        filtered: { title: 'No payout runs', description: 'Try another page.' },
        none: {
          title: 'No payout runs yet',
          description: 'Prepare one now to see who would be paid, then approve it to send the payouts.',
        },
      }}
      toolbar={toolbar}
    />
  );
}
