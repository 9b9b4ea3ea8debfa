import { useQuery } from '@tanstack/react-query';
import { BookmarkIcon, BookmarkPlusIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Card } from '~/client/components/ui/card';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import type { PageProps } from '~/client/routes';
import type { JobListing } from '~/shared/job-board';
import { jobBoardTexts } from '~/shared/job-board-texts';
import { paths } from '~/shared/routes';
import { describeFilters } from '~/shared/saved-search-filters';
import { jobBoardListQueryOptions } from './api';
import { ApplyButton } from './apply-button';
import { ApplyDialog } from './apply-dialog';
import { toJobBoardQuery, toSavedSearchFilters, useFindJobsSearch } from './find-jobs-search';
import { JobSearchPanel } from './job-board-filters';
import { JobCard } from './job-card';
import { SaveJobButton } from './save-job-button';
import { SavedSearchDialog } from './saved-search-dialog';

const PLACEHOLDER_CARDS = [1, 2, 3, 4, 5];

// /applicant/jobs (docs/spec/portal-and-public-site.md §2 "Applicant Find Jobs"): the open jobs the applicant
// may see, searched as they type (debounced 300 ms), filtered and sorted on the server, a page at a time; each
// card has the save heart and Apply Now.
export default function FindJobsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const search = useFindJobsSearch();
  const { state } = search;
  const jobs = useQuery(jobBoardListQueryOptions(toJobBoardQuery(state)));
  const [applyingTo, setApplyingTo] = useState<JobListing | null>(null);
  const [isSaving, setSaving] = useState(false);
  const savedFilters = toSavedSearchFilters(state);
  const items = jobs.data?.items ?? [];
  const total = jobs.data?.total ?? 0;

  // Past the last page (jobs closed meanwhile): show the page that now is the last.
  const lastPage = Math.max(1, Math.ceil(total / state.pageSize));
  const isPastEnd = jobs.isSuccess && !jobs.isPlaceholderData && items.length === 0 && state.page > lastPage;
  useEffect(() => {
    if (isPastEnd) search.setPage(lastPage, { replace: true });
  }, [isPastEnd, lastPage, search.setPage]);

  return (
    <>
      <PageMeta title={title} />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">Open jobs from companies hiring on Tandem.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setSaving(true)}>
            <BookmarkPlusIcon aria-hidden="true" />
            Save Search
          </Button>
          <Link to={paths.applicantSavedSearches.getHref()} className={buttonVariants({ variant: 'ghost' })}>
            <BookmarkIcon aria-hidden="true" />
            Saved Searches
          </Link>
        </div>
      </div>

      <JobSearchPanel search={search} />

      <p className="mb-3 text-sm font-medium" role="status" aria-live="polite">
        {jobs.isPending ? 'Loading jobs…' : jobs.isError ? '' : `${total} ${total === 1 ? 'job' : 'jobs'} found`}
      </p>

      {jobs.isError ? (
        <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
          <div>
            <AlertTitle>{jobBoardTexts.loadErrorTitle}</AlertTitle>
            <p>{jobBoardTexts.loadError}</p>
          </div>
          <Button variant="outline" size="sm" onClick={() => jobs.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : jobs.isPending ? (
        <ul className="grid gap-4" aria-hidden="true">
          {PLACEHOLDER_CARDS.map((card) => (
            <li key={card} className="grid gap-3 rounded-lg border border-border p-5">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-12 w-full" />
            </li>
          ))}
        </ul>
      ) : items.length === 0 && !isPastEnd ? (
        <Card className="flex flex-col items-center gap-3 px-4 py-12 text-center">
          <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">{search.isFiltered ? 'No jobs match your search' : 'No open jobs right now'}</p>
          <p className="text-sm text-muted-foreground">
            {search.isFiltered
              ? 'Try other words, or fewer filters.'
              : 'New jobs are posted every week: check back soon.'}
          </p>
          {search.isFiltered && (
            <Button variant="outline" onClick={search.clear}>
              Clear Filters
            </Button>
          )}
        </Card>
      ) : (
        <ul
          className={jobs.isPlaceholderData ? 'grid gap-4 opacity-60' : 'grid gap-4'}
          aria-busy={jobs.isPlaceholderData}
        >
          {items.map((job) => (
            <li key={job.id}>
              <JobCard
                job={job}
                href={paths.applicantJob.getHref({ id: job.id })}
                posted={
                  <time dateTime={job.published_at} title={fullDateLabel(job.published_at)} className="lowercase">
                    {relativeDateLabel(job.published_at)}
                  </time>
                }
                headerAction={<SaveJobButton job={job} />}
                footerAction={<ApplyButton job={job} onApply={() => setApplyingTo(job)} className="max-sm:w-full" />}
              />
            </li>
          ))}
        </ul>
      )}

      {jobs.isSuccess && total > 0 && (
        <div className="mt-6">
          <Pagination
            page={state.page}
            pageSize={state.pageSize}
            total={total}
            noun="jobs"
            onPageChange={(page) => {
              search.setPage(page);
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      )}

      <SavedSearchDialog
        target={isSaving ? { kind: 'new', filters: savedFilters, summary: describeFilters(savedFilters) } : null}
        onOpenChange={setSaving}
      />

      {applyingTo && (
        <ApplyDialog
          job={applyingTo}
          open={applyingTo !== null}
          onOpenChange={(open) => {
            if (!open) setApplyingTo(null);
          }}
        />
      )}
    </>
  );
}
