import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FilterSelect } from '~/client/components/filter-select';
import { SearchInput } from '~/client/components/search-input';
import { Button } from '~/client/components/ui/button';

interface SearchStatusToolbarProps<Status extends string> {
  // The list's URL state (useListSearch with a `status` filter).
  search: {
    state: { q: string; status: Status | null };
    change: (changes: { q?: string; status?: Status | null }, options?: { replace?: boolean }) => void;
    isFiltered: boolean;
    clear: () => void;
  };
  searchLabel: string;
  placeholder: string;
  statuses: readonly Status[];
  statusLabels: Record<Status, string>;
  // The list's own action at the end of the row (Export Report, say).
  children?: ReactNode;
}

// A list's search box and status filter, with Clear Filters while either narrows it (the admin lists).
export function SearchStatusToolbar<Status extends string>({
  search,
  searchLabel,
  placeholder,
  statuses,
  statusLabels,
  children,
}: SearchStatusToolbarProps<Status>) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
      <SearchInput
        className="lg:max-w-xs lg:flex-1"
        label={searchLabel}
        placeholder={placeholder}
        value={search.state.q}
        onSearch={(q) => search.change({ q }, { replace: true })}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <FilterSelect
          label="Status"
          className="sm:w-40"
          allLabel="All statuses"
          value={search.state.status}
          options={statuses}
          labels={statusLabels}
          onChange={(status) => search.change({ status })}
        />
        {search.isFiltered && (
          <Button variant="ghost" onClick={search.clear}>
            <XIcon aria-hidden="true" />
            Clear Filters
          </Button>
        )}
      </div>
      {children}
    </div>
  );
}
