import { useQuery } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { Badge } from '~/client/components/ui/badge';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { paths } from '~/shared/routes';
import type { AttemptRow } from '~/shared/test-attempts';
import { testAttemptsQueryOptions } from './attempt-api';
import { attemptStatusBadge } from './attempt-format';
import { integritySummary } from './integrity-record';

const PAGE_SIZE = 10;

const columns: DataListColumn<AttemptRow>[] = [
  {
    id: 'applicant',
    phone: 'title',
    className: 'md:min-w-40',
    header: 'Applicant',
    cell: (attempt) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link
          to={paths.companyTestAttempt.getHref({ id: attempt.id })}
          className="font-medium underline-offset-4 hover:text-primary hover:underline"
        >
          {attempt.applicant.name}
        </Link>
        {attempt.pending_reviews > 0 && <Badge variant="warning">Needs grading</Badge>}
      </span>
    ),
  },
  {
    id: 'job',
    phone: 'detail',
    phoneOrder: 1,
    header: 'Job',
    cell: (attempt) => (
      <>
        <PhoneLabel>Job</PhoneLabel>
        {attempt.job ? attempt.job.title : <span className="text-muted-foreground">—</span>}
      </>
    ),
  },
  {
    id: 'status',
    phone: 'detail',
    phoneOrder: 2,
    header: 'Status',
    cell: (attempt) => {
      const status = attemptStatusBadge(attempt.status, attempt.pending_reviews);
      return <Badge variant={status.variant}>{status.label}</Badge>;
    },
  },
  {
    id: 'score',
    phone: 'detail',
    phoneOrder: 3,
    className: 'whitespace-nowrap',
    header: 'Score',
    cell: (attempt) =>
      attempt.score === null || attempt.status !== 'graded' ? (
        <span className="text-muted-foreground">
          <PhoneLabel>Score</PhoneLabel>—
        </span>
      ) : (
        <span className="inline-flex items-center gap-2">
          <PhoneLabel>Score</PhoneLabel>
          <span className="tabular-nums">{`${attempt.score}%`}</span>
          {attempt.passed !== null && (
            <Badge variant={attempt.passed ? 'success' : 'danger'}>{attempt.passed ? 'Passed' : 'Not passed'}</Badge>
          )}
        </span>
      ),
  },
  {
    id: 'submitted',
    phone: 'detail',
    phoneOrder: 4,
    className: 'whitespace-nowrap',
    header: 'Submitted',
    cell: (attempt) =>
      attempt.submitted_at ? (
        <>
          <PhoneLabel>Submitted</PhoneLabel>
          <time dateTime={attempt.submitted_at} title={fullDateLabel(attempt.submitted_at)}>
            {relativeDateLabel(attempt.submitted_at)}
          </time>
        </>
      ) : (
        <span className="text-muted-foreground">Not submitted</span>
      ),
  },
  {
    id: 'integrity',
    phone: 'detail',
    phoneOrder: 5,
    header: 'Integrity',
    cell: (attempt) => {
      const isClean = attempt.focus_losses === 0 && attempt.pastes === 0;
      return <span className={isClean ? 'text-muted-foreground' : 'text-amber-900'}>{integritySummary(attempt)}</span>;
    },
  },
];

// A test's attempts on its page, those waiting for a grade first (the server's order), each leading to
// its review.
export function TestAttemptsSection({ testId }: { testId: string }) {
  const [page, setPage] = useState(1);
  const attempts = useQuery(testAttemptsQueryOptions(testId, { page, page_size: PAGE_SIZE }));
  const changePage = useCallback((next: number) => setPage(next), []);
  const search = { state: { page, pageSize: PAGE_SIZE }, setPage: changePage, isFiltered: false, clear: () => {} };

  return (
    <section aria-labelledby="test-attempts" className="grid grid-cols-1 gap-3">
      <h2 id="test-attempts" className="text-lg font-semibold">
        Attempts
      </h2>
      <DataList
        label="Attempts"
        noun="attempts"
        query={attempts}
        columns={columns}
        rowKey={(attempt) => attempt.id}
        search={search}
        errorTitle="Error loading attempts"
        errorText="Failed to load this test’s attempts. Please try again."
        empty={{
          icon: UsersIcon,
          filtered: { title: 'Nobody has taken this test yet.' },
          none: {
            title: 'Nobody has taken this test yet.',
            description: 'Attempts show here once applicants are assigned the test, from a job or the pipeline.',
          },
        }}
      />
    </section>
  );
}
