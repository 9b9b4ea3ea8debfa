import { useQuery } from '@tanstack/react-query';
import {
  BriefcaseIcon,
  CircleStopIcon,
  ClockIcon,
  HourglassIcon,
  PencilIcon,
  PlayIcon,
  PlusIcon,
  UserCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { ChangeTermsDialog, EndAssignmentDialog } from '~/client/components/assignment-dialogs';
import {
  DataList,
  type DataListColumn,
  PhoneLabel,
  RowMenuTrigger,
  useConfirmAction,
} from '~/client/components/data-list';
import { PageMeta } from '~/client/components/page-meta';
import { SearchStatusToolbar } from '~/client/components/search-status-toolbar';
import { SummaryCards } from '~/client/components/summary-cards';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem } from '~/client/components/ui/dropdown-menu';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay, toIsoDay } from '~/client/lib/iso-day';
import { defineListSearch, searchParam, useListSearch } from '~/client/lib/list-search';
import { type AssignmentStatus, assignmentStatuses } from '~/shared/applications';
import { type Assignment, formatCents } from '~/shared/billing';
import {
  adminAssignmentSummaryQueryOptions,
  adminAssignmentsQueryOptions,
  useChangeAdminAssignmentTerms,
  useEndAdminAssignment,
  useStartAdminAssignment,
} from './api';
import { NewAssignmentDialog } from './new-assignment-dialog';

export const assignmentStatusLabels: Record<AssignmentStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  ended: 'Ended',
};
const assignmentStatusVariants: Record<AssignmentStatus, BadgeVariant> = {
  pending: 'info',
  active: 'success',
  ended: 'neutral',
};

export const formatHourlyRate = (cents: number) => `${formatCents(cents)}/h`;

const adminAssignmentsSearch = defineListSearch({
  filters: { status: searchParam.oneOf('status', assignmentStatuses) },
});

// ---------------------------------------------------------------- summary cards

function AssignmentSummaryCards() {
  return (
    <SummaryCards
      query={useQuery(adminAssignmentSummaryQueryOptions())}
      label="Assignment summary"
      count={4}
      failure="Failed to load the assignment summary. Please try again."
      cardsOf={({ active_assignments, pending_starts, talent_at_work, weekly_billable_hours }) => [
        {
          label: 'Active Assignments',
          value: active_assignments,
          hint: 'Talent working now',
          icon: <BriefcaseIcon />,
        },
        { label: 'Pending Starts', value: pending_starts, hint: 'Waiting for their start', icon: <HourglassIcon /> },
        {
          label: 'Talent at Work',
          value: talent_at_work,
          hint: 'People with an active assignment',
          icon: <UsersIcon />,
        },
        {
          label: 'Weekly Billable Hours',
          value: weekly_billable_hours,
          hint: 'Agreed hours of active assignments',
          icon: <ClockIcon />,
        },
      ]}
    />
  );
}

// ---------------------------------------------------------------- the list

const rowName = (assignment: Assignment) =>
  `${assignment.applicant_name}, ${assignment.role} at ${assignment.company_name}`;

function AssignmentMenu({
  assignment,
  today,
  onStart,
  onEnd,
  onChangeTerms,
}: {
  assignment: Assignment;
  today: string;
  onStart: (assignment: Assignment) => void;
  onEnd: (assignment: Assignment) => void;
  onChangeTerms: (assignment: Assignment) => void;
}) {
  if (assignment.status === 'ended') return null;
  const canStartToday = assignment.start_date <= today;
  return (
    <DropdownMenu>
      <RowMenuTrigger name={rowName(assignment)} />
      <DropdownMenuContent align="end">
        {assignment.status === 'pending' && (
          <DropdownMenuItem disabled={!canStartToday} onSelect={() => onStart(assignment)}>
            <PlayIcon aria-hidden="true" />
            {canStartToday ? 'Start' : `Start (from ${formatIsoDay(assignment.start_date)})`}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onChangeTerms(assignment)}>
          <PencilIcon aria-hidden="true" />
          Change terms
        </DropdownMenuItem>
        {assignment.status === 'active' && (
          <DropdownMenuItem
            onSelect={() => onEnd(assignment)}
            className="text-destructive data-[highlighted]:text-destructive"
          >
            <CircleStopIcon aria-hidden="true" />
            End
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// /admin/assignments (issue 16 §3): the summary cards, every assignment with its status and rate, a
// search by talent, company or role, and New Assignment.
export function AdminAssignments({ title }: { title: string }) {
  const search = useListSearch(adminAssignmentsSearch);
  const { state } = search;
  const assignments = useQuery(
    adminAssignmentsQueryOptions({
      q: state.q || undefined,
      status: state.status ?? undefined,
      page: state.page,
      page_size: state.pageSize,
    }),
  );
  const [isCreating, setIsCreating] = useState(false);
  const [ending, setEnding] = useState<Assignment | null>(null);
  const [changing, setChanging] = useState<Assignment | null>(null);
  const today = toIsoDay(new Date());

  const start = useStartAdminAssignment();
  const changeTerms = useChangeAdminAssignmentTerms();
  const endAssignment = useEndAdminAssignment();
  const confirm = useConfirmAction({
    describe: (_action: 'start', assignment: Assignment) => ({
      title: 'Start this assignment?',
      description: `${assignment.applicant_name} starts as ${assignment.role} at ${assignment.company_name}, ${formatHourlyRate(assignment.rate_cents)} for ${assignment.weekly_hours} h a week.`,
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
    { id: 'company', phone: 'detail', phoneOrder: 1, header: 'Company', cell: (assignment) => assignment.company_name },
    { id: 'role', phone: 'detail', phoneOrder: 2, header: 'Role', cell: (assignment) => assignment.role },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Status',
      cell: (assignment) => (
        <Badge variant={assignmentStatusVariants[assignment.status]}>{assignmentStatusLabels[assignment.status]}</Badge>
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
      id: 'rate',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Rate',
      className: 'whitespace-nowrap tabular-nums',
      cell: (assignment) => formatHourlyRate(assignment.rate_cents),
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
          onStart={(item) => confirm.ask('start', item)}
          onEnd={setEnding}
          onChangeTerms={setChanging}
        />
      ),
    },
  ];

  const toolbar = (
    <SearchStatusToolbar
      search={search}
      searchLabel="Search assignments"
      placeholder="Search by talent, company or role..."
      statuses={assignmentStatuses}
      statusLabels={assignmentStatusLabels}
    />
  );

  return (
    <div className="grid min-w-0 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <PageMeta title={title} />
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Every assignment on the platform: who works where, since when.
          </p>
        </div>
        <Button onClick={() => setIsCreating(true)}>
          <PlusIcon aria-hidden="true" />
          New Assignment
        </Button>
      </div>
      <AssignmentSummaryCards />
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
          filtered: {
            title: 'No assignments match',
            description: 'Try another search or status, or clear the filters.',
          },
          none: { title: 'No assignments yet', description: 'Create one with New Assignment.' },
        }}
        toolbar={toolbar}
        rowConfirm={confirm}
      />
      <NewAssignmentDialog open={isCreating} onOpenChange={setIsCreating} />
      <ChangeTermsDialog
        assignment={changing}
        describe={(assignment) => `${assignment.applicant_name} (${assignment.role}, ${assignment.company_name})`}
        changeTerms={changeTerms.mutateAsync}
        onOpenChange={(open) => {
          if (!open) setChanging(null);
        }}
      />
      <EndAssignmentDialog
        assignment={ending}
        description={(assignment) =>
          `${assignment.applicant_name} (${assignment.role}) stops working for ${assignment.company_name} after the end date. This cannot be undone.`
        }
        endAssignment={endAssignment.mutateAsync}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
      />
    </div>
  );
}
