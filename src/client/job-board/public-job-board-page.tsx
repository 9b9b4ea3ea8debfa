import { ArrowRightIcon, SearchXIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { cn } from '~/client/lib/cn';
import { forgetServerData, removeServerHead, useServerData } from '~/client/lib/page-data';
import type { PageProps } from '~/client/routes';
import type { JobBoardQuery, PublicJobListingList } from '~/shared/job-board';
import { type JobBoardPageData, jobBoardSearchKey, jobBoardTexts } from '~/shared/job-board-texts';
import { jobFeedPaths } from '~/shared/job-reach';
import { paths } from '~/shared/routes';
import { toJobBoardQuery, useFindJobsSearch } from './find-jobs-search';
import { JobSearchPanel } from './job-board-filters';
import { JobCard } from './job-card';
import { fetchPublicJobs } from './public-api';

// /jobs: the public job board. Anyone searches the open public jobs with Find Jobs' search and filters (kept
// in the address, find-jobs-search.ts), paged on the server (GET /api/public/jobs), and opens a job's page to
// apply. The server renders the page for the search its address names (server/job-board/public-job-pages.ts)
// and hands the results over, so the first view needs no request; each later search asks the API.

const PLACEHOLDER_CARDS = [1, 2, 3, 4, 5];
// The public site's page width (as site/components/site-layout.tsx's Container).
const CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6';

// The posting day, told in UTC: the server's render and the browser's hydration say the same day.
const postedDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

// The list for one search: the one shown (kept while the next loads), and whether the next failed.
type Results =
  | { search: string; state: 'loading'; shown: PublicJobListingList | null }
  | { search: string; state: 'loaded'; shown: PublicJobListingList }
  | { search: string; state: 'failed'; shown: null };

function usePublicJobs(query: JobBoardQuery, rendered: JobBoardPageData | undefined) {
  const search = jobBoardSearchKey(query);
  const [results, setResults] = useState<Results>(() =>
    rendered?.search === search
      ? { search, state: 'loaded', shown: rendered.list }
      : { search, state: 'loading', shown: null },
  );
  const [attempt, setAttempt] = useState(0);
  // The query of the current search, read when it changes (its key says when).
  const queryRef = useRef(query);
  queryRef.current = query;
  const resultsRef = useRef(results);
  resultsRef.current = results;

  useEffect(() => {
    forgetServerData();
    const current = resultsRef.current;
    if (attempt === 0 && current.search === search && current.state === 'loaded') return;
    let isCurrent = true;
    setResults({ search, state: 'loading', shown: current.shown });
    fetchPublicJobs(queryRef.current).then(
      (list) => isCurrent && setResults({ search, state: 'loaded', shown: list }),
      () => isCurrent && setResults({ search, state: 'failed', shown: null }),
    );
    return () => {
      isCurrent = false;
    };
  }, [search, attempt]);

  return { results, retry: () => setAttempt((count) => count + 1) };
}

export default function PublicJobBoardPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { pathname, search: address } = useLocation();
  const rendered = useServerData<JobBoardPageData>(pathname + address);
  const search = useFindJobsSearch();
  const { state } = search;
  const { results, retry } = usePublicJobs(toJobBoardQuery(state), rendered);
  // The head tags the server wrote: the page hydrated from its render takes them as its own (React adopts the
  // same tags); a page rendered here instead replaces them with its own.
  const [wasRendered] = useState(rendered !== undefined);
  useEffect(() => {
    if (!wasRendered) removeServerHead();
  }, [wasRendered]);
  const list = results.shown;
  const total = list?.total ?? 0;
  const isFirstLoad = results.state === 'loading' && list === null;

  return (
    <>
      <PageMeta title={title} description={jobBoardTexts.boardDescription} path={paths.jobBoard.getHref()} />
      <section className="bg-gradient-to-b from-indigo-50 to-background pt-12 pb-8 sm:pt-16">
        <div className={CONTAINER}>
          <p className="mb-3 text-sm font-semibold tracking-wide text-primary uppercase">Job board</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-pretty text-muted-foreground">
            Open jobs from companies hiring on Tandem. Every job is remote: search by skill, pay, engagement type and
            time zone, then apply with a free account.
          </p>
        </div>
      </section>

      <div className={cn(CONTAINER, 'pb-16')}>
        <JobSearchPanel search={search} />

        <p className="mb-3 text-sm font-medium" role="status" aria-live="polite">
          {results.state === 'failed'
            ? ''
            : isFirstLoad
              ? 'Loading jobs…'
              : `${total.toLocaleString('en-US')} ${total === 1 ? 'job' : 'jobs'} found`}
        </p>

        {results.state === 'failed' ? (
          <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
            <div>
              <AlertTitle>{jobBoardTexts.loadErrorTitle}</AlertTitle>
              <p>{jobBoardTexts.loadError}</p>
            </div>
            <Button variant="outline" size="sm" onClick={retry}>
              Try Again
            </Button>
          </Alert>
        ) : list === null ? (
          <ul className="grid gap-4" aria-hidden="true">
            {PLACEHOLDER_CARDS.map((card) => (
              <li key={card} className="grid gap-3 rounded-lg border border-border p-5">
                <Skeleton className="h-6 w-1/2" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-12 w-full" />
              </li>
            ))}
          </ul>
        ) : list.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-border px-4 py-12 text-center">
            <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="font-semibold">
              {search.isFiltered || state.page > 1 ? 'No jobs match your search' : 'No open jobs right now'}
            </h2>
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
          </div>
        ) : (
          <ul
            className={cn('grid gap-4', results.state === 'loading' && 'opacity-60')}
            aria-busy={results.state === 'loading'}
          >
            {list.items.map((job) => {
              const href = paths.jobPost.getHref({ id: job.id });
              return (
                <li key={job.id}>
                  <JobCard
                    job={job}
                    href={href}
                    posted={<time dateTime={job.published_at}>{postedDay.format(new Date(job.published_at))}</time>}
                    footerAction={
                      <Link
                        to={href}
                        className={cn(buttonVariants({ variant: 'outline' }), 'max-sm:w-full')}
                        aria-label={`View job: ${job.title}`}
                      >
                        View Job
                        <ArrowRightIcon aria-hidden="true" />
                      </Link>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}

        {list && total > 0 && (
          <div className="mt-6">
            <Pagination
              page={list.page}
              pageSize={list.page_size}
              total={total}
              noun="jobs"
              onPageChange={(page) => {
                search.setPage(page);
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        )}

        {/* Plain links to files: a feed reader or a job site reads them, not this app (decision 058). */}
        <p className="mt-10 text-sm text-muted-foreground">
          Job feeds of every open job:{' '}
          <a href={jobFeedPaths.rss} className="font-medium text-primary underline underline-offset-4">
            RSS
          </a>{' '}
          ·{' '}
          <a href={jobFeedPaths.indeed} className="font-medium text-primary underline underline-offset-4">
            Indeed XML
          </a>
        </p>
      </div>
    </>
  );
}
