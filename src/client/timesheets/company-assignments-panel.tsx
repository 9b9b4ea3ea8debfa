import { useQuery } from '@tanstack/react-query';
import { UserCheckIcon, XIcon } from 'lucide-react';
import { describeTerms, hourlyTermsOf } from '~/client/components/assignment-terms';
import {
  AssignmentsTable,
  type AssignmentWording,
  assignmentStatusLabels,
} from '~/client/components/assignments-table';
import { FilterSelect } from '~/client/components/filter-select';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { useAllowed } from '~/client/lib/allowed';
import { defineListSearch, searchParam, useListSearch } from '~/client/lib/list-search';
import { assignmentStatuses } from '~/shared/application-statuses';
import { paths } from '~/shared/routes';
import { companyAssignmentsQueryOptions, useChangeAssignmentTerms, useEndAssignment, useStartAssignment } from './api';
import { AssignmentDetailsDialog, describeTalent } from './assignment-dialogs';

// Its own URL keys: the panel shares the Billing page's URL with the invoices.
const assignmentsSearch = defineListSearch({
  keys: { q: 'assignments_q', page: 'assignments_page', pageSize: 'assignments_page_size', sort: 'assignments_sort' },
  filters: { status: searchParam.oneOf('assignments_status', assignmentStatuses) },
});

const companyWording: AssignmentWording = {
  rowName: (assignment) => `${assignment.applicant_name}, ${assignment.role}`,
  describe: describeTalent,
  startDescription: (assignment) =>
    hourlyTermsOf(assignment)
      ? `${assignment.applicant_name} starts as ${assignment.role} at ${describeTerms(assignment)}, and can log time from today.`
      : `${assignment.applicant_name} starts as ${assignment.role} for a fixed price, and can work on the funded milestones from today.`,
  endDescription: (assignment) =>
    `${describeTalent(assignment)} stops working for you after the end date. This cannot be undone.`,
};

// The company's assignments: who works for it, at what rate and hours (a fixed price links to its
// contract), since when, and whether they are on shift now (components/assignments-table.tsx, shared with
// the administrator's list).
export function CompanyAssignmentsPanel() {
  const search = useListSearch(assignmentsSearch);
  const { state } = search;
  const assignments = useQuery(
    companyAssignmentsQueryOptions({ status: state.status ?? undefined, page: state.page, page_size: state.pageSize }),
  );
  const start = useStartAssignment();
  const changeTerms = useChangeAssignmentTerms();
  const endAssignment = useEndAssignment();
  const mayChange = useAllowed('update:assignment:own');
  const mayReview = useAllowed('read:review:own');

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor="assignments-status">Status</Label>
        <FilterSelect
          id="assignments-status"
          allLabel="All statuses"
          value={state.status}
          options={assignmentStatuses}
          labels={assignmentStatusLabels}
          onChange={(status) => search.change({ status })}
        />
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
    <AssignmentsTable
      query={assignments}
      search={search}
      toolbar={toolbar}
      empty={{
        filtered: { title: 'No assignments with this status', description: 'Choose another status, or show all.' },
        none: {
          title: 'No assignments yet',
          description: 'When someone you hire accepts your offer, their assignment appears here.',
          create: { to: paths.companyTalent.getHref(), label: 'Find Talent', icon: UserCheckIcon },
        },
      }}
      wording={companyWording}
      actions={{ start, changeTerms: changeTerms.mutateAsync, end: endAssignment.mutateAsync }}
      readOnly={!mayChange}
      reviewSide={mayReview ? 'company' : undefined}
      contractHref={(assignment) => paths.companyContract.getHref({ id: assignment.id })}
      detailsDialog={(assignment, onOpenChange) => (
        <AssignmentDetailsDialog assignment={assignment} onOpenChange={onOpenChange} />
      )}
    />
  );
}
