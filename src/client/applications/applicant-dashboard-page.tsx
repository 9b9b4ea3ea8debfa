import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SectionSkeleton } from '~/client/components/dashboard-section';
import { PageMeta } from '~/client/components/page-meta';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import type { PageProps } from '~/client/routes';
import { applicationTexts } from '~/shared/applications';
import { paths } from '~/shared/routes';
import {
  applicantApplicationsQueryOptions,
  applicantMeetingsQueryOptions,
  applicantMessagesQueryOptions,
  applicantStatsQueryOptions,
  recommendedJobsQueryOptions,
} from './api';
import { ApplicantStatCards, ApplicantStatCardsSkeleton } from './applicant-stat-cards';
import {
  RecentApplicationsSection,
  RecentMessagesSection,
  RecommendedJobsSection,
  UpcomingMeetingsSection,
} from './dashboard-sections';

const RECENT_APPLICATIONS = 5;

// /applicant-dashboard (spec §2): the five figures, recommended jobs, recent applications, meetings and
// messages, all from /api/applicant/*. As the spec's dashboards: a loading skeleton, then the whole
// dashboard or its one error with Try Again. `sideSections` are other features' cards, composed in
// app/applicant-dashboard-page.tsx (Skills & Learning from the profile).
export default function ApplicantDashboardPage({ pageId, sideSections }: PageProps & { sideSections?: ReactNode }) {
  const { title } = paths[pageId];
  const stats = useQuery(applicantStatsQueryOptions());
  const recommended = useQuery(recommendedJobsQueryOptions());
  const applications = useQuery(applicantApplicationsQueryOptions({ page: 1, page_size: RECENT_APPLICATIONS }));
  const meetings = useQuery(applicantMeetingsQueryOptions());
  const messages = useQuery(applicantMessagesQueryOptions());
  const queries = [stats, recommended, applications, meetings, messages];
  const isError = queries.some((query) => query.isError);

  let content: ReactNode;
  if (isError) {
    content = (
      <Alert variant="destructive" className="flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{applicationTexts.dashboardLoadError}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            for (const query of queries) if (query.isError) void query.refetch();
          }}
        >
          Try Again
        </Button>
      </Alert>
    );
  } else if (stats.data && recommended.data && applications.data && meetings.data && messages.data) {
    content = (
      <>
        <ApplicantStatCards stats={stats.data} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
            <RecommendedJobsSection jobs={recommended.data.items} />
            <RecentApplicationsSection applications={applications.data.items} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            {sideSections}
            <UpcomingMeetingsSection meetings={meetings.data.items} />
            <RecentMessagesSection messages={messages.data.items} />
          </div>
        </div>
      </>
    );
  } else {
    content = (
      <div role="status" className="grid gap-6">
        <span className="sr-only">Loading dashboard</span>
        <ApplicantStatCardsSkeleton />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid gap-6 lg:col-span-2">
            <SectionSkeleton />
            <SectionSkeleton />
          </div>
          <div className="grid content-start gap-6">
            <SectionSkeleton />
          </div>
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
          <p className="text-sm text-muted-foreground">
            Your applications, your offers and the jobs that fit your skills.
          </p>
        </div>
        {content}
      </div>
    </>
  );
}
