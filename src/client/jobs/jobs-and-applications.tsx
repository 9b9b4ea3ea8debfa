import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { toast } from '~/client/components/ui/use-toast';
import { useChangeSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import { jobTexts } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { AnalyticsTab } from './analytics-tab';
import { jobSummaryQueryOptions } from './api';
import { JobPostsTab } from './job-posts-tab';
import { JobSummaryCards } from './job-summary-cards';
import { applicationsSearchKey, type JobsPageTab, jobPostsSearch, jobsPageTabs, readTab } from './jobs-page-search';
import { NewMenu } from './new-menu';
import { PendingInterviewsPanel } from './pending-interviews-panel';

const tabLabels: Record<JobsPageTab, string> = {
  'job-posts': 'Job Posts',
  tests: 'Tests',
  analytics: 'Analytics',
};

const isTab = (value: string): value is JobsPageTab => (jobsPageTabs as readonly string[]).includes(value);

interface JobsAndApplicationsProps extends PageProps {
  // The Tests tab belongs to assessments/; the page that composes both passes it in
  // (app/company-jobs-page.tsx).
  testsTab: ReactNode;
}

// /company/jobs: the company's summary figures, its job posts, its skills tests and its hiring analytics.
export function JobsAndApplications({ pageId, testsTab }: JobsAndApplicationsProps) {
  const { title } = paths[pageId];
  const [searchParams] = useSearchParams();
  const changeSearch = useChangeSearch();
  const queryClient = useQueryClient();
  const tab = readTab(searchParams);
  const jobStatusFilter = jobPostsSearch.read(searchParams).status;
  const isShowingInterviews = searchParams.get(applicationsSearchKey) === 'interviewing';

  const showStatus = (status: 'open' | 'paused') =>
    changeSearch({ ...jobPostsSearch.change({ status: [status] }), tab: 'job-posts' });

  // The spec's toast, then the applications it filters to (GET /api/jobs/applications?status=interviewing).
  function showPendingInterviews() {
    const pending = queryClient.getQueryData(jobSummaryQueryOptions().queryKey)?.pending_interviews ?? 0;
    toast({
      title: jobTexts.filteringInterviews,
      description: `${pending} application${pending === 1 ? ' is' : 's are'} in the interviewing stage.`,
    });
    changeSearch({ [applicationsSearchKey]: 'interviewing' });
  }

  return (
    <>
      <PageMeta title={title} />
      <div className="mb-6 flex items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">Your job posts, skills tests and hiring figures.</p>
        </div>
        <NewMenu />
      </div>

      <JobSummaryCards
        activeStatus={jobStatusFilter.length === 1 ? (jobStatusFilter[0] ?? null) : null}
        onShowStatus={showStatus}
        onShowTests={() => changeSearch({ tab: 'tests' })}
        isShowingInterviews={isShowingInterviews}
        onPendingInterviews={showPendingInterviews}
      />
      {isShowingInterviews && (
        <PendingInterviewsPanel onClose={() => changeSearch({ [applicationsSearchKey]: null })} />
      )}

      <Tabs
        className="mt-6"
        value={tab}
        onValueChange={(value) => {
          if (isTab(value)) changeSearch({ tab: value });
        }}
      >
        <TabsList width="full" className="sm:w-auto sm:inline-flex">
          {jobsPageTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="job-posts" className="mt-4">
          <JobPostsTab />
        </TabsContent>
        <TabsContent value="tests" className="mt-4">
          {testsTab}
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <AnalyticsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
