import { type LucideIcon, MoreHorizontalIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ErrorReference } from '~/client/components/error-reference';
import { Alert, AlertTitle } from '~/client/components/ui/alert';
import { ConfirmDialog, type ConfirmDialogProps } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { DropdownMenuTrigger } from '~/client/components/ui/dropdown-menu';
import { Pagination } from '~/client/components/ui/pagination';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import { useStepBackPastEnd } from '~/client/lib/use-step-back-past-end';

// The scaffold of a portal list (the Job Posts and Tests tabs, and the lists to come): a toolbar, the
// table, its loading, empty and error states, server pagination and the confirm dialog of a row action.
// Below 768 px each row stacks (title first, then its details, menu at the right) instead of scrolling
// sideways, so a phone never sees a column cut mid-word.

// Where a column's cells go in a stacked row: a 'lead' control (checkbox, star) left of the 'title',
// which fills the first line with the 'menu' at its end; 'detail' cells follow, wrapping, in phoneOrder.
type PhonePlace = 'lead' | 'title' | 'detail' | 'menu';

export interface DataListColumn<Item> {
  id: string;
  header: ReactNode;
  cell: (item: Item) => ReactNode;
  phone: PhonePlace;
  phoneOrder?: 1 | 2 | 3 | 4 | 5;
  className?: string;
  // A sortable column's order, for its header cell's aria-sort.
  sort?: 'ascending' | 'descending' | 'none';
}

// What the scaffold reads of a TanStack list query ({items, total} answers, docs/design.md §6).
export interface ListQueryResult<Item> {
  // total is absent from a keyset list (Audit Logs), which pages with its own `pager`.
  data?: { items: Item[]; total?: number };
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  // Why it failed: an ApiError's reference is shown with the error.
  error?: unknown;
  refetch: () => unknown;
}

interface DataListProps<Item> {
  // The table's accessible name ("Job posts").
  label: string;
  // What is counted: "1–20 of 23 jobs", "Loading jobs".
  noun: string;
  query: ListQueryResult<Item>;
  columns: DataListColumn<Item>[];
  rowKey: (item: Item) => string;
  isRowSelected?: (item: Item) => boolean;
  // The list's URL state (useListSearch, lib/list-search.ts): its page, and whether filters narrow it.
  search: ListSearchControls;
  errorTitle: string;
  errorText: string;
  // What an empty answer shows: the filters' fault, or nothing made yet.
  empty: ListEmptyProps;
  toolbar?: ReactNode;
  rowConfirm?: { dialog: ConfirmDialogProps };
  // Replaces the numbered pagination: a list too long to count pages with Previous / Next (Audit Logs).
  pager?: ReactNode;
}

const PLACEHOLDER_ROWS = [1, 2, 3, 4, 5];

const phoneOrders = {
  1: 'max-md:order-1',
  2: 'max-md:order-2',
  3: 'max-md:order-3',
  4: 'max-md:order-4',
  5: 'max-md:order-5',
} as const;

const phoneCells: Record<PhonePlace, string> = {
  // Centred on the title's first line (20 px high, 10 px down): a 40 px high box from the top.
  lead: 'max-md:absolute max-md:top-0 max-md:left-1 max-md:flex max-md:h-10 max-md:min-w-10 max-md:items-center max-md:justify-center max-md:p-0',
  title: 'max-md:basis-full max-md:p-0 [overflow-wrap:anywhere]',
  detail: 'max-md:max-w-full max-md:min-w-0 max-md:p-0 max-md:[overflow-wrap:anywhere]',
  menu: 'max-md:absolute max-md:top-0 max-md:right-1 max-md:p-0',
};

const phoneHeaders: Record<PhonePlace, string> = {
  lead: phoneCells.lead,
  title: 'max-md:h-auto max-md:basis-full max-md:p-0',
  detail: 'max-md:sr-only',
  menu: 'max-md:sr-only',
};

function phoneRow(columns: DataListColumn<unknown>[]) {
  const has = (place: PhonePlace) => columns.some((column) => column.phone === place);
  return cn(
    'max-md:relative max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-4 max-md:gap-y-1.5 max-md:py-2.5',
    has('lead') ? 'max-md:pl-12' : 'max-md:pl-3',
    has('menu') ? 'max-md:pr-12' : 'max-md:pr-3',
  );
}

// Names a detail on a phone, where no header row does ("Launched", "Applications"); hidden from 768 px.
export function PhoneLabel({ children }: { children: ReactNode }) {
  return <span className="mr-1.5 text-muted-foreground md:hidden">{children}</span>;
}

interface ListSearchControls {
  state: { page: number; pageSize: number };
  setPage: (page: number, options?: { replace?: boolean }) => void;
  isFiltered: boolean;
  clear: () => void;
}

interface ListEmptyProps {
  icon: LucideIcon;
  // Shown when the filters match nothing.
  filtered: { title: string; description?: string };
  // Shown when there is nothing at all yet, with the way to make the first one.
  // create.icon replaces the plus when the way forward is not making something ("Find Jobs").
  none: { title: string; description?: string; create?: { to: string; label: string; icon?: LucideIcon } };
}

function ListEmptyState({
  icon: Icon,
  isFiltered,
  onClearFilters,
  filtered,
  none,
}: ListEmptyProps & { isFiltered: boolean; onClearFilters: () => void }) {
  const { title, description } = isFiltered ? filtered : none;
  const CreateIcon = none.create?.icon ?? PlusIcon;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      {isFiltered ? (
        <Button variant="outline" onClick={onClearFilters}>
          Clear Filters
        </Button>
      ) : (
        none.create && (
          <Button asChild>
            <Link to={none.create.to}>
              <CreateIcon aria-hidden="true" />
              {none.create.label}
            </Link>
          </Button>
        )
      )}
    </div>
  );
}

// The "…" button that opens a row's menu, named after the row ("Actions for Support Engineer").
export function RowMenuTrigger({ name }: { name: string }) {
  return (
    <DropdownMenuTrigger asChild>
      <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
        <MoreHorizontalIcon aria-hidden="true" />
      </Button>
    </DropdownMenuTrigger>
  );
}

export interface RowConfirmation {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
}

// "Are you sure?" before an action on an item (a list row, or the item of a page): `ask` opens the dialog
// for it; `perform` runs the action and calls `done` once the server has answered, which closes it.
export function useConfirmAction<Action extends string, Item>({
  describe,
  perform,
  isPending,
}: {
  describe: (action: Action, item: Item) => RowConfirmation;
  perform: (action: Action, item: Item, done: () => void) => void;
  isPending: boolean;
}) {
  const [target, setTarget] = useState<{ action: Action; item: Item } | null>(null);
  const close = () => setTarget(null);
  const shown = target ? describe(target.action, target.item) : null;
  const dialog: ConfirmDialogProps = {
    open: target !== null,
    onOpenChange: (open) => {
      if (!open) close();
    },
    title: shown?.title ?? '',
    description: shown?.description ?? '',
    confirmLabel: shown?.confirmLabel ?? '',
    destructive: shown?.destructive ?? false,
    pending: isPending,
    onConfirm: () => {
      if (target) perform(target.action, target.item, close);
    },
  };
  return { ask: (action: Action, item: Item) => setTarget({ action, item }), dialog };
}

export function DataList<Item>({
  label,
  noun,
  query,
  columns,
  rowKey,
  isRowSelected,
  search,
  errorTitle,
  errorText,
  empty,
  toolbar,
  rowConfirm,
  pager,
}: DataListProps<Item>) {
  const { page, pageSize } = search.state;
  const onPageChange = search.setPage;
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  const isPastEnd = useStepBackPastEnd(query, page, pageSize, onPageChange);

  const rowClass = phoneRow(columns as DataListColumn<unknown>[]);
  const cellClass = (column: DataListColumn<Item>) =>
    cn(phoneCells[column.phone], column.phoneOrder && phoneOrders[column.phoneOrder], column.className);

  return (
    <Card className="min-w-0">
      {toolbar && <div className="flex flex-col gap-3 border-b border-border p-4">{toolbar}</div>}

      {query.isError ? (
        <div className="p-4">
          <Alert variant="destructive" className="flex-col sm:flex-row sm:items-center sm:justify-between">
            <div>
              <AlertTitle>{errorTitle}</AlertTitle>
              <p>{errorText}</p>
              <ErrorReference error={query.error} className="mt-1" />
            </div>
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : query.isSuccess && items.length === 0 && !isPastEnd ? (
        <ListEmptyState {...empty} isFiltered={search.isFiltered} onClearFilters={search.clear} />
      ) : (
        <Table aria-label={label} aria-busy={query.isPending || query.isPlaceholderData} className="max-md:block">
          <TableHeader className="max-md:block">
            <TableRow className={cn('hover:bg-transparent', rowClass)}>
              {columns.map((column) => (
                <TableHead
                  key={column.id}
                  aria-sort={column.sort}
                  className={cn(phoneHeaders[column.phone], column.className)}
                >
                  {column.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody className={cn('max-md:block', query.isPlaceholderData && 'opacity-60')}>
            {query.isPending
              ? PLACEHOLDER_ROWS.map((row) => (
                  <TableRow key={row} className="hover:bg-transparent max-md:block max-md:px-3 max-md:py-2.5">
                    <TableCell colSpan={columns.length} className="max-md:block max-md:p-0">
                      <Skeleton className="h-8" />
                    </TableCell>
                  </TableRow>
                ))
              : items.map((item) => (
                  <TableRow
                    key={rowKey(item)}
                    data-state={isRowSelected?.(item) ? 'selected' : undefined}
                    className={rowClass}
                  >
                    {columns.map((column) => (
                      <TableCell key={column.id} className={cellClass(column)}>
                        {column.cell(item)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}
      {query.isPending && (
        <span className="sr-only" role="status">
          {`Loading ${noun}`}
        </span>
      )}

      {pager && query.isSuccess && items.length > 0 && <div className="border-t border-border p-4">{pager}</div>}
      {!pager && query.isSuccess && total > 0 && (
        <div className="border-t border-border p-4">
          <Pagination page={page} pageSize={pageSize} total={total} noun={noun} onPageChange={onPageChange} />
        </div>
      )}

      {rowConfirm && <ConfirmDialog {...rowConfirm.dialog} />}
    </Card>
  );
}
