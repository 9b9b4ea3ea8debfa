import { BriefcaseIcon, ClockIcon, GlobeIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { formatListingBudget, type JobListing } from '~/shared/job-board';
import { paths } from '~/shared/routes';
import { ApplyButton } from './apply-button';
import { SaveJobButton } from './save-job-button';

// How many skills a card shows before '+N'.
const SKILLS_SHOWN = 5;

// One job on Find Jobs: title, company, budget, weekly hours, skills, when it was posted, the heart and
// Apply Now.
export function JobCard({ job, onApply }: { job: JobListing; onApply: (job: JobListing) => void }) {
  const shown = job.skill_tags.slice(0, SKILLS_SHOWN);
  const hidden = job.skill_tags.slice(SKILLS_SHOWN);
  const titleId = `job-${job.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-border bg-background p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id={titleId} className="text-lg leading-snug font-semibold break-words">
            <Link
              to={paths.applicantJob.getHref({ id: job.id })}
              className="text-foreground underline-offset-4 hover:text-primary hover:underline"
            >
              {job.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{job.company_name}</span>
            <span aria-hidden="true"> · </span>
            <span>
              Posted{' '}
              <time dateTime={job.published_at} title={fullDateLabel(job.published_at)} className="lowercase">
                {relativeDateLabel(job.published_at)}
              </time>
            </span>
          </p>
        </div>
        <SaveJobButton job={job} />
      </div>

      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        <div className="flex items-center gap-1.5">
          <dt>
            <BriefcaseIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Budget</span>
          </dt>
          <dd className="font-medium">{formatListingBudget(job)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <ClockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Weekly hours</span>
          </dt>
          <dd>{job.weekly_hours} hrs/week</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <dt>
            <GlobeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            <span className="sr-only">Timezone</span>
          </dt>
          <dd>{job.timezone}</dd>
        </div>
      </dl>

      {job.excerpt && <p className="text-sm break-words text-muted-foreground">{job.excerpt}</p>}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <ul className="flex min-w-0 flex-wrap gap-1.5" aria-label="Skills">
          {shown.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary">{skill}</Badge>
            </li>
          ))}
          {hidden.length > 0 && (
            <li>
              <Badge variant="outline" title={hidden.join(', ')}>
                <span aria-hidden="true">+{hidden.length}</span>
                <span className="sr-only">
                  and {hidden.length} more: {hidden.join(', ')}
                </span>
              </Badge>
            </li>
          )}
        </ul>
        <ApplyButton job={job} onApply={() => onApply(job)} className="max-sm:w-full" />
      </div>
    </article>
  );
}
