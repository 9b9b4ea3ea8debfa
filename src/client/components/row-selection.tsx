import { type LucideIcon, XIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { DataListColumn } from '~/client/components/data-list';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';

// Row checkboxes with a select-all box, and the bar of what the selected rows can do together (the
// admin lists' bulk actions). The selection belongs to one page of one list: another page, search or
// filter (a new scope) starts an empty one, and rows that left the list leave the selection.
export function useRowSelection<Item extends { id: string }>(items: Item[], scope: string) {
  const [selection, setSelection] = useState<{ scope: string; ids: string[] }>({ scope: '', ids: [] });
  const selectedIds =
    selection.scope === scope ? selection.ids.filter((id) => items.some((item) => item.id === id)) : [];
  const setSelectedIds = (ids: string[]) => setSelection({ scope, ids });
  const allSelected = items.length > 0 && selectedIds.length === items.length;

  // The checkbox column of a DataList: "Select all companies on this page", "Select Acme".
  const column = ({ noun, nameOf }: { noun: string; nameOf: (item: Item) => string }): DataListColumn<Item> => ({
    id: 'select',
    phone: 'lead',
    className: 'w-10',
    header: (
      <Checkbox
        checked={allSelected ? true : selectedIds.length > 0 ? 'indeterminate' : false}
        disabled={items.length === 0}
        onCheckedChange={(checked) => setSelectedIds(checked === true ? items.map((item) => item.id) : [])}
        aria-label={`Select all ${noun} on this page`}
      />
    ),
    cell: (item) => (
      <Checkbox
        checked={selectedIds.includes(item.id)}
        onCheckedChange={(checked) =>
          setSelectedIds(checked === true ? [...selectedIds, item.id] : selectedIds.filter((id) => id !== item.id))
        }
        aria-label={`Select ${nameOf(item)}`}
      />
    ),
  });

  return {
    selectedIds,
    isSelected: (item: Item) => selectedIds.includes(item.id),
    clear: () => setSelectedIds([]),
    column,
  };
}

export interface BulkAction {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
}

// Shown while rows are selected: the count, the actions, and a way to clear the selection. Children
// (the actions' confirm dialogs) render inside it.
export function BulkActionBar({
  count,
  actions,
  isPending,
  onClear,
  children,
}: {
  count: number;
  actions: BulkAction[];
  isPending: boolean;
  onClear: () => void;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-2 rounded-md border border-primary/30 bg-accent px-3 py-2 sm:flex-row sm:items-center"
    >
      <p className="text-sm font-semibold text-accent-foreground" aria-live="polite">
        {count} selected
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {actions.map(({ label, icon: Icon, onClick }) => (
          <Button key={label} size="sm" variant="outline" disabled={isPending} onClick={onClick}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={onClear}>
          <XIcon aria-hidden="true" />
          Clear selection
        </Button>
      </div>
      {children}
    </section>
  );
}

// Runs a bulk action and tells how it went: the success toast, else the server's sentence (or the
// fallback) under `failureTitle`. Awaited rather than given callbacks: the rows change when the list
// refreshes, which may unmount the bar before per-call callbacks would run.
export async function runBulkAction<Result>({
  perform,
  describeSuccess,
  failureTitle,
  onDone,
}: {
  perform: () => Promise<Result>;
  describeSuccess: (result: Result) => { title: string; description: string };
  failureTitle: string;
  onDone: () => void;
}) {
  try {
    toast(describeSuccess(await perform()));
    onDone();
  } catch (error) {
    toast({ variant: 'destructive', title: failureTitle, description: errorMessage(error, failureTitle) });
  }
}
