import { BriefcaseIcon, ClockIcon, GlobeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import type { PublicJobListing } from '~/shared/job-board';
import { formatListingBudget } from '~/shared/job-board-texts';

// How many skills a card shows before '+N'.
const SKILLS_SHOWN = 5;

// One job in a list of jobs: title, company, budget, weekly hours, time zone, skills and when it was posted;
// the list adds its own controls (Find Jobs the heart and Apply Now, the public board a link to the job).
export function JobCard({
  job,
  href,
  posted,
  headerAction,
  footerAction,
}: {
  job: PublicJobListing;
  href: string;
  // When it was posted, as the list words it.
  posted: ReactNode;
  headerAction?: ReactNode;
  footerAction?: ReactNode;
}) {
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
            <Link to={href} className="text-foreground underline-offset-4 hover:text-primary hover:underline">
              {job.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{job.company_name}</span>
            <span aria-hidden="true"> · </span>
            <span>Posted {posted}</span>
          </p>
        </div>
        {headerAction}
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
        {footerAction}
      </div>
    </article>
  );
}
