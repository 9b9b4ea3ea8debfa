import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, PlusIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import {
  DataList,
  type DataListColumn,
  PhoneLabel,
  RowMenuTrigger,
  useConfirmAction,
} from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { OptionSearchSelect } from '~/client/components/option-search-select';
import { SearchInput } from '~/client/components/search-input';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem } from '~/client/components/ui/dropdown-menu';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import { type AdminJob, adminJobTexts } from '~/shared/admin-jobs';
import { type JobStatus, jobStatuses, jobStatusLabels } from '~/shared/jobs';
import { adminJobListQueryOptions, companyOptionsQueryOptions, useArchiveAdminJob } from './api';
import { JobDialog } from './job-dialog';
import { adminJobsSearch, toAdminJobListQuery } from './jobs-search';

const statusBadges: Record<JobStatus, BadgeVariant> = {
  draft: 'secondary',
  open: 'success',
  paused: 'warning',
  closed: 'neutral',
  archived: 'outline',
};

const formatDay = (value: string) =>
  new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function CompanyFilter({
  value,
  knownName,
  onChange,
}: {
  value: string;
  knownName?: string;
  onChange: (id: string) => void;
}) {
  const [q, setQ] = useState('');
  const options = useQuery(companyOptionsQueryOptions(q));
  const items = options.data?.items ?? [];
  // A company chosen earlier (from the URL) stays shown while another search runs.
  const chosen =
    value && !items.some((item) => item.id === value) ? [{ id: value, name: knownName ?? 'Chosen company' }] : [];
  return (
    <OptionSearchSelect
      isCompact
      label="Company"
      searchLabel="Search companies to filter by"
      searchPlaceholder="Find a company..."
      query={q}
      onQueryChange={setQ}
      options={items}
      fixedOptions={chosen}
      isPending={options.isPending}
      emptyLabel="All companies"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

// The jobs of /admin/jobs (docs/spec/admin-billing-and-content.md §2 item 4): search by title or company,
// status and company filters, the table (title, company, status, applications, posted date) with Edit and
// Archive, and Create Job.
export function AdminJobsSection() {
  const search = useListSearch(adminJobsSearch);
  const { state } = search;
  const query = toAdminJobListQuery(state);
  const jobs = useQuery(adminJobListQueryOptions(query));
  const archive = useArchiveAdminJob();
  const [dialog, setDialog] = useState<{ jobId: string | null } | null>(null);

  const confirm = useConfirmAction({
    describe: (_action: 'archive', job: AdminJob) => ({
      title: 'Archive this job?',
      description: `“${job.title}” at ${job.company_name} leaves the job board and the company's active lists. Its applications are kept.`,
      confirmLabel: 'Archive',
      destructive: true,
    }),
    perform: (_action, job, done) =>
      archive.mutate(job.id, {
        onSuccess: () => toast({ title: adminJobTexts.archived, description: `“${job.title}” has been archived.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'The job was not archived',
            description: errorMessage(error, 'Something went wrong. Please try again.'),
          }),
        onSettled: done,
      }),
    isPending: archive.isPending,
  });

  const columns: DataListColumn<AdminJob>[] = [
    {
      id: 'title',
      phone: 'title',
      header: 'Title',
      className: 'md:min-w-48',
      cell: (job) => <span className="font-medium">{job.title}</span>,
    },
    {
      id: 'company',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Company',
      cell: (job) => job.company_name,
    },
    {
      id: 'status',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Status',
      cell: (job) => <Badge variant={statusBadges[job.status]}>{jobStatusLabels[job.status]}</Badge>,
    },
    {
      id: 'applications',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Applications',
      className: 'md:text-right tabular-nums',
      cell: (job) => (
        <>
          <PhoneLabel>Applications</PhoneLabel>
          {job.applications_count}
        </>
      ),
    },
    {
      id: 'posted',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Posted',
      className: 'whitespace-nowrap',
      cell: (job) => (
        <>
          <PhoneLabel>Posted</PhoneLabel>
          {formatDay(job.posted_at)}
        </>
      ),
    },
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (job) => (
        <DropdownMenu>
          <RowMenuTrigger name={job.title} />
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={job.status === 'archived'} onSelect={() => setDialog({ jobId: job.id })}>
              Edit
            </DropdownMenuItem>
            <DropdownMenuItem disabled={job.status === 'archived'} onSelect={() => confirm.ask('archive', job)}>
              Archive
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ),
    },
  ];

  const knownCompany = jobs.data?.items.find((job) => job.company_id === state.company)?.company_name;
  const toolbar = (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
      <SearchInput
        className="lg:min-w-64 lg:max-w-xs lg:flex-1"
        label="Search jobs"
        placeholder="Search by job title or company"
        value={state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
      <FilterSelect
        label="Status"
        className="sm:w-40"
        allLabel="All statuses"
        value={state.status}
        options={jobStatuses}
        labels={jobStatusLabels}
        onChange={(status) => search.change({ status })}
      />
      <CompanyFilter
        value={state.company}
        knownName={knownCompany}
        onChange={(company) => search.change({ company })}
      />
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
      <div className="flex justify-end">
        <Button onClick={() => setDialog({ jobId: null })}>
          <PlusIcon aria-hidden="true" />
          Create Job
        </Button>
      </div>
      <DataList
        label="Jobs"
        noun="jobs"
        query={jobs}
        columns={columns}
        rowKey={(job) => job.id}
        search={search}
        errorTitle={adminJobTexts.loadErrorTitle}
        errorText={errorMessage(jobs.error, adminJobTexts.loadError)}
        empty={{
          icon: BriefcaseIcon,
          filtered: { title: 'No jobs found', description: 'Try another title, company or status.' },
          none: { title: 'No jobs yet', description: 'Jobs appear here as companies post them.' },
        }}
        toolbar={toolbar}
        rowConfirm={{ dialog: confirm.dialog }}
      />
      <JobDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        jobId={dialog?.jobId ?? null}
      />
    </>
  );
}
