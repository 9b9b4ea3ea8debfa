import { useQuery } from '@tanstack/react-query';
import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  ChevronDownIcon,
  ClipboardListIcon,
  CopyIcon,
  FilterIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  StarIcon,
  Trash2Icon,
  XIcon,
} from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  testListQueryOptions,
  useArchiveTest,
  useCloneTest,
  useDeleteTest,
  useRestoreTest,
  useSetTestFavorite,
} from '~/client/assessments/api';
import { SearchInput } from '~/client/components/search-input';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Checkbox } from '~/client/components/ui/checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/client/components/ui/dropdown-menu';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Pagination } from '~/client/components/ui/pagination';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { type TestSummary, testTexts, testTypeLabels, testTypes } from '~/shared/assessments';
import { paths } from '~/shared/routes';
import {
  clearedTestFilters,
  hasTestFilters,
  pagePatch,
  type SearchPatch,
  TESTS_PAGE_SIZE,
  type TestFilters,
  testFilterPatch,
  testSearchKeys,
  toTestListQuery,
} from './jobs-page-search';

interface TestsTabProps {
  filters: TestFilters;
  onSearchChange: (patch: SearchPatch, options?: { replace?: boolean }) => void;
}

const PLACEHOLDER_ROWS = [1, 2, 3, 4, 5];
const COLUMN_COUNT = 7;
const unexpected = 'Something went wrong. Please try again.';
const quoted = (test: Pick<TestSummary, 'name'>) => `“${test.name}”`;

function FilterTestsPopover({
  filters,
  onChange,
}: {
  filters: TestFilters;
  onChange: (patch: Partial<Omit<TestFilters, 'page'>>) => void;
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
          <NativeSelect
            id={`${id}-type`}
            value={filters.type ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              onChange({ type: testTypes.find((type) => type === value) ?? null });
            }}
          >
            <option value="">All types</option>
            {testTypes.map((type) => (
              <option key={type} value={type}>
                {testTypeLabels[type]}
              </option>
            ))}
          </NativeSelect>
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
  if (attempts.total === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="whitespace-nowrap">
      {attempts.total}{' '}
      <span className="ml-1 text-muted-foreground">
        {attempts.avg_score === null ? 'avg —' : `avg ${Math.round(attempts.avg_score)}%`}
      </span>
    </span>
  );
}

type ConfirmableTestAction = 'archive' | 'delete';

function TestRowMenu({
  test,
  onClone,
  onRestore,
  onConfirm,
}: {
  test: TestSummary;
  onClone: (test: TestSummary) => void;
  onRestore: (test: TestSummary) => void;
  onConfirm: (action: ConfirmableTestAction, test: TestSummary) => void;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${test.name}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.companyTest.getHref({ id: test.id })}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onClone(test)}>
          <CopyIcon aria-hidden="true" />
          Clone
        </DropdownMenuItem>
        {test.archived ? (
          <DropdownMenuItem onSelect={() => onRestore(test)}>
            <ArchiveRestoreIcon aria-hidden="true" />
            Restore
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onConfirm('archive', test)}>
            <ArchiveIcon aria-hidden="true" />
            Archive
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => onConfirm('delete', test)}
          className="text-destructive data-[highlighted]:text-destructive"
        >
          <Trash2Icon aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function EmptyState({ isFiltered, onClearFilters }: { isFiltered: boolean; onClearFilters: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <ClipboardListIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      {isFiltered ? (
        <>
          <p className="font-semibold">No tests match these filters</p>
          <Button variant="outline" onClick={onClearFilters}>
            Clear Filters
          </Button>
        </>
      ) : (
        <>
          <p className="font-semibold">No tests yet</p>
          <p className="text-sm text-muted-foreground">Build a skills test and require it on your job posts.</p>
          <Button asChild>
            <Link to={paths.companyCreateTest.getHref()}>
              <PlusIcon aria-hidden="true" />
              Create Test
            </Link>
          </Button>
        </>
      )}
    </div>
  );
}

// The Tests tab: the company's skills tests with favourites, attempts and their menu.
export function TestsTab({ filters, onSearchChange }: TestsTabProps) {
  const tests = useQuery(testListQueryOptions(toTestListQuery(filters)));
  const clone = useCloneTest();
  const archive = useArchiveTest();
  const remove = useDeleteTest();
  const restore = useRestoreTest();
  const [confirm, setConfirm] = useState<{ action: ConfirmableTestAction; test: TestSummary } | null>(null);
  const isFiltered = hasTestFilters(filters);
  const items = tests.data?.items ?? [];
  const total = tests.data?.total ?? 0;
  const clearFilters = () => onSearchChange(clearedTestFilters);

  const lastPage = Math.max(1, Math.ceil(total / TESTS_PAGE_SIZE));
  const isPastEnd = tests.isSuccess && !tests.isPlaceholderData && items.length === 0 && filters.page > lastPage;
  useEffect(() => {
    if (isPastEnd) onSearchChange(pagePatch(testSearchKeys.page, lastPage), { replace: true });
  }, [isPastEnd, lastPage, onSearchChange]);

  function cloneTest(test: TestSummary) {
    clone.mutate(test.id, {
      onSuccess: (copy) =>
        toast({ title: 'Test cloned', description: `${quoted(test)} was copied to ${quoted(copy)}.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not clone the test',
          description: errorMessage(error, unexpected),
        }),
    });
  }

  function restoreTest(test: TestSummary) {
    restore.mutate(test.id, {
      onSuccess: () => toast({ title: 'Test restored', description: `${quoted(test)} is back in your tests.` }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Could not restore the test',
          description: errorMessage(error, unexpected),
        }),
    });
  }

  function confirmAction() {
    if (!confirm) return;
    const { action, test } = confirm;
    const onSettled = () => setConfirm(null);
    if (action === 'archive') {
      archive.mutate(test.id, {
        onSuccess: () => toast({ title: 'Test archived', description: `${quoted(test)} was archived.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not archive the test',
            description: errorMessage(error, unexpected),
          }),
        onSettled,
      });
    } else {
      remove.mutate(test.id, {
        onSuccess: () => toast({ title: 'Test deleted', description: `${quoted(test)} was deleted.` }),
        // A test that has been taken keeps its attempts: the server refuses (409) and says to archive it.
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not delete the test',
            description: errorMessage(error, unexpected),
          }),
        onSettled,
      });
    }
  }

  return (
    <Card className="min-w-0">
      <div className="flex flex-col gap-3 border-b border-border p-4 lg:flex-row lg:items-center">
        <SearchInput
          className="lg:max-w-sm lg:flex-1"
          label="Search tests"
          placeholder="Search test names..."
          value={filters.q}
          onSearch={(q) => onSearchChange(testFilterPatch({ q }), { replace: true })}
        />
        <div className="flex flex-wrap items-center gap-2">
          <FilterTestsPopover filters={filters} onChange={(patch) => onSearchChange(testFilterPatch(patch))} />
          {isFiltered && (
            <Button variant="ghost" onClick={clearFilters}>
              <XIcon aria-hidden="true" />
              Clear Filters
            </Button>
          )}
        </div>
      </div>

      {tests.isError ? (
        <div className="p-4">
          <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
            <div>
              <AlertTitle>{testTexts.loadErrorTitle}</AlertTitle>
              <p>{testTexts.loadError}</p>
            </div>
            <Button variant="outline" size="sm" onClick={() => tests.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : tests.isSuccess && items.length === 0 && !isPastEnd ? (
        <EmptyState isFiltered={isFiltered} onClearFilters={clearFilters} />
      ) : (
        <Table aria-label="Tests" aria-busy={tests.isPending || tests.isPlaceholderData}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-12">
                <span className="sr-only">Favourite</span>
              </TableHead>
              <TableHead>Test Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Linked Jobs</TableHead>
              <TableHead>Attempts</TableHead>
              <TableHead>Last Edited</TableHead>
              <TableHead className="w-12 max-md:sticky max-md:right-0 max-md:bg-background">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className={cn(tests.isPlaceholderData && 'opacity-60')}>
            {tests.isPending
              ? PLACEHOLDER_ROWS.map((row) => (
                  <TableRow key={row} className="hover:bg-transparent">
                    <TableCell colSpan={COLUMN_COUNT}>
                      <Skeleton className="h-8" />
                    </TableCell>
                  </TableRow>
                ))
              : items.map((test) => (
                  <TableRow key={test.id}>
                    <TableCell>
                      <FavoriteStar test={test} />
                    </TableCell>
                    <TableCell className="min-w-48">
                      <Link
                        to={paths.companyTest.getHref({ id: test.id })}
                        className="font-medium underline-offset-4 hover:text-primary hover:underline"
                      >
                        {test.name}
                      </Link>
                      {/* Phones see the figures without scrolling; the columns still hold them for everyone. */}
                      <span aria-hidden="true" className="mt-1 block text-xs text-muted-foreground md:hidden">
                        {testTypeLabels[test.type]} · {test.attempts.total} attempt
                        {test.attempts.total === 1 ? '' : 's'} · edited{' '}
                        {relativeDateLabel(test.updated_at).toLowerCase()}
                      </span>
                      {test.status !== 'active' && (
                        <span className="mt-1 flex flex-wrap gap-1">
                          <Badge variant={test.status === 'archived' ? 'neutral' : 'outline'}>
                            {test.status === 'archived' ? 'Archived' : 'Draft'}
                          </Badge>
                        </span>
                      )}
                    </TableCell>
                    <TableCell>{testTypeLabels[test.type]}</TableCell>
                    <TableCell>{test.linked_jobs}</TableCell>
                    <TableCell>
                      <AttemptsCell attempts={test.attempts} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={test.updated_at} title={fullDateLabel(test.updated_at)}>
                        {relativeDateLabel(test.updated_at)}
                      </time>
                    </TableCell>
                    <TableCell className="text-right max-md:sticky max-md:right-0 max-md:bg-background">
                      <TestRowMenu
                        test={test}
                        onClone={cloneTest}
                        onRestore={restoreTest}
                        onConfirm={(action, target) => setConfirm({ action, test: target })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}
      {tests.isPending && (
        <span className="sr-only" role="status">
          Loading tests
        </span>
      )}

      {tests.isSuccess && total > 0 && (
        <div className="border-t border-border p-4">
          <Pagination
            page={filters.page}
            pageSize={TESTS_PAGE_SIZE}
            total={total}
            noun="tests"
            onPageChange={(page) => onSearchChange(pagePatch(testSearchKeys.page, page))}
          />
        </div>
      )}

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => {
          if (!open) setConfirm(null);
        }}
        title={confirm?.action === 'delete' ? 'Delete this test?' : 'Archive this test?'}
        description={
          confirm?.action === 'delete'
            ? `“${confirm.test.name}” will be deleted for good. A test that has been taken cannot be deleted; archive it instead.`
            : `“${confirm?.test.name ?? ''}” will no longer be offered to new job posts. Show archived finds it again.`
        }
        confirmLabel={confirm?.action === 'delete' ? 'Delete' : 'Archive'}
        destructive
        pending={archive.isPending || remove.isPending}
        onConfirm={confirmAction}
      />
    </Card>
  );
}
