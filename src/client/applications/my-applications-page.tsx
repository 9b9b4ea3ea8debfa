import { useSearchParams } from 'react-router';
import { PageMeta } from '~/client/components/page-meta';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/client/components/ui/tabs';
import { isOneOf, useChangeSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { ApplicationsTab } from './applications-tab';
import { type MyApplicationsTab, myApplicationsTabs, readTab } from './my-applications-search';
import { SavedJobsTab } from './saved-jobs-tab';
import { TestsTab } from './tests-tab';

const tabLabels: Record<MyApplicationsTab, string> = {
  applications: 'Applications',
  saved: 'Saved Jobs',
  tests: 'Tests',
};

// /applicant/applications: every application with its stage and history, the answers to an offer, the
// saved jobs and the skills tests. The tab is kept in the URL (?tab=saved) so the dashboard can link to it.
export default function MyApplicationsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const [searchParams] = useSearchParams();
  const changeSearch = useChangeSearch();
  const tab = readTab(searchParams);

  return (
    <>
      <PageMeta title={title} />
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Where each application stands, your offers to answer, your skills tests, and the jobs you saved.
        </p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (isOneOf(myApplicationsTabs, value)) changeSearch({ tab: value === 'applications' ? null : value });
        }}
      >
        <TabsList width="full" className="sm:inline-flex sm:w-auto">
          {myApplicationsTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="applications" className="mt-4">
          <ApplicationsTab />
        </TabsContent>
        <TabsContent value="saved" className="mt-4">
          <SavedJobsTab />
        </TabsContent>
        <TabsContent value="tests" className="mt-4">
          <TestsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
