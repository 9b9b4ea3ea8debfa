import { useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon } from 'lucide-react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { Label } from '~/client/components/ui/label';
import { applicantTestsQueryOptions } from '~/client/lib/applicant-test-queries';
import { useListSearch } from '~/client/lib/list-search';
import type { ApplicantAttemptSummary } from '~/shared/test-attempts';
import { applicantAttemptStates } from '~/shared/test-types';
import { testsSearch, toTestsQuery } from './my-applications-search';
import { TestActionLink, TestResultText, TestStatusBadge } from './skills-test-status';

const stateLabels: Record<(typeof applicantAttemptStates)[number], string> = {
  to_do: 'To do',
  done: 'Done',
};

// The Tests tab: every skills test companies asked the applicant to take, with the job it is for, where
// it stands, its result once graded, and the way into it. To do first (the server's order), paged.
export function TestsTab() {
  const search = useListSearch(testsSearch);
  const { state } = search;
  const tests = useQuery(applicantTestsQueryOptions(toTestsQuery(state)));

  const columns: DataListColumn<ApplicantAttemptSummary>[] = [
    {
      id: 'test',
      phone: 'title',
      className: 'md:min-w-64 align-top',
      header: 'Test',
      cell: (attempt) => (
        <>
          <p className="font-medium">{attempt.test.name}</p>
          <p className="text-sm text-muted-foreground">
            {[attempt.company_name, attempt.job?.title].filter(Boolean).join(' · ')}
          </p>
          <p className="text-xs text-muted-foreground">
            {attempt.test.question_count} {attempt.test.question_count === 1 ? 'question' : 'questions'} ·{' '}
            {attempt.test.time_limit} min · pass at {attempt.test.pass_rate}%
          </p>
        </>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      className: 'align-top',
      header: 'Status',
      cell: (attempt) => <TestStatusBadge attempt={attempt} />,
    },
    {
      id: 'result',
      phone: 'detail',
      phoneOrder: 2,
      className: 'align-top',
      header: 'Result',
      cell: (attempt) => (
        <>
          <PhoneLabel>Result</PhoneLabel>
          <TestResultText attempt={attempt} />
        </>
      ),
    },
    {
      id: 'action',
      phone: 'detail',
      phoneOrder: 3,
      className: 'align-top md:text-right max-md:basis-full',
      header: <span className="sr-only">Actions</span>,
      cell: (attempt) => <TestActionLink attempt={attempt} />,
    },
  ];

  const toolbar = (
    <div className="grid gap-1.5 sm:w-56">
      <Label htmlFor="tests-state">Show</Label>
      <FilterSelect
        id="tests-state"
        allLabel="All tests"
        value={state.state}
        options={applicantAttemptStates}
        labels={stateLabels}
        onChange={(value) => search.change({ state: value })}
      />
    </div>
  );

  return (
    <DataList
      label="My skills tests"
      noun="tests"
      query={tests}
      columns={columns}
      rowKey={(attempt) => attempt.id}
      search={search}
      errorTitle="Error loading tests"
      errorText="Failed to load your skills tests. Please try again."
      empty={{
        icon: ClipboardCheckIcon,
        filtered: { title: 'No tests here', description: 'Choose another filter, or show all your tests.' },
        none: {
          title: 'No tests to take.',
          description: 'When a company asks you to take a skills test for a job, it appears here.',
        },
      }}
      toolbar={toolbar}
    />
  );
}
