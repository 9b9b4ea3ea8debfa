import { ClipboardCheckIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import type { TestAttemptStatus } from '~/shared/assessments';
import type { ApplicationDetail } from '~/shared/pipeline';
import { paths } from '~/shared/routes';
import { attemptTexts } from '~/shared/test-attempts';
import { useAssignTest } from './api';
import { AssignTestDialog } from './assign-test-dialog';

type TestResult = ApplicationDetail['test_results'][number];

const isFinished = (attempt: TestResult['attempt']) => attempt?.status === 'submitted' || attempt?.status === 'graded';

// The application's skills tests (the job's required ones and those assigned here): each leads to its
// review once taken, says when answers wait for a grade, and a finished one can be taken again.
export function ApplicationTests({ application }: { application: ApplicationDetail }) {
  const [isAssignOpen, setIsAssignOpen] = useState(false);
  const assign = useAssignTest(application.id);
  const mayAssign = useAllowed('create:test_assignment:own');

  const allowRetake = (result: TestResult) =>
    assign.mutate(result.test_id, {
      onSuccess: () => toast({ title: attemptTexts.assigned, description: `${result.test_name}: a retake` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The retake was not assigned',
          description: errorMessage(error, 'Something went wrong. Please try again.'),
        }),
    });

  return (
    <div className="grid gap-2">
      {application.test_results.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No tests yet: the job requires none, and none has been assigned.
        </p>
      ) : (
        <ul className="grid gap-2">
          {application.test_results.map((result) => (
            <li key={result.test_id} className="grid gap-2 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                {result.attempt ? (
                  <Link
                    to={paths.companyTestAttempt.getHref({ id: result.attempt.id })}
                    className="min-w-0 text-sm font-medium break-words text-primary underline-offset-4 hover:underline"
                  >
                    {result.test_name}
                  </Link>
                ) : (
                  <span className="min-w-0 text-sm font-medium break-words">{result.test_name}</span>
                )}
                <TestOutcome result={result} />
              </div>
              {((result.attempt?.pending_reviews ?? 0) > 0 || isFinished(result.attempt)) && (
                <div className="flex flex-wrap items-center gap-2">
                  {(result.attempt?.pending_reviews ?? 0) > 0 && <Badge variant="warning">Needs grading</Badge>}
                  {mayAssign && isFinished(result.attempt) && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      disabled={assign.isPending}
                      aria-label={`Allow retake of ${result.test_name}`}
                      onClick={() => allowRetake(result)}
                    >
                      <RotateCcwIcon aria-hidden="true" />
                      Allow retake
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayAssign && (
        <>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            aria-haspopup="dialog"
            onClick={() => setIsAssignOpen(true)}
          >
            <ClipboardCheckIcon aria-hidden="true" />
            Assign test
          </Button>
          <AssignTestDialog application={application} open={isAssignOpen} onOpenChange={setIsAssignOpen} />
        </>
      )}
    </div>
  );
}

const unscoredLabels: Record<TestAttemptStatus, string> = {
  assigned: 'Assigned',
  started: 'In progress',
  submitted: 'Waiting for grading',
  graded: 'Graded',
};

function TestOutcome({ result }: { result: TestResult }) {
  const { attempt } = result;
  if (!attempt) return <Badge variant="neutral">Not taken</Badge>;
  if (attempt.status !== 'graded' || attempt.score == null) {
    return <Badge variant="neutral">{unscoredLabels[attempt.status]}</Badge>;
  }
  return (
    <span className="flex items-center gap-2 text-sm">
      <span className="tabular-nums">{`${attempt.score}%`}</span>
      <Badge variant={attempt.passed ? 'success' : 'danger'}>
        {attempt.passed ? 'Passed' : `Below ${result.pass_rate}%`}
      </Badge>
    </span>
  );
}
