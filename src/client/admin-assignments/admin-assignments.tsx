import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, ClockIcon, HourglassIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { describeTerms, hourlyTermsOf } from '~/client/components/assignment-terms';
import {
  AssignmentsTable,
  type AssignmentWording,
  assignmentStatusLabels,
} from '~/client/components/assignments-table';
import { PageMeta } from '~/client/components/page-meta';
import { SearchStatusToolbar } from '~/client/components/search-status-toolbar';
import { SummaryCards } from '~/client/components/summary-cards';
import { Button } from '~/client/components/ui/button';
import { defineListSearch, searchParam, useListSearch } from '~/client/lib/list-search';
import { assignmentStatuses } from '~/shared/application-statuses';
import {
  adminAssignmentSummaryQueryOptions,
  adminAssignmentsQueryOptions,
  useChangeAdminAssignmentTerms,
  useEndAdminAssignment,
  useStartAdminAssignment,
} from './api';
import { NewAssignmentDialog } from './new-assignment-dialog';

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

const adminWording: AssignmentWording = {
  rowName: (assignment) => `${assignment.applicant_name}, ${assignment.role} at ${assignment.company_name}`,
  describe: (assignment) => `${assignment.applicant_name} (${assignment.role}, ${assignment.company_name})`,
  startDescription: (assignment) =>
    hourlyTermsOf(assignment)
      ? `${assignment.applicant_name} starts as ${assignment.role} at ${assignment.company_name}, ${describeTerms(assignment)}.`
      : `${assignment.applicant_name} starts as ${assignment.role} at ${assignment.company_name}, for a fixed price.`,
  endDescription: (assignment) =>
    `${assignment.applicant_name} (${assignment.role}) stops working for ${assignment.company_name} after the end date. This cannot be undone.`,
};

// /admin/assignments (docs/spec/admin-billing-and-content.md §2 item 5): the summary cards, every assignment
// with its status and rate, a search by talent, company or role, and New Assignment.
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
  const start = useStartAdminAssignment();
  const changeTerms = useChangeAdminAssignmentTerms();
  const endAssignment = useEndAdminAssignment();

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
      <AssignmentsTable
        query={assignments}
        search={search}
        toolbar={toolbar}
        showCompany
        empty={{
          filtered: {
            title: 'No assignments match',
            description: 'Try another search or status, or clear the filters.',
          },
          none: { title: 'No assignments yet', description: 'Create one with New Assignment.' },
        }}
        wording={adminWording}
        actions={{ start, changeTerms: changeTerms.mutateAsync, end: endAssignment.mutateAsync }}
      />
      <NewAssignmentDialog open={isCreating} onOpenChange={setIsCreating} />
    </div>
  );
}
