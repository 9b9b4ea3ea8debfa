import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PortalPage } from '~/client/components/portal-page';
import { ReportButton } from '~/client/components/report-button';
import { Alert } from '~/client/components/ui/alert';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader } from '~/client/components/ui/card';
import { Skeleton } from '~/client/components/ui/skeleton';
import { isNotFoundError } from '~/client/lib/api-client';
import type { PageProps } from '~/client/routes';
import { applicationStatusLabels } from '~/shared/application-statuses';
import type { JobPosting } from '~/shared/job-board';
import { canApplyTo, jobBoardTexts } from '~/shared/job-board-texts';
import { jobStatusLabels } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { jobPostingQueryOptions } from './api';
import { rememberApplicationOrigin } from './application-origin';
import { ApplyButton } from './apply-button';
import { ApplyDialog } from './apply-dialog';
import { JobFacts, JobPostSections } from './job-post-details';
import { SaveJobButton } from './save-job-button';
import { WaitingTestsCallout } from './waiting-tests';

// ?apply=1 opens the apply dialog at once: the public job page's Apply button comes back here through
// sign-in.
const APPLY_SEARCH_KEY = 'apply';

// /applicant/jobs/:id: one job's whole post and required tests, the heart, and Apply Now; once applied,
// the required tests still waiting for the applicant, with the way into each.
export default function JobPostingPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { id = '' } = useParams();
  const isJobId = z.uuid().safeParse(id).success;
  const query = useQuery({ ...jobPostingQueryOptions(id), enabled: isJobId });
  const isNotFound = !isJobId || isNotFoundError(query.error);
  const job = query.data;
  // A link with ?source= or ?ref= may open the job here too (a private job's referral link): kept until the
  // applicant applies (decision 058).
  const { search } = useLocation();
  useEffect(() => {
    if (isJobId) rememberApplicationOrigin(id, search, document.referrer);
  }, [id, isJobId, search]);

  return (
    <PortalPage
      title={title}
      documentTitle={job ? `${job.title} · ${title}` : title}
      back={{ to: paths.applicantJobs.getHref(), label: 'Find Jobs' }}
    >
      {isNotFound ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
            <p className="font-medium">{jobBoardTexts.jobNotFound}</p>
            <p className="text-sm text-muted-foreground">
              It may have been filled or taken down, or the link is mistyped.
            </p>
            <Button asChild variant="outline">
              <Link to={paths.applicantJobs.getHref()}>Find other jobs</Link>
            </Button>
          </CardContent>
        </Card>
      ) : query.isError ? (
        <Alert variant="destructive">
          <div className="space-y-2">
            <p>{jobBoardTexts.loadError}</p>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : !job ? (
        <Card role="status">
          <span className="sr-only">Loading job</span>
          <CardContent className="grid gap-4 pt-4 sm:pt-6">
            <Skeleton className="h-7 w-1/2" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-32 w-full" />
          </CardContent>
        </Card>
      ) : (
        <JobPostingCard job={job} />
      )}
    </PortalPage>
  );
}

function JobPostingCard({ job }: { job: JobPosting }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsToApply = searchParams.get(APPLY_SEARCH_KEY) === '1';
  const [isApplying, setApplying] = useState(() => wantsToApply && canApplyTo(job));

  function setDialogOpen(open: boolean) {
    setApplying(open);
    // Reloading the page later should not open the dialog again.
    if (!open && searchParams.has(APPLY_SEARCH_KEY)) {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(APPLY_SEARCH_KEY);
          return next;
        },
        { replace: true },
      );
    }
  }

  return (
    <Card aria-labelledby="job-title">
      <CardHeader className="grid gap-4">
        <div className="flex items-start gap-3">
          <div className="grid min-w-0 flex-1 gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-muted-foreground">{job.company_name}</span>
              {job.visibility === 'private' && <Badge variant="info">Invitation</Badge>}
              {job.status !== 'open' && <Badge variant="neutral">{jobStatusLabels[job.status]}</Badge>}
            </div>
            <h2 id="job-title" className="text-xl font-semibold break-words sm:text-2xl">
              {job.title}
            </h2>
          </div>
          <SaveJobButton job={job} />
        </div>
        {job.application && (
          <p className="text-sm text-muted-foreground">
            You applied on{' '}
            <time dateTime={job.application.created_at}>
              {new Date(job.application.created_at).toLocaleDateString('en-US', { dateStyle: 'long' })}
            </time>
            . Status:{' '}
            <span className="font-medium text-foreground">{applicationStatusLabels[job.application.status]}</span>.{' '}
            <Link
              to={paths.applicantApplications.getHref()}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              My Applications
            </Link>
          </p>
        )}
        {job.application && <WaitingTestsCallout tests={job.waiting_tests} />}
        {!job.application && job.status !== 'open' && (
          <p className="text-sm text-muted-foreground">{jobBoardTexts.jobNotOpen}</p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ApplyButton job={job} onApply={() => setDialogOpen(true)} className="max-sm:w-full" />
          <ReportButton targetType="job" targetId={job.id} targetName={`the job ${job.title}`} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <JobFacts job={job} />
        <JobPostSections job={job} />
      </CardContent>
      <ApplyDialog job={job} open={isApplying} onOpenChange={setDialogOpen} />
    </Card>
  );
}
