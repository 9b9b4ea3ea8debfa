import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DashboardLoadError, SectionSkeleton } from '~/client/components/dashboard-section';
import { PageMeta } from '~/client/components/page-meta';
import { applicantTestsQueryOptions } from '~/client/lib/applicant-test-queries';
import { refetchLive } from '~/client/lib/live-refetch';
import { useLiveEvent, useLiveOpened } from '~/client/lib/live-socket';
import { queryKeys } from '~/client/lib/query-keys';
import type { PageProps } from '~/client/routes';
import { applicationTexts } from '~/shared/application-texts';
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
  SkillsTestsSection,
  UpcomingMeetingsSection,
} from './dashboard-sections';

const RECENT_APPLICATIONS = 5;
const TESTS_SHOWN = 5;

// /applicant-dashboard (docs/spec/portal-and-public-site.md §2): the five figures, the skills tests to take,
// recommended jobs, recent applications, meetings and messages, all from /api/applicant/*. As the spec's
// dashboards: a loading skeleton, then the whole dashboard or its one error with Try Again. `sideSections` are
// other features' cards, composed in app/applicant-dashboard-page.tsx (Skills & Learning from the profile);
// `meetingsAction` is the meetings feature's Connect Google Calendar.
export default function ApplicantDashboardPage({
  pageId,
  sideSections,
  meetingsAction,
}: PageProps & { sideSections?: ReactNode; meetingsAction?: ReactNode }) {
  const { title } = paths[pageId];
  const stats = useQuery(applicantStatsQueryOptions());
  const recommended = useQuery(recommendedJobsQueryOptions());
  const applications = useQuery(applicantApplicationsQueryOptions({ page: 1, page_size: RECENT_APPLICATIONS }));
  const meetings = useQuery(applicantMeetingsQueryOptions());
  const messages = useQuery(applicantMessagesQueryOptions());
  useRecentMessagesLive();
  const tests = useQuery(applicantTestsQueryOptions({ state: 'to_do', page: 1, page_size: TESTS_SHOWN }));
  const queries = [stats, recommended, applications, meetings, messages, tests];
  const isError = queries.some((query) => query.isError);

  let content: ReactNode;
  if (isError) {
    content = <DashboardLoadError message={applicationTexts.dashboardLoadError} queries={queries} />;
  } else if (stats.data && recommended.data && applications.data && meetings.data && messages.data && tests.data) {
    content = (
      <>
        <ApplicantStatCards stats={stats.data} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="grid min-w-0 content-start gap-6 lg:col-span-2">
            <SkillsTestsSection tests={tests.data.items} />
            <RecommendedJobsSection jobs={recommended.data.items} />
            <RecentApplicationsSection applications={applications.data.items} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            {sideSections}
            <UpcomingMeetingsSection meetings={meetings.data.items} calendarAction={meetingsAction} />
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

// Recent Messages follows new messages without a reload, and catches up each time the socket opens.
function useRecentMessagesLive() {
  const queryClient = useQueryClient();
  const refresh = () => void refetchLive(queryClient, queryKeys.applicant.messages());
  useLiveEvent('message.created', refresh);
  useLiveOpened(refresh);
}
