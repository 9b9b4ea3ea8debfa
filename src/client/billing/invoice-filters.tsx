import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, CalendarIcon, ChevronDownIcon } from 'lucide-react';
import { lazy } from 'react';
import type { DateRange } from 'react-day-picker';
import { DeferredDialogBody } from '~/client/components/deferred-dialog-body';
import { FilterSelect } from '~/client/components/filter-select';
import { Button } from '~/client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { formatIsoDay, fromIsoDay, toIsoDay } from '~/client/lib/iso-day';
import type { InvoiceSortKey } from '~/shared/billing';
import { type InvoiceSort, invoiceSorts, readInvoiceSort, type SortOrder } from './invoices-search';

// The day picker (react-day-picker, 13 KB) loads when the filter first opens (decision 037).
const Calendar = lazy(() => import('~/client/components/ui/calendar').then((module) => ({ default: module.Calendar })));

function rangeSummary(from: string | null, to: string | null): string | null {
  if (from && to) return from === to ? formatIsoDay(from) : `${formatIsoDay(from)} – ${formatIsoDay(to)}`;
  if (from) return `From ${formatIsoDay(from)}`;
  if (to) return `Until ${formatIsoDay(to)}`;
  return null;
}

interface IssueDateFilterProps {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
}

// The issue-date range: a two-click range on a month calendar whose weeks start on Sunday.
export function IssueDateFilter({ from, to, onChange }: IssueDateFilterProps) {
  const selected: DateRange | undefined = from
    ? { from: fromIsoDay(from), to: to ? fromIsoDay(to) : undefined }
    : undefined;
  const summary = rangeSummary(from, to);
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" className="justify-start">
          <CalendarIcon aria-hidden="true" />
          Issue Date
          {summary && (
            <span className="max-w-48 truncate rounded bg-background px-1.5 text-xs font-semibold text-accent-foreground">
              {summary}
            </span>
          )}
          <ChevronDownIcon aria-hidden="true" className="ml-auto" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" aria-label="Issue date" className="w-auto max-w-[calc(100vw-1rem)]">
        <p className="mb-2 text-sm font-semibold">Issue date</p>
        <DeferredDialogBody>
          <Calendar
            mode="range"
            selected={selected}
            defaultMonth={selected?.from}
            onSelect={(range) =>
              onChange({
                from: range?.from ? toIsoDay(range.from) : null,
                to: range?.to ? toIsoDay(range.to) : null,
              })
            }
          />
        </DeferredDialogBody>
        {(from || to) && (
          <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => onChange({ from: null, to: null })}>
            Clear dates
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}

const invoiceColumnLabels: Record<InvoiceSortKey, string> = {
  invoiceNumber: 'Invoice Number',
  issueDate: 'Issue Date',
  dueDate: 'Due Date',
  amount: 'Amount',
  status: 'Status',
};

const orderNames: Record<SortOrder, 'ascending' | 'descending'> = { asc: 'ascending', desc: 'descending' };

export const ariaSortOf = (sort: InvoiceSort | null, key: InvoiceSortKey): 'ascending' | 'descending' | 'none' => {
  const current = readInvoiceSort(sort);
  return current.key === key ? orderNames[current.order] : 'none';
};

interface SortHeaderProps {
  column: InvoiceSortKey;
  sort: InvoiceSort | null;
  onSort: (column: InvoiceSortKey) => void;
}

// A column header that sorts by it: the header cell carries aria-sort, the arrow shows the order.
export function SortHeader({ column, sort, onSort }: SortHeaderProps) {
  const state = ariaSortOf(sort, column);
  const Icon = state === 'ascending' ? ArrowUpIcon : state === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <button
      type="button"
      onClick={() => onSort(column)}
      className="-mx-2 inline-flex items-center gap-1.5 rounded px-2 py-1 font-medium hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {invoiceColumnLabels[column]}
      <Icon className={state === 'none' ? 'size-3.5 opacity-50' : 'size-3.5'} aria-hidden="true" />
    </button>
  );
}

const sortOptionLabel = (sort: InvoiceSort) => {
  const { key, order } = readInvoiceSort(sort);
  const direction =
    key === 'issueDate' || key === 'dueDate'
      ? { asc: 'oldest first', desc: 'newest first' }[order]
      : key === 'status'
        ? orderNames[order]
        : { asc: 'lowest first', desc: 'highest first' }[order];
  return `${invoiceColumnLabels[key]}, ${direction}`;
};

// Phones have no header row to click: the same orders in a select.
export function SortSelect({ sort, onChange }: { sort: InvoiceSort | null; onChange: (sort: InvoiceSort) => void }) {
  const { key, order } = readInvoiceSort(sort);
  return (
    <FilterSelect
      label="Sort by"
      className="md:hidden"
      value={`${key}_${order}`}
      options={invoiceSorts}
      labels={sortOptionLabel}
      onChange={onChange}
    />
  );
}
