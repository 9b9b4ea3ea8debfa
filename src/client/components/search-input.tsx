import { SearchIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '~/client/components/ui/input';
import { cn } from '~/client/lib/cn';

// Search is debounced by 300 ms (docs/spec/portal-and-public-site.md §9): the list is asked for once the person
// pauses typing.
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchInputProps {
  // The committed search (from the URL); a change from outside, such as Clear Filters, replaces the text.
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  label: string;
  className?: string;
}

export function SearchInput({ value, onSearch, placeholder, label, className }: SearchInputProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What this box last committed: a different value arriving means someone else changed the search.
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  }, [onSearch]);

  // The search changed elsewhere (Clear Filters, Back): show it and drop any pending search.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function handleChange(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      committed.current = next.trim();
      onSearchRef.current(committed.current);
    }, SEARCH_DEBOUNCE_MS);
  }

  return (
    <div className={cn('relative', className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => handleChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
