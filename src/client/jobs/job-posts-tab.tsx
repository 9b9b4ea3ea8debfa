import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, DownloadIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, PhoneLabel, useConfirmAction } from '~/client/components/data-list';
import { useRowSelection } from '~/client/components/row-selection';
import { SearchInput } from '~/client/components/search-input';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { useAllowed } from '~/client/lib/allowed';
import { useListSearch } from '~/client/lib/list-search';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { formatJobBudget, type Job, jobTexts, MAX_JOB_TAGS_SHOWN } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { jobListQueryOptions } from './api';
import { exportJobsCsv } from './export-jobs-csv';
import { JobBulkBar } from './job-bulk-bar';
import { jobConfirmations } from './job-confirmations';
import { DateRangeFilter, StatusFilter, TagsFilter } from './job-filters';
import { JobRowMenu } from './job-row-menu';
import { JobStatusBadges } from './job-status-badge';
import { jobPostsSearch, toJobListQuery } from './jobs-page-search';
import { useJobActions } from './use-job-actions';

function JobTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, MAX_JOB_TAGS_SHOWN);
  const hidden = tags.slice(MAX_JOB_TAGS_SHOWN);
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {shown.map((tag) => (
        <Badge key={tag} variant="secondary">
          {tag}
        </Badge>
      ))}
      {hidden.length > 0 && (
        <Badge variant="outline" title={hidden.join(', ')}>
          <span aria-hidden="true">+{hidden.length}</span>
          <span className="sr-only">
            and {hidden.length} more: {hidden.join(', ')}
          </span>
        </Badge>
      )}
    </div>
  );
}

// A draft was never launched: no date, rather than the day it was created.
function LaunchDate({ job }: { job: Job }) {
  if (job.published_at === null) {
    return (
      <>
        <span className="max-md:hidden">—</span>
        <span className="text-muted-foreground md:hidden">Not launched</span>
      </>
    );
  }
  return (
    <>
      <PhoneLabel>Launched</PhoneLabel>
      <time dateTime={job.launch_date} title={fullDateLabel(job.launch_date)} className="max-md:lowercase">
        {relativeDateLabel(job.launch_date)}
      </time>
    </>
  );
}

// The Job Posts tab: search, filters, the table with its row menus, bulk actions and pages.
export function JobPostsTab() {
  const search = useListSearch(jobPostsSearch);
  const { state } = search;
  const query = toJobListQuery(state);
  const jobs = useQuery(jobListQueryOptions(query));
  const actions = useJobActions();
  const confirm = useConfirmAction({
    describe: (action: keyof typeof jobConfirmations, job: Job) => jobConfirmations[action](job),
    perform: (action, job, done) => {
      if (action === 'delete') actions.deleteJob(job, done);
      else actions.runTransition(job, action, done);
    },
    isPending: actions.isPending,
  });

  const mayUpdate = useAllowed('update:job:own');
  const mayCreate = useAllowed('create:job:own');
  const items = jobs.data?.items ?? [];
  // The selection belongs to one list: another page or filter starts a new one.
  const selection = useRowSelection(items, JSON.stringify(query));

  const { page: _page, page_size: _pageSize, ...listFilters } = query;

  // Rows are picked only for the bulk changes a role that may change jobs makes.
  const columns: DataListColumn<Job>[] = [
    ...(mayUpdate ? [selection.column({ noun: 'jobs', nameOf: (job: Job) => job.title })] : []),
    {
      id: 'title',
      phone: 'title',
      className: 'md:min-w-56',
      header: 'Job Title',
      cell: (job) => (
        <>
          <Link
            to={paths.companyJob.getHref({ id: job.id })}
            className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
          >
            {job.title}
          </Link>
          <JobTags tags={job.skill_tags} />
        </>
      ),
    },
    {
      id: 'launch-date',
      phone: 'detail',
      phoneOrder: 3,
      className: 'whitespace-nowrap',
      header: 'Launch Date',
      cell: (job) => <LaunchDate job={job} />,
    },
    {
      id: 'applications',
      phone: 'detail',
      phoneOrder: 4,
      className: 'whitespace-nowrap',
      header: 'Applications',
      cell: (job) => (
        <span className="inline-flex items-center gap-2">
          <span>
            <PhoneLabel>Applications</PhoneLabel>
            {job.applications_count}
          </span>
          {job.new_applications_count > 0 && <Badge variant="info">{job.new_applications_count} new</Badge>}
        </span>
      ),
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Status',
      // One status per job: the pipeline stage only beside a status it adds to (visiblePipelineStage).
      cell: (job) => (
        <span className="flex flex-wrap gap-1 md:flex-nowrap">
          <JobStatusBadges status={job.status} stage={job.pipeline_stage} />
        </span>
      ),
    },
    {
      id: 'budget',
      phone: 'detail',
      phoneOrder: 2,
      className: 'whitespace-nowrap',
      header: 'Budget',
      cell: (job) => formatJobBudget(job),
    },
    {
      id: 'menu',
      phone: 'menu',
      className: 'w-12 text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (job) => <JobRowMenu job={job} actions={actions} onConfirm={confirm.ask} />,
    },
  ];

  const toolbar = (
    <>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchInput
          className="lg:max-w-sm lg:flex-1"
          label="Search job posts"
          placeholder="Search job titles, skills..."
          value={state.q}
          onSearch={(q) => search.change({ q }, { replace: true })}
        />
        <div className="flex flex-wrap items-center gap-2">
          <DateRangeFilter from={state.launchedFrom} to={state.launchedTo} onChange={(range) => search.change(range)} />
          <TagsFilter selected={state.tags} onChange={(tags) => search.change({ tags })} />
          <StatusFilter selected={state.status} onChange={(status) => search.change({ status })} />
          {search.isFiltered && (
            <Button variant="ghost" onClick={search.clear}>
              <XIcon aria-hidden="true" />
              Clear Filters
            </Button>
          )}
        </div>
        <Button
          variant="outline"
          className="lg:ml-auto"
          disabled={(jobs.data?.total ?? 0) === 0}
          onClick={() => exportJobsCsv(listFilters)}
        >
          <DownloadIcon aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {mayUpdate && selection.selectedIds.length > 0 && (
        <JobBulkBar selectedIds={selection.selectedIds} onDone={selection.clear} />
      )}
    </>
  );

  const empty = {
    icon: BriefcaseIcon,
    filtered: { title: 'No jobs match these filters', description: 'Try other words, dates, tags or statuses.' },
    none: {
      title: 'No job posts yet',
      description: 'Post your first job and applications will appear here.',
      ...(mayCreate && { create: { to: paths.companyCreateJob.getHref(), label: 'Create Job' } }),
    },
  };

  return (
    <DataList
      label="Job posts"
      noun="jobs"
      query={jobs}
      columns={columns}
      rowKey={(job) => job.id}
      isRowSelected={selection.isSelected}
      search={search}
      errorTitle={jobTexts.loadErrorTitle}
      errorText={jobTexts.loadError}
      empty={empty}
      toolbar={toolbar}
      rowConfirm={confirm}
    />
  );
}
