import { format } from 'date-fns';
import { Link } from 'react-router';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { paths } from '~/shared/routes';
import type { ApplicantAttemptSummary } from '~/shared/test-attempts';

// How the applicant's lists show a skills test: where it stands, its result once graded, and the way
// into it (Start, Continue, View) on the test's own page.

type TestRef = Pick<ApplicantAttemptSummary, 'id' | 'status' | 'deadline_at' | 'result' | 'test'>;

// In the viewer's own time: the clock they watch. The test page counts down by the server's clock.
const endsAt = (deadline: string) => format(new Date(deadline), 'HH:mm');

function testStatusLabel(attempt: TestRef): string {
  switch (attempt.status) {
    case 'assigned':
      return 'Not started';
    case 'started':
      return attempt.deadline_at ? `In progress — ends at ${endsAt(attempt.deadline_at)}` : 'In progress';
    case 'submitted':
      return 'Submitted';
    case 'graded':
      return 'Graded';
  }
}

const statusVariants: Record<ApplicantAttemptSummary['status'], BadgeVariant> = {
  assigned: 'info',
  started: 'warning',
  submitted: 'secondary',
  graded: 'success',
};

export function TestStatusBadge({ attempt }: { attempt: TestRef }) {
  return <Badge variant={statusVariants[attempt.status]}>{testStatusLabel(attempt)}</Badge>;
}

// "82% · Passed" once graded; a submitted test waits for the company to grade what a person must.
export function TestResultText({ attempt }: { attempt: TestRef }) {
  if (attempt.result) {
    return (
      <span className="whitespace-nowrap">
        {attempt.result.score}% ·{' '}
        <span className={attempt.result.passed ? 'font-medium text-emerald-800' : 'font-medium text-red-800'}>
          {attempt.result.passed ? 'Passed' : 'Not passed'}
        </span>
      </span>
    );
  }
  if (attempt.status === 'submitted') return <span className="text-muted-foreground">Being graded</span>;
  return <span className="text-muted-foreground">—</span>;
}

const actionLabels: Record<ApplicantAttemptSummary['status'], string> = {
  assigned: 'Start',
  started: 'Continue',
  submitted: 'View',
  graded: 'View',
};

export function TestActionLink({ attempt }: { attempt: TestRef }) {
  const label = actionLabels[attempt.status];
  const isOpen = attempt.status === 'assigned' || attempt.status === 'started';
  return (
    <Button size="sm" variant={isOpen ? 'default' : 'outline'} asChild>
      <Link to={paths.applicantTest.getHref({ id: attempt.id })} aria-label={`${label}: ${attempt.test.name}`}>
        {label}
      </Link>
    </Button>
  );
}
