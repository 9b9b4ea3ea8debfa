import { ClipboardListIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { ToastAction } from '~/client/components/ui/toast';
import type { WaitingTest } from '~/shared/job-board';
import { paths } from '~/shared/routes';

// What an applicant does next once they have applied to a job that requires skills tests: the toast
// of a successful application and the job's page both say a test is waiting and lead to it
// (/applicant/tests/:id). Shown while the attempt is assigned or started, not once it is submitted.

export function waitingTestsTitle(tests: readonly WaitingTest[]): string {
  return tests.length === 1 ? 'A skills test is waiting' : `${tests.length} skills tests are waiting`;
}

const namesOf = (tests: readonly WaitingTest[]) => {
  const names = tests.map((test) => test.name);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

// The sentence beside 'Application submitted!': which tests wait.
export function waitingTestsSentence(tests: readonly WaitingTest[]): string {
  return `${waitingTestsTitle(tests)}: ${namesOf(tests)}. The company sees your result with your application.`;
}

const actionLabel = (test: WaitingTest) => (test.status === 'started' ? 'Continue the test' : 'Take the test');

// The toast's way to the first test; the others are on the job's page and in My Applications.
export function WaitingTestToastAction({ test }: { test: WaitingTest }) {
  return (
    <ToastAction asChild altText="Take it from My Applications, on its Tests tab.">
      <Link to={paths.applicantTest.getHref({ id: test.id })}>{actionLabel(test)}</Link>
    </ToastAction>
  );
}

// The job page's callout: each waiting test, how long it takes, and the link into it.
export function WaitingTestsCallout({ tests }: { tests: readonly WaitingTest[] }) {
  const titleId = useId();
  if (tests.length === 0) return null;
  return (
    <Alert variant="warning" role="region" aria-labelledby={titleId}>
      <ClipboardListIcon aria-hidden="true" />
      <AlertDescription className="grid flex-1 gap-2">
        <p id={titleId} className="font-semibold">
          {waitingTestsTitle(tests)}
        </p>
        <p>
          This job asks for {tests.length === 1 ? 'a skills test' : 'skills tests'}: the company sees your result with
          your application. The clock starts when you press Start.
        </p>
        <ul className="grid gap-2">
          {tests.map((test) => (
            <li key={test.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{test.name}</span>
                <span className="text-amber-900"> · {test.time_limit} minutes</span>
                {test.status === 'started' && <span className="text-amber-900"> · in progress</span>}
              </span>
              <Button asChild size="sm" className="max-sm:w-full">
                <Link
                  to={paths.applicantTest.getHref({ id: test.id })}
                  aria-label={`${actionLabel(test)}: ${test.name}`}
                >
                  {actionLabel(test)}
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
