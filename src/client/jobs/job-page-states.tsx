import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { ErrorReference } from '~/client/components/error-reference';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { paths } from '~/shared/routes';
import { jobQueryOptions } from './api';

const NOT_FOUND_TEXT = 'This job does not exist.';
const LOAD_ERROR_TEXT = 'Failed to load this job. Please try again.';

// The job of a /company/jobs/:id page. An id that cannot be a job's is not asked for at all.
export function useJobOfPage(id: string | undefined) {
  const isJobId = z.uuid().safeParse(id).success;
  const query = useQuery({ ...jobQueryOptions(id ?? ''), enabled: isJobId });
  const isNotFound = !isJobId || isNotFoundError(query.error);
  return { query, isNotFound };
}

export function JobNotFound() {
  return (
    <Card>
      <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
        <p className="font-medium">{NOT_FOUND_TEXT}</p>
        <p className="text-sm text-muted-foreground">It may have been deleted, or the link is mistyped.</p>
        <Button asChild variant="outline">
          <Link to={paths.companyJobs.getHref()}>Back to Jobs & Applications</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function JobLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive">
      <div className="space-y-2">
        <p>{errorMessage(error, LOAD_ERROR_TEXT)}</p>
        <ErrorReference error={error} />
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    </Alert>
  );
}

export function JobLoading({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((card) => (
        <Card key={card}>
          <CardContent className="grid gap-4 pt-4 sm:pt-6">
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-2/3" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
