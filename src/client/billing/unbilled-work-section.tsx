import { useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon } from 'lucide-react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { CostBreakdown, nextInvoiceSentence } from '~/client/components/invoice-estimate';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { formatMomentDayIn, formatWeek } from '~/client/lib/iso-day';
import { defineListSearch, useListSearch } from '~/client/lib/list-search';
import { useOwnTimeZone } from '~/client/lib/own-time-zone';
import type { UnbilledWeek } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { nextInvoiceQueryOptions, unbilledWorkQueryOptions } from './api';

// Its own URL keys: the section shares the Billing page's URL with the invoices.
const unbilledSearch = defineListSearch<Record<never, never>>({
  keys: { q: 'unbilled_q', page: 'unbilled_page', pageSize: 'unbilled_page_size', sort: 'unbilled_sort' },
  pageSizes: [10],
  filters: {},
});

const hoursFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

// The line that says when the next invoice comes and about how much, with its estimate below
// (docs/decisions/024): the weekly run's own draft over the approved weeks not yet billed.
function NextInvoiceSummary() {
  const next = useQuery(nextInvoiceQueryOptions());
  const zone = useOwnTimeZone();
  if (next.isPending) {
    return (
      <div className="grid gap-2" role="status">
        <span className="sr-only">Loading your next invoice</span>
        <Skeleton className="h-6 w-72 max-w-full" />
        <Skeleton className="h-16 w-full max-w-sm" />
      </div>
    );
  }
  if (next.isError) {
    return (
      <Alert variant="destructive" className="flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>{errorMessage(next.error, 'Your next invoice could not be loaded. Please try again.')}</p>
        <Button variant="outline" size="sm" onClick={() => next.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const invoice = next.data;
  return (
    <div className="grid gap-3 md:grid-cols-[1fr_minmax(0,20rem)] md:items-start">
      <div className="grid gap-1">
        <p className="font-semibold">{nextInvoiceSentence(invoice, zone)}</p>
        <p className="text-sm text-muted-foreground">
          {invoice.weeks > 0
            ? `${invoice.weeks} approved ${invoice.weeks === 1 ? 'week' : 'weeks'}, ${hoursFormat.format(invoice.total_minutes / 60)} h. An estimate until the invoice is issued: weeks you approve before then are added to it.`
            : 'Weeks you approve are billed on the next weekly invoice.'}
        </p>
      </div>
      {invoice.weeks > 0 && (
        <CostBreakdown
          cost={invoice}
          label="Next invoice estimate"
          totalLabel="About"
          className="rounded-md border border-border p-3"
        />
      )}
    </div>
  );
}

// Billing's Unbilled work: the approved weeks no invoice has billed yet, newest first, each with its cost,
// under the next invoice's day and estimate.
export function UnbilledWorkSection() {
  const search = useListSearch(unbilledSearch);
  const zone = useOwnTimeZone();
  const weeks = useQuery(unbilledWorkQueryOptions({ page: search.state.page, page_size: search.state.pageSize }));

  const columns: DataListColumn<UnbilledWeek>[] = [
    {
      id: 'talent',
      phone: 'title',
      header: 'Talent',
      cell: (week) => <span className="font-medium">{week.applicant_name}</span>,
    },
    { id: 'role', phone: 'detail', phoneOrder: 1, header: 'Role', cell: (week) => week.role },
    {
      id: 'week',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Week',
      className: 'whitespace-nowrap',
      cell: (week) => formatWeek(week.week_start),
    },
    figureColumn({
      id: 'hours',
      header: 'Hours',
      phoneOrder: 3,
      value: (week) => `${hoursFormat.format(week.total_minutes / 60)} h`,
    }),
    figureColumn({
      id: 'cost',
      header: 'Cost',
      phoneOrder: 4,
      value: (week) => formatCents(week.cost.total_cents, week.cost.currency),
    }),
    {
      id: 'approved',
      phone: 'detail',
      phoneOrder: 5,
      // Days in the viewer's own zone; UTC, said so, until they set one (docs/decisions/022).
      header: zone ? 'Approved' : 'Approved (UTC)',
      className: 'whitespace-nowrap',
      cell: (week) =>
        week.approved_at ? (
          <>
            <PhoneLabel>Approved</PhoneLabel>
            {formatMomentDayIn(week.approved_at, zone)}
          </>
        ) : (
          <span className="text-muted-foreground max-md:hidden">—</span>
        ),
    },
  ];

  const header = (
    <div className="grid gap-4">
      <div className="space-y-1">
        <h2 id="unbilled-work-title" className="text-lg leading-tight font-semibold">
          Unbilled work
        </h2>
        <p className="text-sm text-muted-foreground">Approved weeks no invoice has billed yet.</p>
      </div>
      <NextInvoiceSummary />
    </div>
  );

  return (
    <DataList
      label="Unbilled weeks"
      noun="weeks"
      query={weeks}
      columns={columns}
      rowKey={(week) => week.timesheet_id}
      search={search}
      errorTitle="Your unbilled work could not be loaded"
      errorText={errorMessage(weeks.error, 'Check your connection and try again.')}
      empty={{
        icon: ClipboardCheckIcon,
        filtered: { title: 'No unbilled weeks found' },
        none: {
          title: 'No unbilled work',
          description: 'Every approved week has been invoiced. Weeks you approve wait here for the next invoice.',
          create: { to: '?tab=timesheets', label: 'Review Timesheets', icon: ClipboardCheckIcon },
        },
      }}
      toolbar={header}
    />
  );
}
