import { useQuery } from '@tanstack/react-query';
import { CalendarRangeIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { applySearchPatch, defineListSearch, useListSearch } from '~/client/lib/list-search';
import type { Timesheet } from '~/shared/billing';
import { applicantTimesheetsQueryOptions } from './api';
import { formatHoursOfWeek } from './hours';
import { TimesheetStatusBadge } from './timesheet-status-badge';
import { formatDate, formatWeek } from './work-format';

// Its own URL keys: the page keeps the assignment and the week open beside it.
const pastWeeksSearch = defineListSearch<Record<never, never>>({
  keys: { page: 'weeks_page', q: 'weeks_q' },
  pageSizes: [10],
  filters: {},
});

// The assignment's weeks saved so far, newest first; a week opens in the grid above.
export function PastWeeks({ assignmentId, openWeek }: { assignmentId: string; openWeek: string }) {
  const search = useListSearch(pastWeeksSearch);
  const [params] = useSearchParams();
  const weeks = useQuery(
    applicantTimesheetsQueryOptions({
      assignment_id: assignmentId,
      page: search.state.page,
      page_size: search.state.pageSize,
    }),
  );
  const weekHref = (weekStart: string) => `?${applySearchPatch(params, { week: weekStart }).toString()}`;

  const columns: DataListColumn<Timesheet>[] = [
    {
      id: 'week',
      phone: 'title',
      header: 'Week',
      cell: (timesheet) => (
        <Link
          to={weekHref(timesheet.week_start)}
          aria-current={timesheet.week_start === openWeek ? 'true' : undefined}
          className="font-medium underline-offset-4 hover:text-primary hover:underline"
        >
          {formatWeek(timesheet.week_start)}
        </Link>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      cell: (timesheet) => <TimesheetStatusBadge status={timesheet.status} />,
    },
    {
      id: 'hours',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Hours',
      className: 'tabular-nums whitespace-nowrap',
      cell: (timesheet) => formatHoursOfWeek(timesheet.total_minutes, timesheet.weekly_hours),
    },
    {
      id: 'submitted',
      phone: 'detail',
      phoneOrder: 3,
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
  ];

  return (
    <section aria-labelledby="past-weeks-title" className="grid gap-3">
      <h2 id="past-weeks-title" className="text-lg font-semibold">
        Past weeks
      </h2>
      <DataList
        label="Past weeks"
        noun="weeks"
        query={weeks}
        columns={columns}
        rowKey={(timesheet) => timesheet.week_start}
        isRowSelected={(timesheet) => timesheet.week_start === openWeek}
        search={search}
        errorTitle="Your past weeks could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          icon: CalendarRangeIcon,
          filtered: { title: 'No weeks found' },
          none: { title: 'No weeks yet', description: 'Weeks you save or submit appear here.' },
        }}
      />
    </section>
  );
}
