import { useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { figureColumn } from '~/client/components/figure-column';
import { FilterSelect } from '~/client/components/filter-select';
import { useRowSelection } from '~/client/components/row-selection';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { defineListSearch, isOneOf, type SearchParam, useListSearch } from '~/client/lib/list-search';
import type { CompanyTimesheet } from '~/shared/billing';
import { formatCents } from '~/shared/billing-texts';
import { companyTimesheetsQueryOptions } from './api';
import { formatHoursOfWeek } from './hours';
import { TimesheetBulkBar } from './timesheet-bulk-bar';
import { OverHoursBadge, TimesheetReviewDialog } from './timesheet-review-dialog';
import { TimesheetStatusBadge } from './timesheet-status-badge';
import { formatDate, formatWeek } from './work-format';

// The weeks a company sees: those awaiting its approval first (the default), or one other status, or all.
const statusFilters = ['submitted', 'approved', 'returned', 'all'] as const;
type StatusFilter = (typeof statusFilters)[number];
const statusFilterLabels: Record<StatusFilter, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Returned',
  all: 'All',
};

const DEFAULT_STATUS: StatusFilter = 'submitted';
const statusParam: SearchParam<StatusFilter> = {
  key: 'timesheets_status',
  read: (params) => {
    const value = params.get('timesheets_status') ?? '';
    return isOneOf(statusFilters, value) ? value : DEFAULT_STATUS;
  },
  write: (value) => (value === DEFAULT_STATUS ? null : value),
};

// Its own URL keys: the panel shares the Billing page's URL with the invoices.
const timesheetsSearch = defineListSearch<{ status: StatusFilter }>({
  keys: { q: 'timesheets_q', page: 'timesheets_page', pageSize: 'timesheets_page_size', sort: 'timesheets_sort' },
  filters: { status: statusParam },
});

// The company's timesheets to approve: each week with its talent and hours against the agreed
// ones; a week opens for Approve or Return, and the weeks awaiting approval can be approved together.
export function CompanyTimesheetsPanel() {
  const search = useListSearch(timesheetsSearch);
  const { state } = search;
  const timesheets = useQuery(
    companyTimesheetsQueryOptions({
      status: state.status === 'all' ? undefined : state.status,
      page: state.page,
      page_size: state.pageSize,
    }),
  );
  const [reviewed, setReviewed] = useState<CompanyTimesheet | null>(null);
  // Weeks awaiting approval can be approved together: the rows of the Submitted view (each has an id).
  const isAwaiting = state.status === 'submitted';
  const awaiting = isAwaiting
    ? (timesheets.data?.items ?? []).flatMap((timesheet) => (timesheet.id ? [{ ...timesheet, id: timesheet.id }] : []))
    : [];
  const selection = useRowSelection(awaiting, JSON.stringify([state.page, state.pageSize, state.status]));

  const columns: DataListColumn<CompanyTimesheet>[] = [
    ...(isAwaiting && awaiting.length > 0
      ? [
          selection.column({
            noun: 'timesheets',
            nameOf: (timesheet) => `${timesheet.applicant_name}, ${formatWeek(timesheet.week_start)}`,
          }) as DataListColumn<CompanyTimesheet>,
        ]
      : []),
    {
      id: 'talent',
      phone: 'title',
      header: 'Talent',
      cell: (timesheet) => <span className="font-medium">{timesheet.applicant_name}</span>,
    },
    { id: 'role', phone: 'detail', phoneOrder: 1, header: 'Role', cell: (timesheet) => timesheet.role },
    {
      id: 'week',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Week',
      className: 'whitespace-nowrap',
      cell: (timesheet) => formatWeek(timesheet.week_start),
    },
    {
      id: 'hours',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Hours',
      cell: (timesheet) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="whitespace-nowrap tabular-nums">
            {formatHoursOfWeek(timesheet.total_minutes, timesheet.weekly_hours)}
          </span>
          <OverHoursBadge timesheet={timesheet} />
        </span>
      ),
    },
    // What the week costs the company: before approving, as the next invoice would bill it; after, as it is
    // (or was) billed (docs/decisions/024).
    figureColumn({
      id: 'cost',
      header: 'Cost',
      phoneOrder: 4,
      value: (timesheet) => formatCents(timesheet.cost.total_cents, timesheet.cost.currency),
    }),
    {
      id: 'submitted',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Submitted',
      className: 'whitespace-nowrap',
      cell: (timesheet) =>
        timesheet.submitted_at ? (
          <>
            <PhoneLabel>Submitted</PhoneLabel>
            {formatDate(timesheet.submitted_at)}
          </>
        ) : (
          <span className="text-muted-foreground max-md:hidden">—</span>
        ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Status',
      cell: (timesheet) => <TimesheetStatusBadge status={timesheet.status} />,
    },
    {
      id: 'actions',
      phone: 'menu',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (timesheet) => (
        <Button
          size="sm"
          variant={timesheet.status === 'submitted' ? 'default' : 'outline'}
          aria-label={`${timesheet.status === 'submitted' ? 'Review' : 'View'} ${timesheet.applicant_name}, ${formatWeek(timesheet.week_start)}`}
          onClick={() => setReviewed(timesheet)}
        >
          {timesheet.status === 'submitted' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  const toolbar = (
    <>
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor="timesheets-status">Status</Label>
        <FilterSelect
          id="timesheets-status"
          value={state.status}
          options={statusFilters}
          labels={statusFilterLabels}
          onChange={(status) => search.change({ status })}
        />
      </div>
      {selection.selectedIds.length > 0 && (
        <TimesheetBulkBar selectedIds={selection.selectedIds} onDone={selection.clear} />
      )}
    </>
  );

  return (
    <>
      <DataList
        label="Timesheets"
        noun="timesheets"
        query={timesheets}
        columns={columns}
        rowKey={(timesheet) => timesheet.id ?? `${timesheet.assignment_id}:${timesheet.week_start}`}
        search={search}
        isRowSelected={(timesheet) => timesheet.id !== null && selection.selectedIds.includes(timesheet.id)}
        errorTitle="The timesheets could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          icon: ClipboardCheckIcon,
          filtered: {
            title:
              state.status === 'all'
                ? 'No timesheets yet'
                : `No ${statusFilterLabels[state.status].toLowerCase()} timesheets`,
            description: 'Weeks your talent submit wait here for your approval.',
          },
          none: {
            title: 'No timesheets awaiting approval',
            description: 'Weeks your talent submit appear here for you to approve or return.',
          },
        }}
        toolbar={toolbar}
      />
      <TimesheetReviewDialog
        timesheet={reviewed}
        onOpenChange={(open) => {
          if (!open) setReviewed(null);
        }}
      />
    </>
  );
}
