import type { ComponentProps } from 'react';
import { SearchInput } from '~/client/components/search-input';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { cn } from '~/client/lib/cn';

interface SearchOption {
  id: string;
  name: string;
  detail?: string | null;
}

interface OptionSearchSelectProps extends Omit<ComponentProps<typeof NativeSelect>, 'children'> {
  label: string;
  searchLabel: string;
  searchPlaceholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  // The options the search found, and whether they are still loading.
  options: SearchOption[];
  isPending: boolean;
  // What the empty choice says ("Choose a company", "All companies").
  emptyLabel: string;
  // Always offered, whatever the search (the platform as a test's owner).
  fixedOptions?: SearchOption[];
  error?: string;
  // A filter in a toolbar: the search and the select side by side, the label read out but not shown.
  isCompact?: boolean;
}

// A long list to pick one from (companies, people): type to narrow, then choose. A native select, so
// phones and screen readers get their own picker.
export function OptionSearchSelect({
  label,
  searchLabel,
  searchPlaceholder,
  query,
  onQueryChange,
  options,
  isPending,
  emptyLabel,
  fixedOptions = [],
  error,
  isCompact = false,
  ...select
}: OptionSearchSelectProps) {
  const choices = (
    <>
      <option value="">{isPending ? 'Loading...' : emptyLabel}</option>
      {[...fixedOptions, ...options].map((option) => (
        <option key={option.id} value={option.id}>
          {option.detail ? `${option.name} (${option.detail})` : option.name}
        </option>
      ))}
      {!isPending && options.length === 0 && fixedOptions.length === 0 && (
        <option value="" disabled>
          No matches found
        </option>
      )}
    </>
  );
  return (
    <div className={cn('grid gap-2', isCompact && 'sm:grid-cols-2')}>
      <SearchInput label={searchLabel} placeholder={searchPlaceholder} value={query} onSearch={onQueryChange} />
      {isCompact ? (
        <NativeSelect aria-label={label} {...select}>
          {choices}
        </NativeSelect>
      ) : (
        <FormField label={label} error={error}>
          {(control) => (
            <NativeSelect {...control} {...select}>
              {choices}
            </NativeSelect>
          )}
        </FormField>
      )}
    </div>
  );
}
