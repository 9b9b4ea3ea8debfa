import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, ClipboardListIcon, FilterIcon, StarIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  DataList,
  type DataListColumn,
  PhoneLabel,
  type RowConfirmation,
  useConfirmAction,
} from '~/client/components/data-list';
import { FilterSelect } from '~/client/components/filter-select';
import { SearchInput } from '~/client/components/search-input';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Label } from '~/client/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { toast } from '~/client/components/ui/use-toast';
import { useAllowed } from '~/client/lib/allowed';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { useListSearch } from '~/client/lib/list-search';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { type TestSummary, testTexts, testTypeLabels, testTypes } from '~/shared/assessments';
import { paths } from '~/shared/routes';
import {
  testListQueryOptions,
  useArchiveTest,
  useCloneTest,
  useDeleteTest,
  useRestoreTest,
  useSetTestFavorite,
} from './api';
import { type ConfirmableTestAction, TestRowMenu } from './test-row-menu';
import { type TestsSearchState, testsSearch, toTestListQuery } from './tests-search';

type TestFilters = Pick<TestsSearchState, 'type' | 'favoritesOnly' | 'showArchived'>;

const unexpected = 'Something went wrong. Please try again.';
const quoted = (test: Pick<TestSummary, 'name'>) => `“${test.name}”`;

function FilterTestsPopover({
  filters,
  onChange,
}: {
  filters: TestsSearchState;
  onChange: (changes: Partial<TestFilters>) => void;
}) {
  const id = useId();
  const activeCount = [filters.type, filters.favoritesOnly, filters.showArchived].filter(Boolean).length;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline">
          <FilterIcon aria-hidden="true" />
          Filter Tests
          {activeCount > 0 && (
            <span className="rounded bg-background px-1.5 text-xs font-semibold text-accent-foreground">
              {activeCount}
            </span>
          )}
          <ChevronDownIcon aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <FilterSelect
            id={`${id}-type`}
            allLabel="All types"
            value={filters.type}
            options={testTypes}
            labels={testTypeLabels}
            onChange={(type) => onChange({ type })}
          />
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-favorites`}
            checked={filters.favoritesOnly}
            onCheckedChange={(checked) => onChange({ favoritesOnly: checked === true })}
          />
          <Label htmlFor={`${id}-favorites`} className="font-normal">
            Favourites only
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-archived`}
            checked={filters.showArchived}
            onCheckedChange={(checked) => onChange({ showArchived: checked === true })}
          />
          <Label htmlFor={`${id}-archived`} className="font-normal">
            Show archived
          </Label>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function FavoriteStar({ test }: { test: TestSummary }) {
  const setFavorite = useSetTestFavorite();
  const isFavorite = test.is_favorite;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={isFavorite}
      aria-label={isFavorite ? 'Remove from favourites' : 'Add to favourites'}
      title={isFavorite ? 'Remove from favourites' : 'Add to favourites'}
      onClick={async () => {
        // Awaited: with "Favourites only" on, unstarring removes this row before callbacks would run.
        try {
          const { favorite } = await setFavorite.mutateAsync({ id: test.id, favorite: !isFavorite });
          toast({
            title: testTexts.updated,
            description: `${quoted(test)} ${favorite ? 'is now one of your favourites' : 'is no longer a favourite'}.`,
          });
        } catch (error) {
          toast({
            variant: 'destructive',
            title: 'Could not update the favourite',
            description: errorMessage(error, unexpected),
          });
        }
      }}
    >
      <StarIcon
        aria-hidden="true"
        className={cn(isFavorite ? 'fill-amber-400 text-amber-600' : 'text-muted-foreground')}
      />
    </Button>
  );
}

function AttemptsCell({ attempts }: { attempts: TestSummary['attempts'] }) {
  if (attempts.total === 0) {
    return (
      <>
        <span className="text-muted-foreground max-md:hidden">—</span>
        <span className="text-muted-foreground md:hidden">No attempts</span>
      </>
    );
  }
  return (
    <span className="whitespace-nowrap">
      <PhoneLabel>Attempts</PhoneLabel>
      {attempts.total}{' '}
      <span className="ml-1 text-muted-foreground">
        {attempts.avg_score === null ? 'avg —' : `avg ${Math.round(attempts.avg_score)}%`}
      </span>
    </span>
  );
}

const confirmations: Record<ConfirmableTestAction, (test: TestSummary) => RowConfirmation> = {
  archive: (test) => ({
    title: 'Archive this test?',
    description: `${quoted(test)} will no longer be offered to new job posts. Show archived finds it again.`,
    confirmLabel: 'Archive',
    destructive: true,
  }),
  delete: (test) => ({
    title: 'Delete this test?',
    description: `${quoted(test)} will be deleted for good.`,
    confirmLabel: 'Delete',
    destructive: true,
  }),
};

// The Tests tab: the company's skills tests with favourites, attempts and their menu.
export function TestsTab() {
  const search = useListSearch(testsSearch);
  const { state } = search;
  const tests = useQuery(testListQueryOptions(toTestListQuery(state)));
  const clone = useCloneTest();
  const archive = useArchiveTest();
  const remove = useDeleteTest();
  const restore = useRestoreTest();
  const mayUpdate = useAllowed('update:test:own');
  const mayCreate = useAllowed('create:test:own');

  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'destructive', title, description: errorMessage(error, unexpected) });

  const confirm = useConfirmAction({
    describe: (action: ConfirmableTestAction, test: TestSummary) => confirmations[action](test),
    perform: (action, test, done) => {
      if (action === 'archive') {
        archive.mutate(test.id, {
          onSuccess: () => toast({ title: 'Test archived', description: `${quoted(test)} was archived.` }),
          onError: failed('Could not archive the test'),
          onSettled: done,
        });
      } else {
        remove.mutate(test.id, {
          onSuccess: () => toast({ title: 'Test deleted', description: `${quoted(test)} was deleted.` }),
          // Taken meanwhile: the server refuses (409) and says to archive it; the list then shows its attempts.
          onError: failed('Could not delete the test'),
          onSettled: done,
        });
      }
    },
    isPending: archive.isPending || remove.isPending,
  });

  function cloneTest(test: TestSummary) {
    clone.mutate(test.id, {
      onSuccess: (copy) =>
        toast({ title: 'Test cloned', description: `${quoted(test)} was copied to ${quoted(copy)}.` }),
      onError: failed('Could not clone the test'),
    });
  }

  function restoreTest(test: TestSummary) {
    restore.mutate(test.id, {
      onSuccess: () => toast({ title: 'Test restored', description: `${quoted(test)} is back in your tests.` }),
      onError: failed('Could not restore the test'),
    });
  }

  const columns: DataListColumn<TestSummary>[] = [
    {
      id: 'favorite',
      phone: 'lead',
      className: 'w-12',
      header: <span className="sr-only">Favourite</span>,
      cell: (test) => <FavoriteStar test={test} />,
    },
    {
      id: 'name',
      phone: 'title',
      className: 'md:min-w-48',
      header: 'Test Name',
      cell: (test) => (
        <>
          <Link
            to={paths.companyTest.getHref({ id: test.id })}
            className="font-medium underline-offset-4 hover:text-primary hover:underline"
          >
            {test.name}
          </Link>
          {test.status !== 'active' && (
            <span className="mt-1 flex flex-wrap gap-1">
              <Badge variant={test.status === 'archived' ? 'neutral' : 'outline'}>
                {test.status === 'archived' ? 'Archived' : 'Draft'}
              </Badge>
            </span>
          )}
        </>
      ),
    },
    { id: 'type', phone: 'detail', phoneOrder: 1, header: 'Type', cell: (test) => testTypeLabels[test.type] },
    {
      id: 'linked-jobs',
      phone: 'detail',
      phoneOrder: 4,
      header: 'Linked Jobs',
      cell: (test) => (
        <>
          <PhoneLabel>Linked jobs</PhoneLabel>
          {test.linked_jobs}
        </>
      ),
    },
    {
      id: 'attempts',
      phone: 'detail',
      phoneOrder: 3,
      header: 'Attempts',
      cell: (test) => <AttemptsCell attempts={test.attempts} />,
    },
    {
      id: 'last-edited',
      phone: 'detail',
      phoneOrder: 2,
      className: 'whitespace-nowrap',
      header: 'Last Edited',
      cell: (test) => (
        <>
          <PhoneLabel>Edited</PhoneLabel>
          <time dateTime={test.updated_at} title={fullDateLabel(test.updated_at)} className="max-md:lowercase">
            {relativeDateLabel(test.updated_at)}
          </time>
        </>
      ),
    },
    {
      id: 'menu',
      phone: 'menu',
      className: 'w-12 text-right',
      header: <span className="sr-only">Actions</span>,
      // A role that may read tests only (a Viewer) opens a test by its name; there is nothing to change.
      cell: (test) =>
        mayUpdate && <TestRowMenu test={test} onClone={cloneTest} onRestore={restoreTest} onConfirm={confirm.ask} />,
    },
  ];

  const toolbar = (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <SearchInput
        className="lg:max-w-sm lg:flex-1"
        label="Search tests"
        placeholder="Search test names..."
        value={state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
      <div className="flex flex-wrap items-center gap-2">
        <FilterTestsPopover filters={state} onChange={(changes) => search.change(changes)} />
        {search.isFiltered && (
          <Button variant="ghost" onClick={search.clear}>
            <XIcon aria-hidden="true" />
            Clear Filters
          </Button>
        )}
      </div>
    </div>
  );

  const empty = {
    icon: ClipboardListIcon,
    filtered: { title: 'No tests match these filters' },
    none: {
      title: 'No tests yet',
      description: 'Build a skills test and require it on your job posts.',
      ...(mayCreate && { create: { to: paths.companyCreateTest.getHref(), label: 'Create Test' } }),
    },
  };

  return (
    <DataList
      label="Tests"
      noun="tests"
      query={tests}
      columns={columns}
      rowKey={(test) => test.id}
      search={search}
      errorTitle={testTexts.loadErrorTitle}
      errorText={testTexts.loadError}
      empty={empty}
      toolbar={toolbar}
      rowConfirm={confirm}
    />
  );
}
