import { useQuery } from '@tanstack/react-query';
import { CircleStopIcon, InfoIcon, PencilIcon, PlayIcon, UserCheckIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { ChangeTermsDialog, EndAssignmentDialog } from '~/client/components/assignment-dialogs';
import {
  DataList,
  type DataListColumn,
  PhoneLabel,
  RowMenuTrigger,
  useConfirmAction,
} from '~/client/components/data-list';
import { ShiftStatusLabel } from '~/client/components/shift-status';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '~/client/components/ui/dropdown-menu';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay } from '~/client/lib/iso-day';
import { defineListSearch, isOneOf, searchParam, useListSearch } from '~/client/lib/list-search';
import { assignmentStatuses } from '~/shared/applications';
import type { Assignment } from '~/shared/billing';
import { paths } from '~/shared/routes';
import { companyAssignmentsQueryOptions, useChangeAssignmentTerms, useEndAssignment, useStartAssignment } from './api';
import { AssignmentDetailsDialog, describeTalent } from './assignment-dialogs';
import { AssignmentStatusBadge } from './timesheet-status-badge';
import { assignmentStatusLabels, formatRate, todayIsoDay } from './work-format';

// Its own URL keys: the panel shares the Billing page's URL with the invoices.
const assignmentsSearch = defineListSearch({
  keys: { q: 'assignments_q', page: 'assignments_page', pageSize: 'assignments_page_size', sort: 'assignments_sort' },
  filters: { status: searchParam.oneOf('assignments_status', assignmentStatuses) },
});

type DialogKind = 'details' | 'terms' | 'end';

const rowName = (assignment: Assignment) => `${assignment.applicant_name}, ${assignment.role}`;

function AssignmentMenu({
  assignment,
  today,
  onOpen,
  onStart,
}: {
  assignment: Assignment;
  today: string;
  onOpen: (kind: DialogKind, assignment: Assignment) => void;
  onStart: (assignment: Assignment) => void;
}) {
  const isEnded = assignment.status === 'ended';
  const canStartToday = assignment.start_date <= today;
  return (
    <DropdownMenu>
      <RowMenuTrigger name={rowName(assignment)} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onOpen('details', assignment)}>
          <InfoIcon aria-hidden="true" />
          View details
        </DropdownMenuItem>
        {assignment.status === 'pending' && (
          <DropdownMenuItem disabled={!canStartToday} onSelect={() => onStart(assignment)}>
            <PlayIcon aria-hidden="true" />
            {canStartToday ? 'Start' : `Start (from ${formatIsoDay(assignment.start_date)})`}
          </DropdownMenuItem>
        )}
        {!isEnded && (
          <DropdownMenuItem onSelect={() => onOpen('terms', assignment)}>
            <PencilIcon aria-hidden="true" />
            Change terms
          </DropdownMenuItem>
        )}
        {/* Only a started assignment ends; one not started yet is not work to end. */}
        {assignment.status === 'active' && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              onSelect={() => onOpen('end', assignment)}
              className="text-destructive data-[highlighted]:text-destructive"
            >
              <CircleStopIcon aria-hidden="true" />
              End
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// The company's assignments (issue 15): who works for it, at what rate and hours, since when, and whether
// they are on shift now; Start one on its start date, change its terms from a date, or end it.
export function CompanyAssignmentsPanel() {
  const search = useListSearch(assignmentsSearch);
  const { state } = search;
  const assignments = useQuery(
    companyAssignmentsQueryOptions({ status: state.status ?? undefined, page: state.page, page_size: state.pageSize }),
  );
  const [dialog, setDialog] = useState<{ kind: DialogKind; assignment: Assignment } | null>(null);
  const open = (kind: DialogKind, assignment: Assignment) => setDialog({ kind, assignment });
  const shown = (kind: DialogKind) => (dialog?.kind === kind ? dialog.assignment : null);
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  const today = todayIsoDay();

  const start = useStartAssignment();
  const changeTerms = useChangeAssignmentTerms();
  const endAssignment = useEndAssignment();
  const confirm = useConfirmAction({
    describe: (_action: 'start', assignment: Assignment) => ({
      title: 'Start this assignment?',
      description: `${assignment.applicant_name} starts as ${assignment.role} at ${formatRate(assignment.rate_cents)} for ${assignment.weekly_hours} h a week, and can log time from today.`,
      confirmLabel: 'Start Assignment',
    }),
    perform: (_action, assignment, done) =>
      start.mutate(
        { id: assignment.id },
        {
          onSuccess: () =>
            toast({ title: 'Assignment started', description: `${assignment.applicant_name} can log time now.` }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'The assignment did not start',
              description: errorMessage(error, 'Please try again.'),
            }),
          onSettled: done,
        },
      ),
    isPending: start.isPending,
  });

  const columns: DataListColumn<Assignment>[] = [
    {
      id: 'talent',
      phone: 'title',
      header: 'Talent',
      cell: (assignment) => <span className="font-medium">{assignment.applicant_name}</span>,
    },
    { id: 'role', phone: 'detail', phoneOrder: 1, header: 'Role', cell: (assignment) => assignment.role },
    {
      id: 'rate',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Rate',
      className: 'whitespace-nowrap tabular-nums',
      cell: (assignment) => formatRate(assignment.rate_cents),
    },
    {
      id: 'hours',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Weekly hours',
      className: 'whitespace-nowrap tabular-nums',
      cell: (assignment) => (
        <>
          {assignment.weekly_hours} h<span className="md:hidden"> a week</span>
        </>
      ),
    },
    {
      id: 'start',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Start date',
      className: 'whitespace-nowrap',
      cell: (assignment) => (
        <>
          <PhoneLabel>Starts</PhoneLabel>
          {formatIsoDay(assignment.start_date)}
        </>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Status',
      cell: (assignment) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <AssignmentStatusBadge status={assignment.status} />
          {assignment.status === 'active' && <ShiftStatusLabel status={assignment.shift_status} className="text-sm" />}
        </span>
      ),
    },
    {
      id: 'actions',
      phone: 'menu',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (assignment) => (
        <AssignmentMenu
          assignment={assignment}
          today={today}
          onOpen={open}
          onStart={(item) => confirm.ask('start', item)}
        />
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor="assignments-status">Status</Label>
        <NativeSelect
          id="assignments-status"
          value={state.status ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            search.change({ status: isOneOf(assignmentStatuses, value) ? value : null });
          }}
        >
          <option value="">All statuses</option>
          {assignmentStatuses.map((status) => (
            <option key={status} value={status}>
              {assignmentStatusLabels[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {search.isFiltered && (
        <Button variant="ghost" onClick={search.clear}>
          <XIcon aria-hidden="true" />
          Clear Filters
        </Button>
      )}
    </div>
  );

  return (
    <>
      <DataList
        label="Assignments"
        noun="assignments"
        query={assignments}
        columns={columns}
        rowKey={(assignment) => assignment.id}
        search={search}
        errorTitle="The assignments could not be loaded"
        errorText="Check your connection and try again."
        empty={{
          icon: UserCheckIcon,
          filtered: { title: 'No assignments with this status', description: 'Choose another status, or show all.' },
          none: {
            title: 'No assignments yet',
            description: 'When someone you hire accepts your offer, their assignment appears here.',
            create: { to: paths.companyTalent.getHref(), label: 'Find Talent', icon: UserCheckIcon },
          },
        }}
        toolbar={toolbar}
        rowConfirm={confirm}
      />
      <AssignmentDetailsDialog assignment={shown('details')} onOpenChange={close} />
      <ChangeTermsDialog
        assignment={shown('terms')}
        describe={describeTalent}
        changeTerms={changeTerms.mutateAsync}
        onOpenChange={close}
      />
      <EndAssignmentDialog
        assignment={shown('end')}
        description={(assignment) =>
          `${describeTalent(assignment)} stops working for you after the end date. This cannot be undone.`
        }
        endAssignment={endAssignment.mutateAsync}
        onOpenChange={close}
      />
    </>
  );
}
