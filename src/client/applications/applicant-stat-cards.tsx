import { BriefcaseIcon, CalendarClockIcon, ClockIcon, FileTextIcon, HeartIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '~/client/components/ui/skeleton';
import { cn } from '~/client/lib/cn';
import { ACTIVE_HOURS_TARGET } from '~/shared/application-statuses';
import type { ApplicantStats } from '~/shared/applications';
import { paths } from '~/shared/routes';
import { myApplicationsHref } from './my-applications-search';

const formatCount = new Intl.NumberFormat('en-US');

interface StatCardProps {
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  to: string;
  // Takes a whole row of the two-column phone grid (the fifth card).
  isWideOnPhones?: boolean;
}

// A figure that opens the list it counts.
function StatCard({ label, value, hint, icon: Icon, to, isWideOnPhones = false }: StatCardProps) {
  return (
    <Link
      to={to}
      className={cn(
        'flex h-full w-full flex-col items-start gap-1 rounded-lg border border-border bg-background p-4 shadow-sm transition-colors hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        isWideOnPhones && 'max-md:col-span-2',
      )}
    >
      <span className={cn('text-sm font-medium text-muted-foreground', !isWideOnPhones && 'max-sm:min-h-10')}>
        {label}
      </span>
      <span className="flex w-full items-center justify-between gap-2">
        <span className="text-2xl font-bold tracking-tight text-foreground">{value}</span>
        <span
          className="grid size-8 shrink-0 place-content-center rounded-md bg-accent text-primary [&_svg]:size-4"
          aria-hidden="true"
        >
          <Icon />
        </span>
      </span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </Link>
  );
}

const statsGrid = 'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5';

export function ApplicantStatCardsSkeleton() {
  return (
    <div className={statsGrid}>
      {[1, 2, 3, 4, 5].map((card) => (
        <Skeleton key={card} className={cn('h-[6.5rem]', card === 5 && 'max-md:col-span-2')} />
      ))}
    </div>
  );
}

// The five figures of the applicant dashboard (GET /api/applicant/stats), each a link to what it counts.
export function ApplicantStatCards({ stats }: { stats: ApplicantStats }) {
  const applications = paths.applicantApplications.getHref();
  return (
    <section aria-label="Your figures" className={statsGrid}>
      <StatCard
        label="Applications"
        value={formatCount.format(stats.applications)}
        hint="All your applications"
        icon={FileTextIcon}
        to={applications}
      />
      <StatCard
        label="Interviews"
        value={formatCount.format(stats.interviews)}
        hint="In the interviewing stage"
        icon={CalendarClockIcon}
        to={myApplicationsHref.stage(applications, 'interviewing')}
      />
      <StatCard
        label="Offers"
        value={formatCount.format(stats.offers)}
        hint="Waiting for your answer"
        icon={BriefcaseIcon}
        to={myApplicationsHref.stage(applications, 'offered')}
      />
      <StatCard
        label="Saved Jobs"
        value={formatCount.format(stats.saved_jobs)}
        hint="Kept for later"
        icon={HeartIcon}
        to={myApplicationsHref.saved(applications)}
      />
      <StatCard
        label="Active Hours"
        value={
          stats.active_assignments === 0 ? '—' : `${formatCount.format(stats.active_hours)}/${ACTIVE_HOURS_TARGET}`
        }
        hint={
          stats.active_assignments === 0
            ? 'No assignment yet: your hours show here once you are hired'
            : 'Logged this week on your assignments'
        }
        icon={ClockIcon}
        to={myApplicationsHref.stage(applications, 'hired')}
        isWideOnPhones
      />
    </section>
  );
}
