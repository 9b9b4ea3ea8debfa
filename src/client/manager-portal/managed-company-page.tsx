import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, MessageSquareIcon, UsersIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { DashboardLoadError, SectionEmpty, SectionSkeleton } from '~/client/components/dashboard-section';
import { PortalPage } from '~/client/components/portal-page';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage, isNotFoundError } from '~/client/lib/api-client';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import type { PageProps } from '~/client/routes';
import { accountManagerTexts, type ManagedCompanyDetail } from '~/shared/account-managers';
import { formatCents } from '~/shared/billing-texts';
import { monthlyRevenueTexts } from '~/shared/monthly-revenue';
import { paths } from '~/shared/routes';
import { companyRoleLabels } from '~/shared/teams';
import { managedCompanyQueryOptions, useOpenCompanyConversation } from './api';

// An hourly assignment's rate; a fixed-price one (milestones, docs/decisions/035) has none.
const rateLabel = (rateCents: number | null) => (rateCents === null ? 'Fixed price' : `${formatCents(rateCents)}/hr`);

const formatDay = (value: string) =>
  new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function Section({
  title,
  count,
  shown,
  children,
}: {
  title: string;
  count: number;
  shown: number;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle>{title}</CardTitle>
        <span className="text-sm text-muted-foreground">
          {shown < count ? `Showing ${shown} of ${count}` : `${count} in all`}
        </span>
      </CardHeader>
      <CardContent className="overflow-x-auto">{children}</CardContent>
    </Card>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

// /manager/companies/:id: one of the manager's companies — its people (members and the talent at work
// there, with their roles) and its open jobs. Any other company is "not found".
export function ManagedCompanyPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const { id = '' } = useParams();
  // A link that names no company is not asked about: it is simply not one of theirs.
  const isCompanyId = z.uuid().safeParse(id).success;
  const detail = useQuery({ ...managedCompanyQueryOptions(id), enabled: isCompanyId });
  const back = { to: paths.managerDashboard.getHref(), label: 'My Companies' };

  if (!isCompanyId || isNotFoundError(detail.error)) {
    return (
      <PortalPage title={title} back={back}>
        <Card>
          <CardContent className="grid justify-items-start gap-3 pt-4 sm:pt-6">
            <p className="font-medium">{accountManagerTexts.companyNotFound}</p>
            <Button asChild variant="outline">
              <Link to={back.to}>Back to My Companies</Link>
            </Button>
          </CardContent>
        </Card>
      </PortalPage>
    );
  }

  if (detail.isPending) {
    return (
      <PortalPage title={title} back={back}>
        <span className="sr-only" role="status">
          Loading the company
        </span>
        <SectionSkeleton />
      </PortalPage>
    );
  }
  if (detail.isError) {
    return (
      <PortalPage title={title} back={back}>
        <DashboardLoadError
          message={errorMessage(detail.error, 'Failed to load the company. Please try again.')}
          queries={[detail]}
        />
      </PortalPage>
    );
  }
  return <CompanyDetails title={title} back={back} detail={detail.data} />;
}

function CompanyDetails({
  title,
  back,
  detail,
}: {
  title: string;
  back: { to: string; label: string };
  detail: ManagedCompanyDetail;
}) {
  const { company, members, assignments, open_jobs: openJobs, totals } = detail;
  const navigate = useNavigate();
  const openConversation = useOpenCompanyConversation();
  const message = () =>
    openConversation.mutate(company.id, {
      onSuccess: (conversation) => navigate(`${paths.managerMessages.getHref()}?conversation=${conversation.id}`),
      onError: (error) =>
        toast({
          title: 'Could not open the conversation',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });

  return (
    <PortalPage title={title} back={back} description={`${company.name} · ${company.contact_email}`}>
      <Card className="min-w-0">
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">{company.name}</h2>
              <Badge variant={company.status === 'active' ? 'success' : 'danger'}>
                {company.status === 'active' ? 'Active' : 'Suspended'}
              </Badge>
            </div>
            <dl className="grid grid-cols-3 gap-4">
              <Figure label="Employees">{company.total_employees}</Figure>
              <Figure label="Open Jobs">{company.open_jobs}</Figure>
              <Figure label={monthlyRevenueTexts.label}>{formatCents(company.monthly_revenue_cents)}</Figure>
            </dl>
          </div>
          <Button onClick={message} disabled={openConversation.isPending}>
            <MessageSquareIcon aria-hidden="true" />
            Message Company
          </Button>
        </CardContent>
      </Card>

      <Section title="Team at Work" count={totals.assignments} shown={assignments.length}>
        {assignments.length === 0 ? (
          <SectionEmpty icon={UsersIcon} title="No one at work yet" description="Active assignments appear here." />
        ) : (
          <Table aria-label="Team at work">
            <TableHeader>
              <TableRow>
                <TableHead>Talent</TableHead>
                <TableHead>Role</TableHead>
                <TableHead className="max-sm:hidden">Since</TableHead>
                <TableHead className="text-right max-sm:hidden">Rate</TableHead>
                <TableHead className="text-right max-sm:hidden">Hours / week</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {assignments.map((assignment) => (
                <TableRow key={assignment.id}>
                  <TableCell>
                    <p className="font-medium">{assignment.talent_name}</p>
                    <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{assignment.talent_email}</p>
                  </TableCell>
                  <TableCell>
                    {assignment.role}
                    {/* A phone has no room for the Rate column: the rate goes under the role. */}
                    <p className="text-sm text-muted-foreground tabular-nums sm:hidden">
                      {rateLabel(assignment.rate_cents)}
                    </p>
                  </TableCell>
                  <TableCell className="whitespace-nowrap max-sm:hidden">{formatDay(assignment.start_date)}</TableCell>
                  <TableCell className="text-right tabular-nums whitespace-nowrap max-sm:hidden">
                    {rateLabel(assignment.rate_cents)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums max-sm:hidden">
                    {assignment.weekly_hours ?? '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section title="Company Members" count={totals.members} shown={members.length}>
        <Table aria-label="Company members">
          <TableHeader>
            <TableRow>
              <TableHead>Member</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="max-sm:hidden">Last active</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((member) => (
              <TableRow key={member.id}>
                <TableCell>
                  <p className="font-medium">{member.name}</p>
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{member.email}</p>
                </TableCell>
                <TableCell>
                  <Badge variant={member.role === 'owner' ? 'default' : 'secondary'}>
                    {companyRoleLabels[member.role]}
                  </Badge>
                  {/* A phone has no room for the Last active column: it goes under the role. */}
                  <p className="mt-1 text-sm text-muted-foreground sm:hidden">
                    <LastActive at={member.last_active_at} />
                  </p>
                </TableCell>
                <TableCell className="whitespace-nowrap max-sm:hidden">
                  <LastActive at={member.last_active_at} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title="Open Jobs" count={totals.open_jobs} shown={openJobs.length}>
        {openJobs.length === 0 ? (
          <SectionEmpty icon={BriefcaseIcon} title="No open jobs" description="Published jobs appear here." />
        ) : (
          <Table aria-label="Open jobs">
            <TableHeader>
              <TableRow>
                <TableHead>Title</TableHead>
                <TableHead>Published</TableHead>
                <TableHead className="text-right">Applications</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {openJobs.map((job) => (
                <TableRow key={job.id}>
                  <TableCell className="font-medium">{job.title}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {job.published_at ? formatDay(job.published_at) : '—'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{job.applications}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </PortalPage>
  );
}

// When a member last used Tandem, relative, with the exact moment on hover.
function LastActive({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">Never signed in</span>;
  return (
    <time dateTime={at} title={fullDateLabel(at)}>
      {`Active ${relativeDateLabel(at).toLowerCase()}`}
    </time>
  );
}
