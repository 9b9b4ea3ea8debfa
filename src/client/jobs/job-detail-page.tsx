import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatLongDate } from '~/client/components/date-picker';
import { DetailSection, JobSkillsAndCertifications, NoneText } from '~/client/components/detail-section';
import { PortalPage } from '~/client/components/portal-page';
import { Card, CardContent, CardHeader } from '~/client/components/ui/card';
import { testQueryOptions } from '~/client/lib/test-queries';
import type { PageProps } from '~/client/routes';
import { applicantLocationName } from '~/shared/job-reach';
import { formatJobBudget, type Job } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { JobActions } from './job-actions';
import { JobLoadError, JobLoading, JobNotFound, useJobOfPage } from './job-page-states';
import { JobStatusBadges } from './job-status-badge';
import { ReferralLinkButton } from './referral-link-button';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

interface JobDetailPageProps extends PageProps {
  // The job's applications: the pipeline belongs to client/pipeline, so the page that composes both
  // (app/company-job-page.tsx) passes it in.
  applications: (job: Job) => ReactNode;
}

// /company/jobs/:id: one job post as the company wrote it, the moves its status allows, and its
// applications.
export function JobDetailPage({ pageId, applications }: JobDetailPageProps) {
  const { title } = paths[pageId];
  const { id } = useParams();
  const { query, isNotFound } = useJobOfPage(id);
  const job = query.data;

  return (
    <PortalPage
      title={title}
      documentTitle={job ? `${job.title} · ${title}` : title}
      back={{ to: paths.companyJobs.getHref(), label: 'Jobs & Applications' }}
    >
      {isNotFound ? (
        <JobNotFound />
      ) : query.isError ? (
        <JobLoadError error={query.error} onRetry={() => query.refetch()} />
      ) : !job ? (
        <JobLoading label="Loading job" />
      ) : (
        <>
          <JobPost job={job} />
          {applications(job)}
        </>
      )}
    </PortalPage>
  );
}

function JobPost({ job }: { job: Job }) {
  const wasPublished = job.published_at !== null;
  return (
    <Card aria-labelledby="job-title">
      <CardHeader className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <JobStatusBadges status={job.status} stage={job.pipeline_stage} />
            <span className="text-sm text-muted-foreground">{job.company_name}</span>
          </div>
          <h2 id="job-title" className="text-xl font-semibold break-words sm:text-2xl">
            {job.title}
          </h2>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <JobActions job={job} />
          <ReferralLinkButton job={job} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-md bg-muted/60 p-4 lg:grid-cols-3">
          <Fact label="Budget">{formatJobBudget(job)}</Fact>
          <Fact label="Engagement">{job.engagement_type === 'hourly' ? 'Hourly' : 'Fixed price'}</Fact>
          <Fact label="Weekly hours">{`${job.weekly_hours} hours`}</Fact>
          <Fact label="Openings">{`${job.hired_count} of ${job.openings} filled`}</Fact>
          <Fact label="Start date">{job.start_date ? formatLongDate(job.start_date) : 'Flexible'}</Fact>
          <Fact label="Closing date">{job.closes_on ? formatLongDate(job.closes_on) : 'When published'}</Fact>
          <Fact label="Applicant locations">
            {job.applicant_locations.length > 0
              ? job.applicant_locations.map(applicantLocationName).join('; ')
              : 'Anywhere'}
          </Fact>
          <Fact label="Timezone">{job.timezone}</Fact>
          <Fact label="Visibility">{job.visibility === 'public' ? 'Public' : 'Private'}</Fact>
          <Fact label={wasPublished ? 'Launch date' : 'Created'}>
            <time dateTime={job.launch_date}>{longDate.format(new Date(job.launch_date))}</time>
          </Fact>
          {job.closed_at && (
            <Fact label="Closed on">
              <time dateTime={job.closed_at}>{longDate.format(new Date(job.closed_at))}</time>
            </Fact>
          )}
          {job.cc_email && <Fact label="CC email">{job.cc_email}</Fact>}
        </dl>

        <JobSkillsAndCertifications skills={job.skill_tags} certifications={job.required_certs} level={3} />

        <DetailSection level={3} title="Required tests">
          {job.test_ids.length === 0 ? (
            <NoneText>No tests required.</NoneText>
          ) : (
            <RequiredTests testIds={job.test_ids} />
          )}
        </DetailSection>

        <DetailSection level={3} title="Description">
          <p className="text-sm leading-relaxed break-words whitespace-pre-line">{job.description}</p>
        </DetailSection>
      </CardContent>
    </Card>
  );
}

function RequiredTests({ testIds }: { testIds: string[] }) {
  const tests = useQueries({ queries: testIds.map((testId) => testQueryOptions(testId)) });
  return (
    <ul className="grid gap-1">
      {testIds.map((testId, index) => {
        const test = tests[index];
        return (
          <li key={testId}>
            <Link
              to={paths.companyTest.getHref({ id: testId })}
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              {test?.data?.name ?? (test?.isError ? 'Unavailable test' : 'Loading test…')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}
