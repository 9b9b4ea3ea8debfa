import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { PortalPage } from '~/client/components/portal-page';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { attemptTexts } from '~/shared/test-attempts';
import { applicantTestQueryOptions } from './api';
import { TestInProgress } from './test-in-progress';
import { TestIntro } from './test-intro';
import { myTestsHref, TestResult } from './test-result';

// /applicant/tests/:id: the candidate's skills test — its introduction and Start, the open
// test, and once submitted its result — as the server's status says.

// Attempt ids are uuids: anything else cannot be one, so it is not asked for.
const isAttemptId = (id: string | undefined): id is string => z.uuid().safeParse(id).success;

// While the server finishes closing a test whose time ran out, ask again every few seconds.
const CLOSING_REFETCH_MS = 2_000;

export default function TestAttemptPage({ pageId }: PageProps) {
  const { id } = useParams();
  const { title } = paths[pageId];
  const queryClient = useQueryClient();
  const isValidId = isAttemptId(id);
  const [isClosedByTime, setIsClosedByTime] = useState(false);
  const options = applicantTestQueryOptions(id ?? '');
  const attempt = useQuery({
    ...options,
    enabled: isValidId,
    refetchInterval: (query) => (isClosedByTime && query.state.data?.status === 'started' ? CLOSING_REFETCH_MS : false),
  });
  const isNotFound = !isValidId || isNotFoundError(attempt.error);
  const backHref = myTestsHref();

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
    [queryClient, options.queryKey],
  );
  const onTimeUp = useCallback(() => {
    setIsClosedByTime(true);
    void refresh();
  }, [refresh]);
  const onClosed = useCallback(() => void refresh(), [refresh]);

  const data = attempt.data;
  let content: ReactNode;
  if (isNotFound) {
    content = (
      <Card>
        <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
          <p className="font-medium">{attemptTexts.notFound}</p>
          <p className="text-sm text-muted-foreground">
            The link may be mistyped. Your tests are listed in My Applications.
          </p>
          <Button variant="outline" asChild>
            <Link to={backHref}>Go to My Applications</Link>
          </Button>
        </CardContent>
      </Card>
    );
  } else if (attempt.isPending) {
    content = (
      <Card role="status">
        <span className="sr-only">Loading the test</span>
        <CardContent className="grid gap-4 pt-4 sm:pt-6">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-24 w-full" />
          ))}
        </CardContent>
      </Card>
    );
  } else if (attempt.isError || !data) {
    content = (
      <Alert variant="destructive">
        <div className="space-y-2">
          <p>{errorMessage(attempt.error, 'Failed to load the test. Please try again.')}</p>
          <Button size="sm" variant="outline" onClick={() => attempt.refetch()}>
            Try Again
          </Button>
        </div>
      </Alert>
    );
  } else if (data.status === 'assigned') {
    content = <TestIntro attempt={data} />;
  } else if (data.status === 'started' && isClosedByTime) {
    content = (
      <Card role="status">
        <CardContent className="pt-4 sm:pt-6">
          <p className="font-medium">{attemptTexts.autoSubmitted}</p>
          <p className="text-sm text-muted-foreground">Closing the test…</p>
        </CardContent>
      </Card>
    );
  } else if (data.status === 'started') {
    content = (
      <TestInProgress
        key={data.id}
        attempt={data}
        receivedAt={attempt.dataUpdatedAt}
        onTimeUp={onTimeUp}
        onClosed={onClosed}
      />
    );
  } else {
    content = <TestResult attempt={data} isClosedByTime={isClosedByTime || data.closed_by === 'deadline'} />;
  }

  const company = data ? [data.company_name, data.job?.title].filter(Boolean).join(' · ') : undefined;
  return (
    <PortalPage
      title={data?.test.name ?? title}
      documentTitle={data ? `${title}: ${data.test.name}` : title}
      description={company}
      back={{ to: backHref, label: 'Back to My Applications' }}
    >
      {content}
    </PortalPage>
  );
}
