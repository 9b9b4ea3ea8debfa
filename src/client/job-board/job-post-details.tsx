import { ClipboardCheckIcon, TimerIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { DetailSection, JobSkillsAndCertifications, NoneText } from '~/client/components/detail-section';
import type { PublicJob } from '~/shared/job-board';
import { formatListingBudget } from '~/shared/job-board-texts';
import { applicantLocationName } from '~/shared/job-reach';
import { testTypeLabels } from '~/shared/test-types';

// The body of a job post, the same on the applicant's job page and on the public page: the facts, the
// skills, certifications and tests it asks for, and the description. Plain markup only: the public page
// keeps its JavaScript small.

// A start date is a calendar day, the same everywhere; so is the posting day, told in UTC so that the page
// the server renders and the one the browser hydrates say the same day.
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatStartDate(day: string): string {
  return calendarDay.format(new Date(`${day}T00:00:00Z`));
}

export function JobFacts({ job }: { job: PublicJob }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 rounded-md bg-muted/60 p-4 lg:grid-cols-4">
      <Fact label="Budget">{formatListingBudget(job)}</Fact>
      <Fact label="Engagement">{job.engagement_type === 'hourly' ? 'Hourly' : 'Fixed price'}</Fact>
      <Fact label="Weekly hours">{`${job.weekly_hours} hours`}</Fact>
      <Fact label="Start date">{job.start_date ? formatStartDate(job.start_date) : 'Flexible'}</Fact>
      <Fact label="Location">
        {job.applicant_locations.length > 0
          ? `Remote, from ${job.applicant_locations.map(applicantLocationName).join('; ')}`
          : 'Remote, from anywhere'}
      </Fact>
      <Fact label="Timezone">{job.timezone}</Fact>
      <Fact label="Posted">
        <time dateTime={job.published_at}>{calendarDay.format(new Date(job.published_at))}</time>
      </Fact>
      {job.closes_on && (
        <Fact label="Apply by">
          <time dateTime={job.closes_on}>{formatStartDate(job.closes_on)}</time>
        </Fact>
      )}
    </dl>
  );
}

// One labelled fact of a job or its company.
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

export function JobPostSections({ job }: { job: PublicJob }) {
  return (
    <>
      <DetailSection level={2} title="Description">
        <p className="text-sm leading-relaxed break-words whitespace-pre-line">{job.description}</p>
      </DetailSection>

      <JobSkillsAndCertifications skills={job.skill_tags} certifications={job.required_certs} level={2} />

      <DetailSection level={2} title="Required tests">
        {job.required_tests.length === 0 ? (
          <NoneText>No tests required.</NoneText>
        ) : (
          <ul className="grid gap-2" aria-label="Required tests">
            {job.required_tests.map((test) => (
              <li
                key={test.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md border border-border p-3"
              >
                <span className="flex min-w-0 items-center gap-2 font-medium break-words">
                  <ClipboardCheckIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {test.name}
                </span>
                <span className="flex items-center gap-3 text-sm text-muted-foreground">
                  <span>{testTypeLabels[test.type]}</span>
                  <span className="inline-flex items-center gap-1">
                    <TimerIcon className="size-4" aria-hidden="true" />
                    {test.time_limit} min
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>
    </>
  );
}
