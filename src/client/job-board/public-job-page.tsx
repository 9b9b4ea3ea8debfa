import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { isNotFoundError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { forgetServerData, removeServerHead, SERVER_HEAD_SELECTOR, useServerData } from '~/client/lib/page-data';
import type { PublicJobView, PublicJobViewer, PublicJobWithCompany } from '~/shared/job-board';
import { excerptOf } from '~/shared/job-board-texts';
import type { Role } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import { rememberApplicationOrigin } from './application-origin';
import { JobFacts, JobPostSections } from './job-post-details';
import { fetchPublicJob } from './public-api';
import { PublicCompanyProfile } from './public-company-profile';
import { ShareJobButton } from './share-job-button';

// /jobs/:id: an open public job and its company, readable without signing in. The server renders this page
// with the job (server/job-board/public-job-pages.ts), its head tags and JobPosting data, for search engines
// and link previews; the browser hydrates it from the same data, then asks the API who is reading it
// (decision 006: the public pages keep no query cache of the signed-in person): a visitor signs in (or
// registers) and comes back to apply; an applicant's Apply leads to their portal's job page with the apply
// dialog open, or they see they applied; other roles are told applying is for talent.

// The tags the server adds to this page's HTML (server/job-board/public-job-pages.ts) belong to this job
// only: the title and sharing tags leave once the page renders its own, the JobPosting data (for crawlers
// that read the rendered page) when the visitor moves on.
const JOB_POSTING_DATA = '#job-posting-data';

// A link whose id cannot name a job is not asked about (zod's uuid check would add zod to this page).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; job: PublicJobView }
  | { state: 'missing' }
  | { state: 'failed' };

export function applyHref(jobId: string): string {
  return `${paths.applicantJob.getHref({ id: jobId })}?apply=1`;
}

// Sign in, or register as someone looking for work, then on to the apply dialog.
const signInHref = (jobId: string, tab?: 'register') =>
  `${paths.login.getHref()}?${new URLSearchParams({ ...(tab && { tab, as: 'applicant' }), redirect: applyHref(jobId) })}`;

const dashboardOf: Record<Exclude<Role, 'applicant'>, { href: string; account: string }> = {
  company: { href: paths.companyDashboard.getHref(), account: 'a company account' },
  admin: { href: paths.adminDashboard.getHref(), account: 'an administrator account' },
  account_manager: { href: paths.managerDashboard.getHref(), account: 'an account manager account' },
};

const linkClass = 'font-medium text-primary underline underline-offset-4';

export default function PublicJobPage() {
  const { id = '' } = useParams();
  const { pathname, search } = useLocation();
  const rendered = useServerData<PublicJobWithCompany>(pathname + search);
  // The server's render: the job as anyone reads it, until the API says who is reading it.
  const [loaded, setLoaded] = useState<Loaded>(() =>
    rendered?.id === id ? { state: 'loaded', job: { ...rendered, viewer: null } } : { state: 'loading' },
  );

  const load = useCallback((jobId: string, isCurrent: () => boolean, hasJob = false) => {
    if (!UUID.test(jobId)) {
      setLoaded({ state: 'missing' });
      return;
    }
    if (!hasJob) setLoaded({ state: 'loading' });
    fetchPublicJob(jobId).then(
      (job) => isCurrent() && setLoaded({ state: 'loaded', job }),
      (error) => {
        if (!isCurrent()) return;
        if (isNotFoundError(error)) setLoaded({ state: 'missing' });
        // The rendered job stays readable (a crawler may not fetch the API); only Apply waits for a reload.
        else if (!hasJob) setLoaded({ state: 'failed' });
      },
    );
  }, []);

  // Where the visitor came from (?source=, ?ref=, a search engine), kept until they apply (decision 058).
  useEffect(() => {
    if (UUID.test(id)) rememberApplicationOrigin(id, search, document.referrer);
  }, [id, search]);

  // The job the server rendered, once: after it, another job's page loads as usual.
  const renderedId = useRef(rendered?.id);
  useEffect(() => {
    let isCurrent = true;
    forgetServerData();
    load(id, () => isCurrent, renderedId.current === id);
    renderedId.current = undefined;
    return () => {
      isCurrent = false;
    };
  }, [id, load]);

  // The server's head tags: a page hydrated from the server's render takes them as its own (React adopts the
  // same tags, and takes them away when the page goes); a page rendered here replaces them with its own once
  // it has the job. Leaving for another page (not a re-render of this one) takes the JobPosting data along.
  const [wasRendered] = useState(() => rendered?.id === id);
  useEffect(
    () => () => {
      if (window.location.pathname !== paths.jobPost.getHref({ id })) {
        removeServerHead(wasRendered ? JOB_POSTING_DATA : `${SERVER_HEAD_SELECTOR}, ${JOB_POSTING_DATA}`);
      }
    },
    [id, wasRendered],
  );
  const isLoaded = loaded.state === 'loaded';
  useEffect(() => {
    if (isLoaded && !wasRendered) removeServerHead();
  }, [isLoaded, wasRendered]);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      {loaded.state === 'loaded' ? (
        <JobPost job={loaded.job} />
      ) : loaded.state === 'missing' ? (
        <Message
          title="This job is not available"
          text="It may have been filled or taken down. Companies post new jobs on Tandem every week."
          noIndex
        />
      ) : loaded.state === 'failed' ? (
        <Message title="We could not load this job" text="Check your connection, then try again." noIndex>
          <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={() => load(id, () => true)}>
            Try Again
          </button>
        </Message>
      ) : (
        <div role="status" className="grid gap-4">
          <PageMeta title={paths.jobPost.title} />
          <h1 className="sr-only">Loading job</h1>
          <div className="h-8 w-2/3 animate-pulse rounded-md bg-muted" />
          <div className="h-5 w-1/3 animate-pulse rounded-md bg-muted" />
          <div className="h-40 w-full animate-pulse rounded-md bg-muted" />
        </div>
      )}
    </div>
  );
}

function JobPost({ job }: { job: PublicJobView }) {
  const canApply = !job.viewer || (job.viewer.role === 'applicant' && !job.viewer.application);
  return (
    <article className="grid gap-8">
      <PageMeta
        title={`${job.title} at ${job.company_name}`}
        description={excerptOf(job.description, 155)}
        path={paths.jobPost.getHref({ id: job.id })}
      />
      <header className="grid gap-4">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{job.company_name} is hiring</p>
        <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{job.title}</h1>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <ApplyStanding jobId={job.id} viewer={job.viewer} />
          <div className="sm:ml-auto">
            <ShareJobButton jobId={job.id} title={`${job.title} at ${job.company_name}`} />
          </div>
        </div>
      </header>
      <JobFacts job={job} />
      <div className="grid gap-6">
        <JobPostSections job={job} />
      </div>
      <PublicCompanyProfile company={job.company} />
      {canApply && (
        <div className="rounded-lg border border-border bg-muted/60 p-6 text-center">
          <p className="mb-4 font-medium">Interested in this job?</p>
          <ApplyLink jobId={job.id} isSignedIn={job.viewer !== null} />
        </div>
      )}
    </article>
  );
}

function ApplyLink({ jobId, isSignedIn }: { jobId: string; isSignedIn: boolean }) {
  return (
    <Link
      to={isSignedIn ? applyHref(jobId) : signInHref(jobId)}
      className={cn(buttonVariants({ size: 'lg' }), 'max-sm:w-full')}
    >
      Apply Now
      <ArrowRightIcon aria-hidden="true" />
    </Link>
  );
}

// Where the reader stands with this job, beside its title.
function ApplyStanding({ jobId, viewer }: { jobId: string; viewer: PublicJobViewer | null }) {
  if (!viewer) {
    return (
      <>
        <ApplyLink jobId={jobId} isSignedIn={false} />
        <p className="text-sm text-muted-foreground">
          <Link to={signInHref(jobId)} className={linkClass}>
            Sign in
          </Link>{' '}
          or{' '}
          <Link to={signInHref(jobId, 'register')} className={linkClass}>
            create a free account
          </Link>{' '}
          to apply.
        </p>
      </>
    );
  }
  if (viewer.role !== 'applicant') {
    const { href, account } = dashboardOf[viewer.role];
    return (
      <p className="text-sm text-muted-foreground">
        Talent applies to jobs from an applicant account; you are signed in with {account}.{' '}
        <Link to={href} className={linkClass}>
          Go to your dashboard
        </Link>
      </p>
    );
  }
  if (viewer.application) {
    return (
      <>
        <p className="inline-flex items-center gap-2 font-medium text-emerald-800">
          <CheckIcon className="size-5" aria-hidden="true" />
          You applied to this job
        </p>
        <Link to={paths.applicantJob.getHref({ id: jobId })} className={cn(linkClass, 'text-sm')}>
          See your application
        </Link>
      </>
    );
  }
  return (
    <>
      <ApplyLink jobId={jobId} isSignedIn />
      <p className="text-sm text-muted-foreground">You apply with your Tandem profile and a cover letter.</p>
    </>
  );
}

function Message({
  title,
  text,
  noIndex,
  children,
}: {
  title: string;
  text: string;
  noIndex?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-start gap-4">
      <PageMeta title={title} noIndex={noIndex} />
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex flex-wrap gap-3">
        {children}
        <Link to={paths.jobBoard.getHref()} className={buttonVariants({ variant: 'outline' })}>
          Browse Open Jobs
        </Link>
      </div>
    </div>
  );
}
