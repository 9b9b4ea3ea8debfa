import { useQuery } from '@tanstack/react-query';
import { HeartIcon, SearchIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import { applicantTexts } from '~/shared/application-statuses';
import { applicationTexts } from '~/shared/application-texts';
import type { JobListing } from '~/shared/job-board';
import { formatListingBudget, jobBoardTexts } from '~/shared/job-board-texts';
import { paths } from '~/shared/routes';
import { savedJobsQueryOptions, useUnsaveJob } from './api';
import { ApplicationStageBadge } from './application-stage-badge';
import { savedJobsSearch, toSavedJobsQuery } from './my-applications-search';

// Where the applicant stands with a saved job: applied (and at which stage), free to apply, or the job no
// longer takes applications.
function Standing({ job }: { job: JobListing }) {
  if (job.application) return <ApplicationStageBadge status={job.application.status} />;
  if (job.status !== 'open')
    return <span className="text-sm text-muted-foreground">No longer taking applications</span>;
  return (
    <Link
      to={paths.applicantJob.getHref({ id: job.id })}
      className="text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {jobBoardTexts.applyNow}
      <span className="sr-only">: {job.title}</span>
    </Link>
  );
}

// The Saved Jobs tab: the jobs the applicant kept from Find Jobs (GET /api/applicant/saved-jobs), last
// saved first, with the way to apply or to forget one.
export function SavedJobsTab() {
  const search = useListSearch(savedJobsSearch);
  const saved = useQuery(savedJobsQueryOptions(toSavedJobsQuery(search.state)));
  const unsave = useUnsaveJob();

  function remove(job: JobListing) {
    unsave.mutate(job.id, {
      onSuccess: () => toast({ title: applicationTexts.unsaved, description: `“${job.title}” left your saved jobs.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: jobBoardTexts.saveErrorTitle,
          description: isApiError(error) && error.status < 500 ? error.message : jobBoardTexts.saveError,
        }),
    });
  }

  const columns: DataListColumn<JobListing>[] = [
    {
      id: 'job',
      phone: 'title',
      className: 'md:min-w-64',
      header: 'Job',
      cell: (job) => (
        <>
          <Link
            to={paths.applicantJob.getHref({ id: job.id })}
            className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
          >
            {job.title}
          </Link>
          <p className="text-sm text-muted-foreground">{job.company_name}</p>
          {job.skill_tags.length > 0 && (
            <div className="mt-1 flex flex-wrap gap-1">
              {job.skill_tags.slice(0, 3).map((skill) => (
                <Badge key={skill} variant="secondary">
                  {skill}
                </Badge>
              ))}
            </div>
          )}
        </>
      ),
    },
    {
      id: 'budget',
      phone: 'detail',
      phoneOrder: 1,
      className: 'whitespace-nowrap',
      header: 'Pay',
      cell: (job) => (
        <>
          <PhoneLabel>Pay</PhoneLabel>
          {formatListingBudget(job)}
        </>
      ),
    },
    {
      id: 'standing',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Your application',
      cell: (job) => <Standing job={job} />,
    },
    {
      id: 'remove',
      phone: 'menu',
      className: 'w-12 text-right',
      header: <span className="sr-only">Remove</span>,
      cell: (job) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove ${job.title} from saved jobs`}
          disabled={unsave.isPending}
          onClick={() => remove(job)}
        >
          <HeartIcon className="fill-current text-primary" aria-hidden="true" />
        </Button>
      ),
    },
  ];

  return (
    <DataList
      label="Saved jobs"
      noun="saved jobs"
      query={saved}
      columns={columns}
      rowKey={(job) => job.id}
      search={search}
      errorTitle={applicantTexts.savedLoadErrorTitle}
      errorText={applicantTexts.savedLoadError}
      empty={{
        icon: HeartIcon,
        filtered: { title: 'No saved jobs here' },
        none: {
          title: 'No saved jobs yet',
          description: 'Save jobs with the heart on Find Jobs, and they wait for you here.',
          create: { to: paths.applicantJobs.getHref(), label: 'Find Jobs', icon: SearchIcon },
        },
      }}
    />
  );
}
