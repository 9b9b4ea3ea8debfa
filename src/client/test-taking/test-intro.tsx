import { ShieldAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { errorMessage } from '~/client/lib/api-client';
import { type ApplicantAttemptSummary, attemptTexts } from '~/shared/test-attempts';
import { useStartTest } from './api';

// An assigned test before it starts: what it is, how long it runs, what it takes to pass, and — before
// the Start button — that it records leaving the tab and pasting.

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

export function TestIntro({ attempt }: { attempt: ApplicantAttemptSummary }) {
  const start = useStartTest();
  const { test } = attempt;
  return (
    <Card>
      <CardHeader>
        <CardTitle>About this test</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {test.description && <p className="text-sm break-words whitespace-pre-line">{test.description}</p>}
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          <Fact label="Company">{attempt.company_name}</Fact>
          {attempt.job && <Fact label="Job">{attempt.job.title}</Fact>}
          <Fact label="Time limit">{test.time_limit} minutes</Fact>
          <Fact label="Questions">{test.question_count}</Fact>
          <Fact label="Pass rate">{test.pass_rate}%</Fact>
        </dl>
        <Alert variant="warning" role="note">
          <ShieldAlertIcon aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>Before you start</AlertTitle>
            <p>{attemptTexts.integrityNotice}</p>
            <p>
              The {test.time_limit} minutes start when you press Start Test and keep running if you close the page. Each
              answer is saved as you give it.
            </p>
          </div>
        </Alert>
        {start.isError && (
          <Alert variant="destructive">
            {errorMessage(start.error, 'The test could not be started. Please try again.')}
          </Alert>
        )}
        <div>
          <Button disabled={start.isPending} onClick={() => start.mutate(attempt.id)}>
            {start.isPending ? 'Starting…' : 'Start Test'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
