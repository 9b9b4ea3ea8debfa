import { useQuery } from '@tanstack/react-query';
import {
  ActivityIcon,
  BuildingIcon,
  CircleCheckIcon,
  CircleMinusIcon,
  CircleXIcon,
  DollarSignIcon,
  FlagIcon,
  HistoryIcon,
  MailIcon,
  PercentIcon,
  UserPlusIcon,
  UsersIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  DashboardLoadError,
  DashboardSection,
  SectionEmpty,
  SectionSkeleton,
} from '~/client/components/dashboard-section';
import { PageMeta } from '~/client/components/page-meta';
import { SummaryCard, type SummaryCardProps } from '~/client/components/summary-cards';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogTrigger } from '~/client/components/ui/dialog';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { relativeDateLabel } from '~/client/lib/relative-date';
import type { PageProps } from '~/client/routes';
import {
  type AdminDashboard,
  adminDashboardTexts,
  formatCount,
  formatThousands,
  type HealthCheck,
  type RecentAdminAction,
} from '~/shared/admin-dashboard';
import { auditActionLabel } from '~/shared/audit-logs';
import { reportingTexts } from '~/shared/fx-rates';
import { formatMoney } from '~/shared/money-format';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { paths } from '~/shared/routes';
import { AbuseReportsDialog } from './abuse-reports-dialog';
import { adminDashboardQueryOptions } from './api';

const CARD_COUNT = 8;

function cardsOf(data: AdminDashboard, reportsAction: ReactNode): SummaryCardProps[] {
  const health = data.system_health;
  const counted = health.checks.filter((check) => check.status !== 'not_configured');
  const passing = counted.filter((check) => check.status === 'pass').length;
  const notConfigured = health.checks.length - counted.length;
  const margin = data.gross_margin_percent.value;
  const revenue = data.monthly_revenue;
  return [
    {
      label: 'Total Workers',
      value: formatCount(data.total_workers.value),
      hint: data.total_workers.growth_label,
      icon: <UsersIcon />,
    },
    {
      label: 'Total Companies',
      value: formatCount(data.total_companies.value),
      hint: data.total_companies.growth_label,
      icon: <BuildingIcon />,
    },
    {
      label: monthlyRevenueTexts.label,
      value: revenue.total.value === null ? '—' : formatThousands(revenue.total.value, revenue.reporting_currency),
      hint: (
        <>
          {monthlyRevenueTexts.hint}, in {revenue.reporting_currency}
          <br />
          {revenue.total.growth_label}
        </>
      ),
      icon: <DollarSignIcon />,
    },
    {
      label: 'Gross Margin',
      value: margin === null ? '—' : `${margin}%`,
      hint: data.gross_margin_percent.growth_label,
      icon: <PercentIcon />,
    },
    {
      label: 'New Sign-ups (7d)',
      value: formatCount(data.new_signups_7d.value),
      hint: data.new_signups_7d.growth_label,
      icon: <UserPlusIcon />,
    },
    {
      label: 'Abuse Reports',
      value: formatCount(data.open_abuse_reports.value),
      hint: (
        <>
          {data.open_abuse_reports.growth_label} · {reportsAction}
        </>
      ),
      icon: <FlagIcon />,
    },
    {
      label: 'New Contact Messages',
      value: formatCount(data.new_contact_messages.value),
      hint: (
        <>
          {data.new_contact_messages.growth_label} ·{' '}
          <Button asChild variant="link" className="h-auto p-0 text-xs">
            <Link to={paths.adminContactMessages.getHref()}>Open Inbox</Link>
          </Button>
        </>
      ),
      icon: <MailIcon />,
    },
    {
      label: 'System Health',
      value: `${health.percent}%`,
      // 100 % counts only what is set up: what is not is said beside it, not left for System Checks to reveal.
      hint: `${passing} of ${counted.length} checks passing${notConfigured > 0 ? `, ${notConfigured} not configured` : ''}`,
      icon: <ActivityIcon />,
    },
  ];
}

const checkIcons: Record<HealthCheck['status'], ReactNode> = {
  pass: <CircleCheckIcon className="size-4 text-emerald-700" aria-hidden="true" />,
  fail: <CircleXIcon className="size-4 text-destructive" aria-hidden="true" />,
  not_configured: <CircleMinusIcon className="size-4 text-muted-foreground" aria-hidden="true" />,
};
const checkBadges: Record<HealthCheck['status'], { label: string; variant: 'success' | 'danger' | 'neutral' }> = {
  pass: { label: 'Passing', variant: 'success' },
  fail: { label: 'Failing', variant: 'danger' },
  not_configured: { label: 'Not configured', variant: 'neutral' },
};

// Each check System Health ran and what it found.
function SystemChecks({ checks }: { checks: HealthCheck[] }) {
  return (
    <DashboardSection id="system-checks" title="System Checks">
      <ul className="grid gap-3" aria-label="System health checks">
        {checks.map((check) => (
          <li key={check.name} className="grid gap-1">
            <div className="flex items-center justify-between gap-2">
              <p className="flex items-center gap-2 text-sm font-medium">
                {checkIcons[check.status]}
                {check.label}
              </p>
              <Badge variant={checkBadges[check.status].variant}>{checkBadges[check.status].label}</Badge>
            </div>
            <p className="text-xs text-muted-foreground break-words">{check.detail}</p>
          </li>
        ))}
      </ul>
    </DashboardSection>
  );
}

// Monthly Revenue a currency, this month and last, and this month's in the reporting currency at the rate it
// was converted at (or that none is recorded): the figures the card's total adds up.
function RevenueByCurrency({ revenue }: { revenue: AdminDashboard['monthly_revenue'] }) {
  const reporting = revenue.reporting_currency;
  return (
    <DashboardSection id="revenue-by-currency" title="Monthly Revenue by Currency">
      <Table aria-label="Monthly Revenue by currency">
        <TableHeader>
          <TableRow>
            <TableHead>Currency</TableHead>
            <TableHead className="text-right">This month</TableHead>
            <TableHead className="text-right max-sm:hidden">Last month</TableHead>
            <TableHead className="text-right">In {reporting}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {revenue.currencies.map((row) => (
            <TableRow key={row.currency}>
              <TableCell className="font-medium">{row.currency}</TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatMoney(row.value, row.currency)}
                <span className="block text-xs text-muted-foreground">{row.growth_label}</span>
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums max-sm:hidden">
                {formatMoney(row.previous, row.currency)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                {row.converted === null ? '—' : formatMoney(row.converted, reporting)}
                {row.currency !== reporting && (
                  <span className="block text-xs text-muted-foreground">
                    {row.rate ? `at ${reportingTexts.rate(row.rate)}` : 'No rate recorded'}
                  </span>
                )}
              </TableCell>
            </TableRow>
          ))}
          <TableRow className="font-semibold">
            <TableCell>Total</TableCell>
            <TableCell />
            <TableCell className="max-sm:hidden" />
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {revenue.total.value === null ? '—' : formatMoney(revenue.total.value, reporting)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </DashboardSection>
  );
}

function RecentActions({ actions }: { actions: RecentAdminAction[] }) {
  return (
    <DashboardSection id="recent-actions" title="Recent Admin Actions">
      {actions.length === 0 ? (
        <SectionEmpty
          icon={HistoryIcon}
          title="No admin actions yet"
          description="What administrators change on the platform appears here."
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Recent admin actions">
          {actions.map((action) => (
            <li key={action.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="font-medium">{action.action_label}</p>
                <p className="text-sm text-muted-foreground break-words">
                  {action.company_name ?? (action.target_type ? auditActionLabel(action.target_type) : 'Platform')}
                  {action.actor_name && ` · by ${action.actor_name}`}
                </p>
              </div>
              <time dateTime={action.created_at} className="shrink-0 text-sm text-muted-foreground">
                {relativeDateLabel(action.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

function DashboardSkeleton() {
  return (
    <div className="grid gap-6" role="status">
      <span className="sr-only">Loading the admin dashboard</span>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: CARD_COUNT }, (_, card) => `card-${card}`).map((card) => (
          <Skeleton key={card} className="h-[6.5rem]" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SectionSkeleton />
        </div>
        <SectionSkeleton />
      </div>
    </div>
  );
}

// /admin-dashboard (docs/spec/admin-billing-and-content.md §2 item 1): the platform's figures with their
// growth, System Health from real checks, the open abuse reports, the contact messages waiting for an
// answer, and the latest admin actions. Loading skeleton, then the figures or the spec's error (inline,
// with Try Again, and a toast).
export function AdminDashboardPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const dashboard = useQuery(adminDashboardQueryOptions());
  const [isReportsOpen, setIsReportsOpen] = useState(false);

  // The toast of a failed load (not of a refresh that failed behind figures already shown).
  const failedAt = dashboard.data ? 0 : dashboard.errorUpdatedAt;
  useEffect(() => {
    if (failedAt === 0) return;
    toast({
      title: adminDashboardTexts.toastTitle,
      description: adminDashboardTexts.toastDescription,
      variant: 'destructive',
    });
  }, [failedAt]);

  let content: ReactNode;
  if (dashboard.isError && !dashboard.data) {
    content = <DashboardLoadError message={adminDashboardTexts.loadFailed} queries={[dashboard]} />;
  } else if (dashboard.data) {
    const reportsAction = (
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto p-0 text-xs">
          View Reports
        </Button>
      </DialogTrigger>
    );
    content = (
      <Dialog open={isReportsOpen} onOpenChange={setIsReportsOpen}>
        <section aria-label="Platform figures" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {cardsOf(dashboard.data, reportsAction).map((card) => (
            <SummaryCard key={card.label} {...card} />
          ))}
        </section>
        {isReportsOpen && <AbuseReportsDialog />}
        {dashboard.data.monthly_revenue.currencies.length > 0 && (
          <RevenueByCurrency revenue={dashboard.data.monthly_revenue} />
        )}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <RecentActions actions={dashboard.data.recent_actions} />
          </div>
          <SystemChecks checks={dashboard.data.system_health.checks} />
        </div>
      </Dialog>
    );
  } else {
    content = <DashboardSkeleton />;
  }

  return (
    <div className="grid min-w-0 gap-6">
      <div className="space-y-1">
        <PageMeta title={title} />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">The platform at a glance, from its own records.</p>
      </div>
      {content}
    </div>
  );
}
