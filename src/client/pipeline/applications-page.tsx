import { useQuery } from '@tanstack/react-query';
import { InboxIcon, XIcon } from 'lucide-react';
import { PageMeta } from '~/client/components/page-meta';
import { SearchInput } from '~/client/components/search-input';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { useListSearch } from '~/client/lib/list-search';
import type { PageProps } from '~/client/routes';
import { paths } from '~/shared/routes';
import { companyApplicationsQueryOptions, jobChoicesQueryOptions } from './api';
import { ApplicationDrawer } from './application-drawer';
import { ApplicationList } from './application-list';
import { companyApplicationsSearch } from './pipeline-search';
import { StageTabs } from './stage-tabs';
import { useApplicationDrawer } from './use-application-drawer';

// /company/applications: every application to the company's jobs in one list, newest first: search by
// name or email, narrow to a job and a stage, move several at once, and open one in the drawer.
export default function ApplicationsPage({ pageId }: PageProps) {
  const { title } = paths[pageId];
  const search = useListSearch(companyApplicationsSearch);
  const { q, stage, job, page, pageSize } = search.state;
  const query = { q: q || undefined, job_id: job || undefined, status: stage ?? undefined, page, page_size: pageSize };
  const applications = useQuery(companyApplicationsQueryOptions(query));
  const jobs = useQuery(jobChoicesQueryOptions());
  const drawer = useApplicationDrawer();

  const toolbar = (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SearchInput
        className="md:max-w-sm md:flex-1"
        label="Search applicants"
        placeholder="Search by name or email..."
        value={q}
        onSearch={(value) => search.change({ q: value }, { replace: true })}
      />
      <div className="grid gap-1.5 md:w-64">
        <Label htmlFor="applications-job-filter">Job</Label>
        <NativeSelect
          id="applications-job-filter"
          value={job}
          onChange={(event) => search.change({ job: event.target.value })}
        >
          <option value="">All jobs</option>
          {jobs.data?.items.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      {search.isFiltered && (
        <Button variant="ghost" onClick={search.clear}>
          <XIcon aria-hidden="true" />
          Clear Filters
        </Button>
      )}
    </div>
  );

  return (
    <>
      <PageMeta title={title} />
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-sm text-muted-foreground">Every application to your jobs, wherever it stands.</p>
      </div>
      <StageTabs
        label="Stages"
        stage={stage}
        counts={applications.data?.counts}
        onStageChange={(next) => search.change({ stage: next })}
      >
        <ApplicationList
          query={applications}
          search={search}
          selectionScope={JSON.stringify(query)}
          onOpen={(application) => drawer.open(application.id)}
          showJob
          toolbar={toolbar}
          empty={{
            icon: InboxIcon,
            filtered: {
              title: 'No applications match',
              description: 'Try another name, job or stage.',
            },
            none: {
              title: 'No applications yet',
              description: 'Applications to your jobs appear here as talent applies.',
              create: { to: paths.companyCreateJob.getHref(), label: 'Create Job' },
            },
          }}
        />
      </StageTabs>
      <ApplicationDrawer applicationId={drawer.openId} onClose={drawer.close} showJob />
    </>
  );
}
