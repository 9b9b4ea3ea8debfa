import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, DownloadIcon, PlusIcon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SearchInput } from '~/client/components/search-input';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { formatJobBudget, type Job, jobTexts, MAX_JOB_TAGS_SHOWN } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { jobExportUrl, jobListQueryOptions } from './api';
import { exportJobsCsv } from './export-jobs-csv';
import { JobBulkBar } from './job-bulk-bar';
import { DateRangeFilter, StatusFilter, TagsFilter } from './job-filters';
import { type ConfirmableJobAction, JobRowMenu } from './job-row-menu';
import { JobPipelineBadge, JobStatusBadge } from './job-status-badge';
import {
  clearedJobFilters,
  hasJobFilters,
  JOBS_PAGE_SIZE,
  type JobPostFilters,
  jobFilterPatch,
  jobSearchKeys,
  pagePatch,
  type SearchPatch,
  toJobListQuery,
} from './jobs-page-search';
import { useJobActions } from './use-job-actions';

interface JobPostsTabProps {
  filters: JobPostFilters;
  onSearchChange: (patch: SearchPatch, options?: { replace?: boolean }) => void;
}

const PLACEHOLDER_ROWS = [1, 2, 3, 4, 5];
const COLUMN_COUNT = 7;

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

function JobRow({
  job,
  isSelected,
  onSelectedChange,
  actions,
  onConfirm,
}: {
  job: Job;
  isSelected: boolean;
  onSelectedChange: (selected: boolean) => void;
  actions: ReturnType<typeof useJobActions>;
  onConfirm: (action: ConfirmableJobAction, job: Job) => void;
}) {
  return (
    <TableRow data-state={isSelected ? 'selected' : undefined}>
      <TableCell className="w-10">
        <Checkbox
          checked={isSelected}
          onCheckedChange={(checked) => onSelectedChange(checked === true)}
          aria-label={`Select ${job.title}`}
        />
      </TableCell>
      <TableCell className="min-w-48 md:min-w-56">
        <Link
          to={paths.companyJob.getHref({ id: job.id })}
          className="font-medium text-foreground underline-offset-4 hover:text-primary hover:underline"
        >
          {job.title}
        </Link>
        <JobTags tags={job.skill_tags} />
        {/* Phones see the status and budget without scrolling; the columns still hold them for everyone. */}
        <span
          aria-hidden="true"
          className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-muted-foreground md:hidden"
        >
          <JobStatusBadge status={job.status} />
          {formatJobBudget(job)}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={job.launch_date} title={fullDateLabel(job.launch_date)}>
          {relativeDateLabel(job.launch_date)}
        </time>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <span className="inline-flex items-center gap-2">
          {job.applications_count}
          {job.new_applications_count > 0 && <Badge variant="info">{job.new_applications_count} new</Badge>}
        </span>
      </TableCell>
      <TableCell>
        <span className="flex flex-wrap gap-1">
          <JobStatusBadge status={job.status} />
          {job.pipeline_stage && <JobPipelineBadge stage={job.pipeline_stage} />}
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatJobBudget(job)}</TableCell>
      {/* On phones the table scrolls sideways; the row menu stays in reach at the right edge. */}
      <TableCell className="w-12 text-right max-md:sticky max-md:right-0 max-md:bg-background">
        <JobRowMenu job={job} actions={actions} onConfirm={onConfirm} />
      </TableCell>
    </TableRow>
  );
}

function EmptyState({ isFiltered, onClearFilters }: { isFiltered: boolean; onClearFilters: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <BriefcaseIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      {isFiltered ? (
        <>
          <p className="font-semibold">No jobs match these filters</p>
          <p className="text-sm text-muted-foreground">Try other words, dates, tags or statuses.</p>
          <Button variant="outline" onClick={onClearFilters}>
            Clear Filters
          </Button>
        </>
      ) : (
        <>
          <p className="font-semibold">No job posts yet</p>
          <p className="text-sm text-muted-foreground">Post your first job and applications will appear here.</p>
          <Button asChild>
            <Link to={paths.companyCreateJob.getHref()}>
              <PlusIcon aria-hidden="true" />
              Create Job
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}

// The Job Posts tab: search, filters, the table with its row menus, bulk actions and pages.
export function JobPostsTab({ filters, onSearchChange }: JobPostsTabProps) {
  const query = toJobListQuery(filters);
  const jobs = useQuery(jobListQueryOptions(query));
  const actions = useJobActions();
  const isFiltered = hasJobFilters(filters);

  // The selection belongs to one list: another page or filter starts a new one.
  const selectionScope = JSON.stringify(query);
  const [selection, setSelection] = useState<{ scope: string; ids: string[] }>({ scope: '', ids: [] });
  const items = jobs.data?.items ?? [];
  const selectedIds =
    selection.scope === selectionScope ? selection.ids.filter((id) => items.some((job) => job.id === id)) : [];
  const setSelectedIds = (ids: string[]) => setSelection({ scope: selectionScope, ids });
  const allSelected = items.length > 0 && selectedIds.length === items.length;

  const [confirm, setConfirm] = useState<{ action: ConfirmableJobAction; job: Job } | null>(null);

  const clearFilters = () => onSearchChange(clearedJobFilters);

  // After deleting or archiving the last rows of the last page, show the page that now is the last.
  const total = jobs.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / JOBS_PAGE_SIZE));
  const isPastEnd = jobs.isSuccess && !jobs.isPlaceholderData && items.length === 0 && filters.page > lastPage;
  useEffect(() => {
    if (isPastEnd) onSearchChange(pagePatch(jobSearchKeys.page, lastPage), { replace: true });
  }, [isPastEnd, lastPage, onSearchChange]);

  const { page: _page, page_size: _pageSize, ...listFilters } = query;

  return (
    <Card className="min-w-0">
      <div className="flex flex-col gap-3 border-b border-border p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <SearchInput
            className="lg:max-w-sm lg:flex-1"
            label="Search job posts"
            placeholder="Search job titles, skills..."
            value={filters.q}
            onSearch={(q) => onSearchChange(jobFilterPatch({ q }), { replace: true })}
          />
          <div className="flex flex-wrap items-center gap-2">
            <DateRangeFilter
              from={filters.launchedFrom}
              to={filters.launchedTo}
              onChange={(range) => onSearchChange(jobFilterPatch(range))}
            />
            <TagsFilter selected={filters.tags} onChange={(tags) => onSearchChange(jobFilterPatch({ tags }))} />
            <StatusFilter selected={filters.status} onChange={(status) => onSearchChange(jobFilterPatch({ status }))} />
            {isFiltered && (
              <Button variant="ghost" onClick={clearFilters}>
                <XIcon aria-hidden="true" />
                Clear Filters
              </Button>
            )}
          </div>
          <Button
            variant="outline"
            className="lg:ml-auto"
            disabled={total === 0}
            onClick={() => exportJobsCsv(jobExportUrl(listFilters))}
          >
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </Button>
        </div>
        {selectedIds.length > 0 && <JobBulkBar selectedIds={selectedIds} onDone={() => setSelectedIds([])} />}
      </div>

      {jobs.isError ? (
        <div className="p-4">
          <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
            <div>
              <AlertTitle>{jobTexts.loadErrorTitle}</AlertTitle>
              <p>{jobTexts.loadError}</p>
            </div>
            <Button variant="outline" size="sm" onClick={() => jobs.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : jobs.isSuccess && items.length === 0 && !isPastEnd ? (
        <EmptyState isFiltered={isFiltered} onClearFilters={clearFilters} />
      ) : (
        <Table aria-label="Job posts" aria-busy={jobs.isPending || jobs.isPlaceholderData}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-10">
                <Checkbox
                  checked={allSelected ? true : selectedIds.length > 0 ? 'indeterminate' : false}
                  disabled={items.length === 0}
                  onCheckedChange={(checked) => setSelectedIds(checked === true ? items.map((job) => job.id) : [])}
                  aria-label="Select all jobs on this page"
                />
              </TableHead>
              <TableHead>Job Title</TableHead>
              <TableHead>Launch Date</TableHead>
              <TableHead>Applications</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Budget</TableHead>
              <TableHead className="w-12 max-md:sticky max-md:right-0 max-md:bg-background">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className={cn(jobs.isPlaceholderData && 'opacity-60')}>
            {jobs.isPending
              ? PLACEHOLDER_ROWS.map((row) => (
                  <TableRow key={row} className="hover:bg-transparent">
                    <TableCell colSpan={COLUMN_COUNT}>
                      <Skeleton className="h-8" />
                    </TableCell>
                  </TableRow>
                ))
              : items.map((job) => (
                  <JobRow
                    key={job.id}
                    job={job}
                    isSelected={selectedIds.includes(job.id)}
                    onSelectedChange={(selected) =>
                      setSelectedIds(selected ? [...selectedIds, job.id] : selectedIds.filter((id) => id !== job.id))
                    }
                    actions={actions}
                    onConfirm={(action, target) => setConfirm({ action, job: target })}
                  />
                ))}
          </TableBody>
        </Table>
      )}
      {jobs.isPending && (
        <span className="sr-only" role="status">
          Loading jobs
        </span>
      )}

      {jobs.isSuccess && total > 0 && (
        <div className="border-t border-border p-4">
          <Pagination
            page={filters.page}
            pageSize={JOBS_PAGE_SIZE}
            total={total}
            noun="jobs"
            onPageChange={(page) => onSearchChange(pagePatch(jobSearchKeys.page, page))}
          />
        </div>
      )}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm?.action === 'delete' ? 'Delete this draft?' : 'Archive this job?'}
        description={
          confirm?.action === 'delete'
            ? `“${confirm.job.title}” will be deleted for good.`
            : `“${confirm?.job.title ?? ''}” will leave the list and stop taking applications. Archiving cannot be undone; the Archived status filter still finds it.`
        }
        confirmLabel={confirm?.action === 'delete' ? 'Delete' : 'Archive'}
        destructive
        pending={actions.isPending}
        onConfirm={() => {
          if (!confirm) return;
          const close = () => setConfirm(null);
          if (confirm.action === 'delete') actions.deleteJob(confirm.job, close);
          else actions.runTransition(confirm.job, 'archive', close);
        }}
      />
    </Card>
  );
}
