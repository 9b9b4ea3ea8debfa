import { BriefcaseIcon, SearchIcon, StarIcon, UserRoundIcon, UsersIcon } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DashboardSection, SectionEmpty } from '~/client/components/dashboard-section';
import { ShiftStatusDot, shiftStatusLabels } from '~/client/components/shift-status';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Input } from '~/client/components/ui/input';
import { useAllowed } from '~/client/lib/allowed';
import { formatCents } from '~/shared/billing-texts';
import type { CompanyDashboard } from '~/shared/companies';
import { dashboardPipelineColumns, dashboardPipelineLabels } from '~/shared/company-dashboard-columns';
import { paths } from '~/shared/routes';

const MAX_SKILLS_SHOWN = 3;

export interface FeaturedCandidate {
  id: string;
  name: string;
  role: string;
  skills: string[];
}

// The best matches for the company's open jobs (or the best rated), each opening Talent Search on their
// profile; View All runs the same search.
export function FeaturedCandidatesSection({ candidates, search }: { candidates: FeaturedCandidate[]; search: string }) {
  const talent = paths.companyTalent.getHref();
  return (
    <DashboardSection
      id="featured-candidates"
      title="Featured Candidates"
      viewAll={{ to: `${talent}${search}`, label: 'View All' }}
    >
      {candidates.length === 0 ? (
        <SectionEmpty
          icon={StarIcon}
          title="No candidates to feature yet"
          description="Talent with complete profiles appears here, the best matches for your open jobs first."
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {candidates.map((candidate) => (
            <li key={candidate.id} className="min-w-0 rounded-md border border-border p-3">
              <Link
                to={`${talent}?q=${encodeURIComponent(candidate.name)}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                {candidate.name}
              </Link>
              <p className="truncate text-sm text-muted-foreground">{candidate.role}</p>
              <div className="mt-2 flex flex-wrap gap-1">
                {candidate.skills.slice(0, MAX_SKILLS_SHOWN).map((skill) => (
                  <Badge key={skill} variant="secondary">
                    {skill}
                  </Badge>
                ))}
                {candidate.skills.length > MAX_SKILLS_SHOWN && (
                  <Badge variant="outline">+{candidate.skills.length - MAX_SKILLS_SHOWN}</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

// Each person's dot says where they are in their shift, from their clock (spec: 'on-shift, on break,
// offline'); one not started yet is starting soon.
export function CurrentEmployeesSection({ employees }: { employees: NonNullable<CompanyDashboard['employees']> }) {
  const mayFindTalent = useAllowed('read:talent:any');
  return (
    <DashboardSection id="current-employees" title="Current Employees">
      {employees.items.length === 0 ? (
        <SectionEmpty
          icon={UsersIcon}
          title="No one is working for you yet"
          description="People you hire appear here, with a green dot while they are on shift."
          action={mayFindTalent ? { to: paths.companyTalent.getHref(), label: 'Find Talent' } : undefined}
        />
      ) : (
        <>
          <ul className="grid gap-3">
            {employees.items.map((employee) => (
              <li key={employee.id} className="flex min-w-0 items-center gap-3">
                <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
                  <UserRoundIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                  {employee.status === 'active' && (
                    <ShiftStatusDot
                      status={employee.shift_status}
                      className="absolute right-0 bottom-0 ring-2 ring-card"
                    />
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{employee.name}</p>
                  {employee.engagement_type === 'fixed' ? (
                    <Link
                      to={paths.companyContract.getHref({ id: employee.id })}
                      // The contract's back link returns here rather than to Billing's assignments.
                      state={{ from: 'dashboard' }}
                      className="block truncate text-sm text-muted-foreground underline underline-offset-4"
                    >
                      {employee.role} · Fixed-price contract
                    </Link>
                  ) : (
                    <p className="truncate text-sm text-muted-foreground">{employee.role}</p>
                  )}
                </div>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {employee.status === 'pending' ? 'Starting soon' : shiftStatusLabels[employee.shift_status]}
                </span>
              </li>
            ))}
          </ul>
          {employees.total > employees.items.length && (
            <p className="mt-3 text-sm text-muted-foreground">
              and {employees.total - employees.items.length} more at work for you
            </p>
          )}
        </>
      )}
    </DashboardSection>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

// The jobs by column as the Jobs list shows them (an open job with interviews under way is both Open and
// Interviewing); paused jobs are in no column, so a line says how many and opens them on the Jobs list.
export function JobPipelineSection({
  pipeline,
  pausedJobs,
}: {
  pipeline: NonNullable<CompanyDashboard['pipeline']>;
  pausedJobs: number;
}) {
  const mayPostJob = useAllowed('create:job:own');
  const jobsPage = paths.companyJobs.getHref();
  const isEmpty = dashboardPipelineColumns.every((column) => pipeline[column].total === 0);
  return (
    <DashboardSection id="job-pipeline" title="Job Pipeline" viewAll={{ to: jobsPage, label: 'View All' }}>
      {isEmpty ? (
        <SectionEmpty
          icon={BriefcaseIcon}
          title="No jobs in progress"
          description="Drafts, open jobs and jobs with interviews under way appear here."
          action={mayPostJob ? { to: paths.companyCreateJob.getHref(), label: 'Post Job' } : undefined}
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {dashboardPipelineColumns.map((column) => (
            <section key={column} aria-labelledby={`pipeline-${column}`} className="min-w-0">
              <h3 id={`pipeline-${column}`} className="mb-2 flex items-center gap-2 text-sm font-semibold">
                {dashboardPipelineLabels[column]}
                <Badge variant="secondary">{pipeline[column].total}</Badge>
              </h3>
              {pipeline[column].items.length === 0 ? (
                <p className="text-sm text-muted-foreground">None</p>
              ) : (
                // One track no wider than the column: a long title wraps inside its card.
                <ul className="grid grid-cols-1 gap-2">
                  {pipeline[column].items.map((job) => (
                    <li key={job.id} className="min-w-0 rounded-md border border-border p-2">
                      <Link
                        to={paths.companyJob.getHref({ id: job.id })}
                        title={job.title}
                        className="line-clamp-2 text-sm font-medium break-words underline-offset-4 hover:underline"
                      >
                        {job.title}
                      </Link>
                      <p className="text-xs text-muted-foreground">{plural(job.applicant_count, 'application')}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
      {pausedJobs > 0 && (
        <p className="mt-4 text-sm text-muted-foreground">
          {pausedJobs === 1 ? '1 paused job is' : `${pausedJobs} paused jobs are`} not in the pipeline.{' '}
          <Link
            to={`${jobsPage}?status=paused`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Show paused jobs
          </Link>
        </p>
      )}
    </DashboardSection>
  );
}

// What the company owes and what waits for its approval, for the roles that read invoices; each figure
// opens the Billing page where it is handled.
export function BillingFiguresSection({ billing }: { billing: NonNullable<CompanyDashboard['billing']> }) {
  const billingPage = paths.companyBilling.getHref();
  const figures = [
    {
      label: 'Outstanding',
      value: formatCents(billing.outstanding_cents, billing.currency),
      hint: billing.unpaid_invoices === 0 ? 'Nothing to pay' : plural(billing.unpaid_invoices, 'unpaid invoice'),
    },
    {
      // An amount, as the Billing page's Overdue card shows it; how many invoices under it.
      label: 'Overdue',
      value: formatCents(billing.overdue_cents, billing.currency),
      hint:
        billing.overdue_invoices === 0
          ? 'None past due'
          : `${plural(billing.overdue_invoices, 'invoice')} past their due date`,
    },
    {
      label: 'Timesheets to review',
      value: String(billing.timesheets_to_review),
      hint: billing.timesheets_to_review === 0 ? 'All reviewed' : 'Submitted, waiting for approval',
    },
  ];
  return (
    <DashboardSection id="billing-figures" title="Billing" viewAll={{ to: billingPage, label: 'Open Billing' }}>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0 rounded-md border border-border p-3">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{figure.value}</dd>
            <dd className="text-xs text-muted-foreground">{figure.hint}</dd>
          </div>
        ))}
      </dl>
      {billing.timesheets_to_review > 0 && (
        <Link
          to={`${billingPage}?tab=timesheets`}
          className="mt-3 inline-flex text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Review timesheets
        </Link>
      )}
    </DashboardSection>
  );
}

// Quick filters open Talent Search already narrowed.
const quickFilters: Array<{ label: string; query: string }> = [
  { label: 'Developers', query: 'q=developer' },
  { label: 'Designers', query: 'q=designer' },
  { label: 'Project Managers', query: 'q=project+manager' },
  { label: 'Full-time', query: 'availability=full-time' },
  { label: 'Remote', query: 'q=remote' },
];

export function FindTalentSection() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const talent = paths.companyTalent.getHref();
  function search(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    navigate(text ? `${talent}?q=${encodeURIComponent(text)}` : talent);
  }
  return (
    <DashboardSection id="find-talent" title="Find Talent">
      <search>
        <form aria-label="Find Talent" onSubmit={search} className="flex gap-2">
          <Input
            type="search"
            aria-label="Search talent by skill or role"
            placeholder="Search by skill or role"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Button type="submit">
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
        </form>
      </search>
      <div className="mt-3 flex flex-wrap gap-2">
        {quickFilters.map((filter) => (
          <Button key={filter.label} asChild variant="outline" size="sm">
            <Link to={`${talent}?${filter.query}`}>{filter.label}</Link>
          </Button>
        ))}
      </div>
    </DashboardSection>
  );
}

// The company's account manager and the ways to reach them (composed by the app: messaging, meetings).
export function AccountManagerSection({
  manager,
  availability,
  actions,
}: {
  manager: CompanyDashboard['account_manager'];
  availability: string;
  actions: ReactNode;
}) {
  return (
    <DashboardSection id="account-manager" title="Account Manager">
      {manager ? (
        <div className="grid gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary">
              {manager.name
                .split(/\s+/)
                .map((part) => part[0])
                .join('')
                .slice(0, 2)
                .toUpperCase()}
            </span>
            <div className="min-w-0">
              <p className="truncate font-medium">{manager.name}</p>
              <p className="truncate text-sm text-muted-foreground">{manager.email}</p>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">Available {availability}</p>
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          An account manager is being assigned to your company. Until then, the support chat reaches our team.
        </p>
      )}
    </DashboardSection>
  );
}
