import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon, ClipboardCheckIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { DataList, type DataListColumn, PhoneLabel } from '~/client/components/data-list';
import { useRowSelection } from '~/client/components/row-selection';
import { SearchInput } from '~/client/components/search-input';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useListSearch } from '~/client/lib/list-search';
import {
  type AdminTest,
  type AdminTestKind,
  adminTestKindLabels,
  adminTestTexts,
  type BulkTestAction,
  bulkTestDoneText,
  formatTestDuration,
} from '~/shared/admin-tests';
import { adminTestListQueryOptions, useBulkTestAction } from './api';
import { CreateTestDialog } from './create-test-dialog';
import { TestViewDialog } from './test-view-dialog';
import { adminTestsSearch, toAdminTestListQuery } from './tests-search';

const formatDay = (value: string) =>
  new Date(value).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

const kindBadgeVariants: Record<AdminTestKind, BadgeVariant> = {
  technical: 'info',
  behavioral: 'warning',
  mixed: 'neutral',
};

const bulkTitles: Record<BulkTestAction, string> = {
  archive: adminTestTexts.archivedTitle,
  delete: adminTestTexts.deletedTitle,
};

// The bar shown while rows are selected (docs/spec/admin-billing-and-content.md §2 item 9): Archive, and Delete
// after a confirm. A toast says what was done, then the selection clears (§4).
function TestBulkBar({ selectedIds, onDone }: { selectedIds: string[]; onDone: () => void }) {
  const bulk = useBulkTestAction();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const count = selectedIds.length;

  async function run(action: BulkTestAction) {
    try {
      const result = await bulk.mutateAsync({ action, ids: selectedIds });
      toast({ title: bulkTitles[action], description: bulkTestDoneText(action, result.count) });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: action === 'delete' ? 'The tests were not deleted' : 'The tests were not archived',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    } finally {
      setIsConfirmingDelete(false);
    }
  }

  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-2 rounded-md border border-primary/30 bg-accent px-3 py-2 sm:flex-row sm:items-center"
    >
      <p className="text-sm font-semibold text-accent-foreground" aria-live="polite">
        {count} {count === 1 ? 'test' : 'tests'} selected
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => run('archive')}>
          <ArchiveIcon aria-hidden="true" />
          Archive
        </Button>
        <Button size="sm" variant="destructive" disabled={bulk.isPending} onClick={() => setIsConfirmingDelete(true)}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirmingDelete}
        onOpenChange={setIsConfirmingDelete}
        title={`Delete ${count} ${count === 1 ? 'test' : 'tests'}?`}
        description="The tests, their questions and their links to jobs are removed for good. A test someone has taken cannot be deleted; archive it instead."
        confirmLabel="Delete"
        destructive
        pending={bulk.isPending}
        onConfirm={() => run('delete')}
      />
    </section>
  );
}

// The tests of /admin/tests (docs/spec/admin-billing-and-content.md §2 item 9, §3 "Test (admin)"): search,
// Create New Test, the table with a select-all box, the bulk bar while rows are selected, and the read-only
// view.
export function AdminTestsSection() {
  const search = useListSearch(adminTestsSearch);
  const query = toAdminTestListQuery(search.state);
  const tests = useQuery(adminTestListQueryOptions(query));
  const [isCreating, setIsCreating] = useState(false);
  const [viewedId, setViewedId] = useState<string | null>(null);

  // The selection belongs to one list: another page or search starts a new one.
  const items = tests.data?.items ?? [];
  const selection = useRowSelection(items, JSON.stringify(query));

  const columns: DataListColumn<AdminTest>[] = [
    selection.column({ noun: 'tests', nameOf: (test) => test.name }),
    {
      id: 'name',
      phone: 'title',
      header: 'Name',
      className: 'md:min-w-48',
      cell: (test) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="font-medium">{test.name}</span>
          {test.status !== 'active' && (
            <Badge variant={test.status === 'draft' ? 'secondary' : 'outline'}>
              {test.status === 'draft' ? 'Draft' : 'Archived'}
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: 'type',
      phone: 'detail',
      phoneOrder: 1,
      header: 'Type',
      cell: (test) => <Badge variant={kindBadgeVariants[test.kind]}>{adminTestKindLabels[test.kind]}</Badge>,
    },
    {
      id: 'duration',
      phone: 'detail',
      phoneOrder: 2,
      header: 'Duration',
      className: 'whitespace-nowrap',
      cell: (test) => formatTestDuration(test.time_limit),
    },
    {
      id: 'questions',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Questions',
      className: 'md:text-right tabular-nums',
      cell: (test) => (
        <>
          <PhoneLabel>Questions</PhoneLabel>
          {test.question_count}
        </>
      ),
    },
    {
      id: 'created',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Created',
      className: 'whitespace-nowrap',
      cell: (test) => (
        <>
          <PhoneLabel>Created</PhoneLabel>
          {formatDay(test.created_at)}
        </>
      ),
    },
    {
      id: 'company',
      phone: 'detail',
      phoneOrder: 5,
      header: 'Company',
      cell: (test) => (test.is_platform ? `${test.company_name} (platform)` : test.company_name),
    },
    {
      id: 'actions',
      phone: 'menu',
      className: 'md:text-right',
      header: <span className="sr-only">Actions</span>,
      cell: (test) => (
        <Button variant="outline" size="sm" onClick={() => setViewedId(test.id)} aria-label={`View ${test.name}`}>
          View
        </Button>
      ),
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchInput
        className="sm:max-w-xs sm:flex-1"
        label="Search tests"
        placeholder="Search by test name or company"
        value={search.state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
      <Button className="sm:ml-auto" onClick={() => setIsCreating(true)}>
        <PlusIcon aria-hidden="true" />
        Create New Test
      </Button>
    </div>
  );

  return (
    <>
      {selection.selectedIds.length > 0 && <TestBulkBar selectedIds={selection.selectedIds} onDone={selection.clear} />}
      <DataList
        label="Tests"
        noun="tests"
        query={tests}
        columns={columns}
        rowKey={(test) => test.id}
        isRowSelected={selection.isSelected}
        search={search}
        errorTitle={adminTestTexts.loadErrorTitle}
        errorText={errorMessage(tests.error, adminTestTexts.loadError)}
        empty={{
          icon: ClipboardCheckIcon,
          filtered: { title: 'No tests found', description: 'Try another test name or company.' },
          none: { title: 'No tests yet', description: 'Create the first one with Create New Test.' },
        }}
        toolbar={toolbar}
      />
      <CreateTestDialog open={isCreating} onOpenChange={setIsCreating} />
      <TestViewDialog testId={viewedId} onClose={() => setViewedId(null)} />
    </>
  );
}
