import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { paths } from '~/shared/routes';
import { companyApplicationsQueryOptions } from './api';

const PAGE_SIZE = 10;

// What the Pending Interviews card counts: the applications to the company's jobs in the interviewing
// stage (GET /api/jobs/applications?status=interviewing), each leading to its job. Shown in the page,
// not a modal, so the card's toast stays readable beside it.
export function PendingInterviewsPanel({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(1);
  const applications = useQuery(
    companyApplicationsQueryOptions({ status: 'interviewing', page, page_size: PAGE_SIZE }),
  );
  const items = applications.data?.items ?? [];
  const heading = useRef<HTMLHeadingElement>(null);

  // Opened from the card: take the reader to what it shows.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Card aria-labelledby="pending-interviews-title" className="mt-4">
      <div className="flex items-start justify-between gap-3 p-4 sm:p-6">
        <div className="space-y-1.5">
          <CardTitle id="pending-interviews-title" ref={heading} tabIndex={-1} className="outline-none">
            Pending Interviews
          </CardTitle>
          <CardDescription>Applications in the interviewing stage, newest first.</CardDescription>
        </div>
        <Button variant="ghost" size="icon" aria-label="Close Pending Interviews" onClick={onClose}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <CardContent className="space-y-3">
        {applications.isPending && (
          <div className="space-y-2" role="status">
            <span className="sr-only">Loading applications</span>
            {[1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-12" />
            ))}
          </div>
        )}
        {applications.isError && (
          <Alert variant="destructive" className="flex-col">
            <p>{errorMessage(applications.error, 'Failed to load the applications. Please try again.')}</p>
            <Button variant="outline" size="sm" className="self-start" onClick={() => applications.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {applications.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">No application is in the interviewing stage.</p>
        )}
        {items.length > 0 && (
          <ul
            className="divide-y divide-border rounded-md border border-border"
            aria-label="Applications in interviews"
          >
            {items.map((application) => (
              <li key={application.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3">
                <span className="min-w-0">
                  <span className="block font-medium">{application.applicant_name}</span>
                  <Link
                    to={paths.companyJob.getHref({ id: application.job_id })}
                    className="text-sm text-primary underline-offset-4 hover:underline"
                  >
                    {application.job_title}
                  </Link>
                </span>
                <time
                  dateTime={application.created_at}
                  title={fullDateLabel(application.created_at)}
                  className="text-xs text-muted-foreground"
                >
                  Applied {relativeDateLabel(application.created_at).toLowerCase()}
                </time>
              </li>
            ))}
          </ul>
        )}
        {applications.isSuccess && (
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={applications.data.total}
            noun="applications"
            onPageChange={setPage}
          />
        )}
      </CardContent>
    </Card>
  );
}
