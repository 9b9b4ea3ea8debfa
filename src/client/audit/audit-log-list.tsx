import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, ScrollTextIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { BreakableText } from '~/client/components/breakable-text';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { SearchInput } from '~/client/components/search-input';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import {
  type AuditLogEntry,
  auditActorKinds,
  auditDateRangeLabels,
  auditDateRanges,
  auditLogTexts,
} from '~/shared/audit-logs';
import { type AuditLogSource, auditLogQueryOptions, downloadAuditLog } from './api';
import { AuditLogDetailDialog } from './audit-log-detail-dialog';
import { actorOf, describeTarget, formatAuditTime, summarizeDetails } from './audit-log-format';
import { useAuditLogSearch } from './audit-log-search';

const EXPORT_FAILED = 'The export could not be downloaded. Please try again.';
const actorKindLabels = { user: 'User actions', system: 'System actions' } as const;

interface AuditLogListProps {
  source: AuditLogSource;
  // Keeps this list's URL keys apart from the page's others (?audit_q=…).
  searchPrefix?: string;
  // Administrators filter by action type and export; a company's rows are all its people's.
  showsTypeFilter?: boolean;
  showsExport?: boolean;
}

// The audit log (docs/spec/admin-billing-and-content.md §2 item 8): action type, date range and search;
// timestamp, action, user, target, details and View; pages of 25 through Previous and Next (a cursor: millions
// of rows are never counted).
export function AuditLogList({
  source,
  searchPrefix = '',
  showsTypeFilter = false,
  showsExport = false,
}: AuditLogListProps) {
  const search = useAuditLogSearch(searchPrefix);
  const { state, query } = search;
  const logs = useQuery(auditLogQueryOptions(source, query));
  const [viewed, setViewed] = useState<{ entry: AuditLogEntry; open: boolean } | null>(null);

  const exportCsv = async () => {
    try {
      await downloadAuditLog(query);
    } catch (error) {
      toast({ title: 'Export failed', description: errorMessage(error, EXPORT_FAILED), variant: 'destructive' });
    }
  };

  const columns: DataListColumn<AuditLogEntry>[] = [
    {
      id: 'timestamp',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Timestamp',
      className: 'whitespace-nowrap',
      cell: (entry) => <time dateTime={entry.created_at}>{formatAuditTime(entry.created_at)}</time>,
    },
    {
      id: 'action',
      phone: 'title',
      header: 'Action',
      cell: (entry) => (
        <span className="grid break-words">
          <span className="font-medium">{entry.action_label}</span>
          <span className="text-xs text-muted-foreground">
            <BreakableText text={entry.action} />
          </span>
        </span>
      ),
    },
    {
      id: 'user',
      phone: 'detail',
      phoneOrder: 2,
      header: 'User',
      className: 'break-words',
      cell: (entry) =>
        entry.actor_kind === 'system' ? (
          <Badge variant="neutral">System</Badge>
        ) : (
          <>
            <PhoneLabel>User</PhoneLabel>
            {entry.actor_name && <span className="block font-medium">{entry.actor_name}</span>}
            {entry.actor_name && entry.actor_email ? (
              <span className="block text-muted-foreground">
                <BreakableText text={entry.actor_email} />
              </span>
            ) : (
              !entry.actor_name && <BreakableText text={actorOf(entry)} />
            )}
          </>
        ),
    },
    {
      id: 'target',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Target',
      className: 'max-w-56 break-words',
      cell: (entry) => (
        <>
          <PhoneLabel>Target</PhoneLabel>
          <BreakableText text={describeTarget(entry)} />
        </>
      ),
    },
    {
      id: 'details',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Details',
      className: 'max-w-72 break-words text-muted-foreground',
      // An address or a code in the details (a webhook's URL) breaks at its punctuation rather than widen the table.
      cell: (entry) => <BreakableText text={summarizeDetails(entry.details)} />,
    },
    {
      id: 'view',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (entry) => (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setViewed({ entry, open: true })}
          aria-label={`View ${entry.action_label} at ${formatAuditTime(entry.created_at)}`}
        >
          View
        </Button>
      ),
    },
  ];

  const toolbar = (
    <div className="grid gap-2">
      <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
        <SearchInput
          className="lg:max-w-sm lg:flex-1"
          label="Search audit log"
          placeholder="Search by action, email or target"
          value={state.q}
          onSearch={(q) => search.filter({ q }, true)}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          {showsTypeFilter && (
            <FilterSelect
              label="Action type"
              className="sm:w-44"
              allLabel="All actions"
              value={state.type}
              options={auditActorKinds}
              labels={actorKindLabels}
              onChange={(type) => search.filter({ type })}
            />
          )}
          <FilterSelect
            label="Date range"
            className="sm:w-44"
            value={state.range}
            options={auditDateRanges}
            labels={auditDateRangeLabels}
            onChange={(range) => search.filter({ range })}
          />
          {search.isFiltered && (
            <Button variant="ghost" onClick={search.clear}>
              <XIcon aria-hidden="true" />
              Clear Filters
            </Button>
          )}
        </div>
        {showsExport && (
          <Button variant="outline" className="lg:ml-auto" onClick={exportCsv}>
            <DownloadIcon aria-hidden="true" />
            Export CSV
          </Button>
        )}
      </div>
      <p className="text-xs text-muted-foreground">{auditLogTexts.searchHint}</p>
    </div>
  );

  const page = logs.data;
  const pager = (
    <nav aria-label="Audit log pages" className="flex items-center justify-between gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={!page?.previous_cursor || logs.isPlaceholderData}
        onClick={() => page?.previous_cursor && search.newer(page.previous_cursor)}
      >
        <ChevronLeftIcon aria-hidden="true" />
        Previous
      </Button>
      <span className="text-sm text-muted-foreground">Newest first, {search.pageSize} a page</span>
      <Button
        variant="outline"
        size="sm"
        disabled={!page?.next_cursor || logs.isPlaceholderData}
        onClick={() => page?.next_cursor && search.older(page.next_cursor)}
      >
        Next
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );

  return (
    <>
      <DataList
        label="Audit log"
        noun="audit entries"
        query={logs}
        columns={columns}
        rowKey={(entry) => entry.id}
        search={{
          state: { page: 1, pageSize: search.pageSize },
          setPage: () => {},
          isFiltered: search.isFiltered,
          clear: search.clear,
        }}
        errorTitle="Failed to load the audit log"
        errorText={errorMessage(logs.error, 'Please check your connection and try again.')}
        empty={{
          icon: ScrollTextIcon,
          filtered: { title: 'No audit entries found', description: 'Try another search, action type or date range.' },
          none: {
            title: `No audit entries in the ${auditDateRangeLabels[state.range].toLowerCase()}`,
            description: 'Actions appear here as people use the platform.',
          },
        }}
        toolbar={toolbar}
        pager={pager}
      />
      {viewed && (
        <AuditLogDetailDialog
          entry={viewed.entry}
          open={viewed.open}
          onOpenChange={(open) => setViewed((current) => current && { ...current, open })}
        />
      )}
    </>
  );
}
