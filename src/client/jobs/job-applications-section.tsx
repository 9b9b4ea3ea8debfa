import { useQuery } from '@tanstack/react-query';
import { InboxIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { errorMessage } from '~/client/lib/api-client';
import type { ApplicationStatus } from '~/shared/applications';
import type { Job } from '~/shared/jobs';
import { jobApplicationsQueryOptions, useMarkApplicationsSeen } from './api';

const PAGE_SIZE = 20;

const applicationStatusLabels: Record<ApplicationStatus, { label: string; variant: BadgeVariant }> = {
  submitted: { label: 'Submitted', variant: 'secondary' },
  shortlisted: { label: 'Shortlisted', variant: 'info' },
  interviewing: { label: 'Interviewing', variant: 'info' },
  offered: { label: 'Offer', variant: 'warning' },
  hired: { label: 'Hired', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'danger' },
  withdrawn: { label: 'Withdrawn', variant: 'neutral' },
};

const appliedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const rate = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

// The applications to one job, newest first, with server pagination. Opening them resets the job's
// "new" badge on the jobs list; the rows that were new keep their mark for this visit.
export function JobApplicationsSection({ job }: { job: Job }) {
  const [page, setPage] = useState(1);
  const applications = useQuery(jobApplicationsQueryOptions(job.id, { page, page_size: PAGE_SIZE }));
  const markSeen = useMarkApplicationsSeen();
  const { mutate: markApplicationsSeen } = markSeen;
  const markedJobRef = useRef<string | null>(null);
  const hasNew = job.new_applications_count > 0;
  const isLoaded = applications.isSuccess;

  useEffect(() => {
    if (!isLoaded || !hasNew || markedJobRef.current === job.id) return;
    markedJobRef.current = job.id;
    markApplicationsSeen(job.id);
  }, [isLoaded, hasNew, job.id, markApplicationsSeen]);

  return (
    <Card aria-labelledby="job-applications-title">
      <CardHeader>
        <CardTitle id="job-applications-title">Applications</CardTitle>
        <CardDescription>
          {job.applications_count === 1 ? '1 application' : `${job.applications_count} applications`}
          {hasNew && ` · ${job.new_applications_count} new`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {applications.isPending && (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading applications</span>
            {[0, 1, 2, 3, 4].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        )}
        {applications.isError && (
          <Alert variant="destructive">
            <div className="space-y-2">
              <p>{errorMessage(applications.error, 'Failed to load applications. Please try again.')}</p>
              <Button size="sm" variant="outline" onClick={() => applications.refetch()}>
                Try Again
              </Button>
            </div>
          </Alert>
        )}
        {applications.isSuccess && applications.data.total === 0 && (
          <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border p-8 text-center">
            <InboxIcon className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No applications yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Applications appear here once talent applies to this job.
            </p>
          </div>
        )}
        {applications.isSuccess && applications.data.total > 0 && (
          <>
            <Table aria-label="Applications" aria-busy={applications.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead>Applicant</TableHead>
                  <TableHead>Status</TableHead>
                  {/* On a phone the rate and the date move under the name, so the table fits. */}
                  <TableHead className="hidden sm:table-cell">Proposed rate</TableHead>
                  <TableHead className="hidden sm:table-cell">Applied</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {applications.data.items.map((application) => {
                  const status = applicationStatusLabels[application.status];
                  const proposedRate =
                    application.proposal_rate == null
                      ? 'No rate proposed'
                      : `${rate.format(application.proposal_rate)}/hr`;
                  const applied = (
                    <time dateTime={application.created_at}>
                      {appliedDate.format(new Date(application.created_at))}
                    </time>
                  );
                  return (
                    <TableRow key={application.id}>
                      <TableCell>
                        <span className="flex flex-wrap items-center gap-2 font-medium">
                          {application.applicant_name}
                          {application.is_new && <Badge variant="default">New</Badge>}
                        </span>
                        <span className="mt-1 block text-xs text-muted-foreground sm:hidden">
                          {proposedRate} · Applied {applied}
                        </span>
                      </TableCell>
                      <TableCell>
                        <Badge variant={status.variant}>{status.label}</Badge>
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">{proposedRate}</TableCell>
                      <TableCell className="hidden whitespace-nowrap sm:table-cell">{applied}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Pagination
              page={applications.data.page}
              pageSize={applications.data.page_size}
              total={applications.data.total}
              onPageChange={setPage}
              noun="applications"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
