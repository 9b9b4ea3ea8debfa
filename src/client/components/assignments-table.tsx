import { CircleStopIcon, InfoIcon, PencilIcon, PlayIcon, StarIcon, UserCheckIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ChangeTermsDialog, EndAssignmentDialog } from '~/client/components/assignment-dialogs';
import { AssignmentReviewsDialog, type ReviewerSide } from '~/client/components/assignment-reviews-dialog';
import { FIXED_PRICE_LABEL, formatHourlyRate, hourlyTermsOf } from '~/client/components/assignment-terms';
import {
  DataList,
  type DataListColumn,
  type ListQueryResult,
  PhoneLabel,
  RowMenuTrigger,
  useConfirmAction,
} from '~/client/components/data-list';
import { ShiftStatusLabel } from '~/client/components/shift-status';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '~/client/components/ui/dropdown-menu';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatIsoDay, toIsoDay } from '~/client/lib/iso-day';
import type { AssignmentStatus } from '~/shared/applications';
import type { Assignment, ChangeAssignmentTermsInput, EndAssignmentInput } from '~/shared/billing';

// The assignments list the administrator and the company share: who works where, at what rate and
// hours (or for a fixed price, with its contract's milestones: docs/decisions/035), since when, and whether
// they are on shift; Start one on its start date, change an hourly one's terms from a date, or end it. The
// administrator sees every company's, the company its own.

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

// Pending, Active, Ended.
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return <Badge variant={assignmentStatusVariants[status]}>{assignmentStatusLabels[status]}</Badge>;
}

type WithId<Input> = Input & { id: string };

interface AssignmentActions {
  start: { mutate: (input: { id: string }, callbacks: StartCallbacks) => void; isPending: boolean };
  changeTerms: (input: WithId<ChangeAssignmentTermsInput>) => Promise<unknown>;
  end: (input: WithId<EndAssignmentInput>) => Promise<unknown>;
}
interface StartCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onSettled: () => void;
}

// How the viewer names things: "Grace Hopper (Data Analyst)" for a company, with the company for an
// administrator; what starting and ending mean to them.
export interface AssignmentWording {
  rowName: (assignment: Assignment) => string;
  describe: (assignment: Assignment) => string;
  startDescription: (assignment: Assignment) => string;
  endDescription: (assignment: Assignment) => string;
}

type DialogKind = 'details' | 'terms' | 'end' | 'review';

function AssignmentMenu({
  assignment,
  rowName,
  today,
  hasDetails,
  onOpen,
  onStart,
  readOnly,
}: {
  assignment: Assignment;
  rowName: string;
  today: string;
  hasDetails: boolean;
  onOpen: (kind: DialogKind, assignment: Assignment) => void;
  onStart: (assignment: Assignment) => void;
  readOnly: boolean;
}) {
  const isEnded = assignment.status === 'ended';
  // A fixed price has no rate or hours to change: its milestones change on its contract.
  const hasTerms = hourlyTermsOf(assignment) !== null;
  if ((isEnded || readOnly) && !hasDetails) return null;
  const canStartToday = assignment.start_date <= today;
  return (
    <DropdownMenu>
      <RowMenuTrigger name={rowName} />
      <DropdownMenuContent align="end">
        {hasDetails && (
          <DropdownMenuItem onSelect={() => onOpen('details', assignment)}>
            <InfoIcon aria-hidden="true" />
            View details
          </DropdownMenuItem>
        )}
        {!readOnly && assignment.status === 'pending' && (
          <DropdownMenuItem disabled={!canStartToday} onSelect={() => onStart(assignment)}>
            <PlayIcon aria-hidden="true" />
            {canStartToday ? 'Start' : `Start (from ${formatIsoDay(assignment.start_date)})`}
          </DropdownMenuItem>
        )}
        {!readOnly && !isEnded && hasTerms && (
          <DropdownMenuItem onSelect={() => onOpen('terms', assignment)}>
            <PencilIcon aria-hidden="true" />
            Change terms
          </DropdownMenuItem>
        )}
        {/* Only a started assignment ends; one not started yet is not work to end. */}
        {!readOnly && assignment.status === 'active' && (
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

export function AssignmentsTable({
  query,
  search,
  toolbar,
  empty,
  showCompany = false,
  wording,
  actions,
  readOnly = false,
  detailsDialog,
  reviewSide,
  contractHref,
}: {
  query: ListQueryResult<Assignment>;
  search: Parameters<typeof DataList<Assignment>>[0]['search'];
  toolbar: ReactNode;
  empty: Omit<Parameters<typeof DataList<Assignment>>[0]['empty'], 'icon'>;
  showCompany?: boolean;
  wording: AssignmentWording;
  actions: AssignmentActions;
  // The viewer may read the assignments but not start, change or end them (a company Viewer).
  readOnly?: boolean;
  // The viewer's own details dialog, when they have one (the company's, with the terms history).
  detailsDialog?: (assignment: Assignment | null, onOpenChange: (open: boolean) => void) => ReactNode;
  // The side the viewer reviews from, when they review (the company): an ended row offers its reviews.
  reviewSide?: ReviewerSide;
  // A fixed-price assignment's contract page, when the viewer has one (the company).
  contractHref?: (assignment: Assignment) => string;
}) {
  const [dialog, setDialog] = useState<{ kind: DialogKind; assignment: Assignment } | null>(null);
  const open = (kind: DialogKind, assignment: Assignment) => setDialog({ kind, assignment });
  const shown = (kind: DialogKind) => (dialog?.kind === kind ? dialog.assignment : null);
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null);
  };
  const today = toIsoDay(new Date());

  const { start } = actions;
  const confirm = useConfirmAction({
    describe: (_action: 'start', assignment: Assignment) => ({
      title: 'Start this assignment?',
      description: wording.startDescription(assignment),
      confirmLabel: 'Start Assignment',
    }),
    perform: (_action, assignment, done) =>
      start.mutate(
        { id: assignment.id },
        {
          onSuccess: () =>
            toast({
              title: 'Assignment started',
              description: hourlyTermsOf(assignment)
                ? `${assignment.applicant_name} can log time now.`
                : `${assignment.applicant_name} can work on the funded milestones now.`,
            }),
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
    ...(showCompany
      ? [
          {
            id: 'company',
            phone: 'detail',
            phoneOrder: 1,
            header: 'Company',
            cell: (assignment) => assignment.company_name,
          } satisfies DataListColumn<Assignment>,
        ]
      : []),
    { id: 'role', phone: 'detail', phoneOrder: 1, header: 'Role', cell: (assignment) => assignment.role },
    {
      id: 'rate',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Rate',
      className: 'whitespace-nowrap tabular-nums',
      cell: (assignment) => {
        const terms = hourlyTermsOf(assignment);
        if (terms) return formatHourlyRate(terms.rate_cents, assignment.currency);
        return (
          <span className="inline-flex flex-wrap items-center gap-x-2">
            {FIXED_PRICE_LABEL}
            {contractHref && (
              <Link
                to={contractHref(assignment)}
                aria-label={`View contract of ${wording.rowName(assignment)}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                View contract
              </Link>
            )}
          </span>
        );
      },
    },
    {
      id: 'hours',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Weekly hours',
      className: 'whitespace-nowrap tabular-nums',
      cell: (assignment) => {
        const terms = hourlyTermsOf(assignment);
        if (!terms) {
          return (
            <span className="text-muted-foreground max-md:hidden">
              —<span className="sr-only"> (a fixed price has no weekly hours)</span>
            </span>
          );
        }
        return (
          <>
            {terms.weekly_hours} h<span className="md:hidden"> a week</span>
          </>
        );
      },
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
          {reviewSide && assignment.status === 'ended' && (
            <Button
              size="sm"
              variant="outline"
              className="h-7"
              aria-label={`Review ${wording.rowName(assignment)}`}
              onClick={() => open('review', assignment)}
            >
              <StarIcon aria-hidden="true" />
              Review
            </Button>
          )}
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
          rowName={wording.rowName(assignment)}
          today={today}
          hasDetails={detailsDialog !== undefined}
          readOnly={readOnly}
          onOpen={open}
          onStart={(item) => confirm.ask('start', item)}
        />
      ),
    },
  ];

  return (
    <>
      <DataList
        label="Assignments"
        noun="assignments"
        query={query}
        columns={columns}
        rowKey={(assignment) => assignment.id}
        search={search}
        errorTitle="The assignments could not be loaded"
        errorText="Check your connection and try again."
        empty={{ icon: UserCheckIcon, ...empty }}
        toolbar={toolbar}
        rowConfirm={confirm}
      />
      {detailsDialog?.(shown('details'), close)}
      <ChangeTermsDialog
        assignment={shown('terms')}
        describe={wording.describe}
        changeTerms={actions.changeTerms}
        onOpenChange={close}
      />
      <EndAssignmentDialog
        assignment={shown('end')}
        description={wording.endDescription}
        endAssignment={actions.end}
        onOpenChange={close}
      />
      {reviewSide && (
        <AssignmentReviewsDialog
          side={reviewSide}
          assignmentId={shown('review')?.id ?? null}
          title={`Review ${shown('review')?.applicant_name ?? ''}`}
          onOpenChange={close}
        />
      )}
    </>
  );
}
