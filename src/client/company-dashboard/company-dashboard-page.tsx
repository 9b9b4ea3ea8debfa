import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { DashboardLoadError, SectionSkeleton } from '~/client/components/dashboard-section';
import { PageMeta } from '~/client/components/page-meta';
import { accountManagerAvailability } from '~/client/content/contact-info';
import type { PageProps } from '~/client/routes';
import { applicationTexts } from '~/shared/application-texts';
import { paths } from '~/shared/routes';
import { companyDashboardQueryOptions } from './api';
import {
  AccountManagerSection,
  BillingFiguresSection,
  CurrentEmployeesSection,
  type FeaturedCandidate,
  FeaturedCandidatesSection,
  FindTalentSection,
  JobPipelineSection,
} from './dashboard-cards';

function greetingFor(date: Date) {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

// /company-dashboard (docs/spec/portal-and-public-site.md §2): greeting with today's date, Featured Candidates,
// Current Employees, Job Pipeline, Messages with a quick reply, Find Talent, the Account Manager card and the
// support chat. The app composes the other features' parts: featured talent, the messages card, the manager's
// actions and the chat. A loading skeleton, then the whole dashboard or its one error with Try Again.
export default function CompanyDashboardPage({
  pageId,
  userName,
  featured,
  featuredSearch,
  messagesSection,
  accountManagerActions,
  supportChat,
}: PageProps & {
  userName: string | undefined;
  // Null for a role that may not search talent (the dashboard then has no Featured Candidates).
  featured: UseQueryResult<FeaturedCandidate[]> | null;
  // Talent Search's query string for the same candidates (View All).
  featuredSearch: string;
  messagesSection: ReactNode;
  accountManagerActions: ReactNode;
  supportChat: ReactNode;
}) {
  const { title } = paths[pageId];
  const dashboard = useQuery(companyDashboardQueryOptions());
  const queries = featured ? [dashboard, featured] : [dashboard];
  const today = new Date();

  let content: ReactNode;
  if (queries.some((query) => query.isError)) {
    content = <DashboardLoadError message={applicationTexts.dashboardLoadError} queries={queries} />;
  } else if (dashboard.data && (!featured || featured.data)) {
    // Each section the server sent: a member's role decides which (shared/companies.ts).
    const { pipeline, paused_jobs: pausedJobs, employees, billing } = dashboard.data;
    content = (
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
          {featured && <FindTalentSection />}
          {billing && <BillingFiguresSection billing={billing} />}
          {pipeline && <JobPipelineSection pipeline={pipeline} pausedJobs={pausedJobs ?? 0} />}
          {featured?.data && <FeaturedCandidatesSection candidates={featured.data} search={featuredSearch} />}
        </div>
        <div className="grid min-w-0 content-start gap-6">
          {employees && <CurrentEmployeesSection employees={employees} />}
          {messagesSection}
          <AccountManagerSection
            manager={dashboard.data.account_manager}
            availability={accountManagerAvailability}
            actions={accountManagerActions}
          />
        </div>
      </div>
    );
  } else {
    content = (
      <div role="status" className="grid gap-6 lg:grid-cols-3">
        <span className="sr-only">Loading dashboard</span>
        <div className="grid gap-6 lg:col-span-2">
          <SectionSkeleton />
          <SectionSkeleton />
        </div>
        <div className="grid content-start gap-6">
          <SectionSkeleton />
        </div>
      </div>
    );
  }

  return (
    <>
      <PageMeta title={title} />
      <div className="grid gap-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">
            {greetingFor(today)}
            {userName ? `, ${userName.split(' ')[0]}` : ''}. Today is {format(today, 'EEEE, MMMM d, yyyy')}.
          </p>
        </div>
        {content}
      </div>
      {supportChat}
    </>
  );
}
