import { Link } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { fullDateLabel } from '~/client/lib/relative-date';
import { paths } from '~/shared/routes';
import { type ApplicantAttemptSummary, attemptTexts } from '~/shared/test-attempts';

// A finished test: when it was submitted (or closed at the time limit), and once graded the score against
// the pass rate. Never the answer key: the company's side keeps it.

export const myTestsHref = () => `${paths.applicantApplications.getHref()}?tab=tests`;

// Points can be fractions (a rubric grades part of an answer): one decimal at most.
const formatPoints = (points: number) => String(Math.round(points * 10) / 10);

export const waitingForGradingText = 'Submitted — the company is grading the answers that need a person.';

export function TestResult({ attempt, isClosedByTime }: { attempt: ApplicantAttemptSummary; isClosedByTime: boolean }) {
  const { result } = attempt;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{result ? 'Your result' : 'Test submitted'}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isClosedByTime && <Alert variant="warning">{attemptTexts.autoSubmitted}</Alert>}
        {result ? (
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <p className="text-4xl font-bold tabular-nums">
              {result.score}%<span className="sr-only"> score</span>
            </p>
            <Badge variant={result.passed ? 'success' : 'danger'}>{result.passed ? 'Passed' : 'Not passed'}</Badge>
            <p className="text-sm text-muted-foreground">
              Pass rate {result.pass_rate}% · {formatPoints(result.points_earned)} of{' '}
              {formatPoints(result.points_possible)} points
            </p>
          </div>
        ) : (
          <p className="text-sm">{waitingForGradingText}</p>
        )}
        <dl className="grid gap-1 text-sm">
          {attempt.submitted_at && (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-muted-foreground">Submitted</dt>
              <dd>
                <time dateTime={attempt.submitted_at}>{fullDateLabel(attempt.submitted_at)}</time>
                {attempt.closed_by === 'deadline' && ', closed at the time limit'}
              </dd>
            </div>
          )}
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-muted-foreground">For</dt>
            <dd>
              {attempt.company_name}
              {attempt.job && ` · ${attempt.job.title}`}
            </dd>
          </div>
        </dl>
        <div>
          <Button variant="outline" asChild>
            <Link to={myTestsHref()}>Go to My Applications</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
