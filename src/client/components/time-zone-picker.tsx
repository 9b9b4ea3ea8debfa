import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, type Ref, useId, useMemo, useRef, useState } from 'react';
import type { FieldControlProps } from '~/client/components/ui/form-field';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { cn } from '~/client/lib/cn';
import { describeTimeZone, filterTimeZones } from '~/client/lib/time-zones';

interface TimeZonePickerProps {
  control: FieldControlProps;
  // Lets the form focus the picker when the server refuses the zone.
  buttonRef?: Ref<HTMLButtonElement>;
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
}

// A searchable list of the IANA time zones (400-odd: too many for a plain select). The button opens
// a search box over the list; arrows move, Enter chooses, Escape closes.
export function TimeZonePicker({ control, buttonRef, value, onChange, onBlur }: TimeZonePickerProps) {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const options = useMemo(() => filterTimeZones(query, value), [query, value]);
  const active = options[Math.min(activeIndex, options.length - 1)];
  const optionId = (index: number) => `${listId}-option-${index}`;

  function open(next: boolean) {
    setIsOpen(next);
    if (next) {
      setQuery('');
      setActiveIndex(
        Math.max(
          0,
          filterTimeZones('', value).findIndex((option) => option.name === value),
        ),
      );
    } else {
      onBlur?.();
    }
  }

  function choose(zone: string) {
    onChange(zone);
    open(false);
  }

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(index, options.length - 1));
    setActiveIndex(next);
    listRef.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView({ block: 'nearest' });
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + 8,
      PageUp: activeIndex - 8,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted zone instead of submitting the form.
      event.preventDefault();
      if (active) choose(active.name);
    }
  }

  // The popover's own width and padding give way (cn() adds classes; it does not merge them).
  return (
    <Popover open={isOpen} onOpenChange={open}>
      <PopoverTrigger asChild>
        <button
          ref={buttonRef}
          type="button"
          {...control}
          role="combobox"
          aria-expanded={isOpen}
          aria-haspopup="listbox"
          className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
        >
          <span className={cn('truncate', !value && 'text-muted-foreground')}>
            {value ? describeTimeZone(value) : 'Choose a time zone'}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        align="start"
        aria-label="Time zones"
        className="w-(--radix-popover-trigger-width)! min-w-64 p-0!"
      >
        <div className="flex items-center gap-2 border-b border-border px-3">
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <input
            role="combobox"
            aria-label="Search time zones"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active ? optionId(options.indexOf(active)) : undefined}
            value={query}
            placeholder="Search by city or region"
            className="h-10 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
            }}
            onKeyDown={onSearchKeyDown}
          />
        </div>
        <div ref={listRef} id={listId} role="listbox" aria-label="Time zones" className="max-h-64 overflow-y-auto p-1">
          {options.map((option, index) => (
            // The search box keeps the focus and drives this list (aria-activedescendant); a click chooses.
            <div
              key={option.name}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.name === value}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-2 rounded-sm px-2 py-1.5 text-sm',
                option === active && 'bg-muted',
              )}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => choose(option.name)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(option.name);
                }
              }}
            >
              <span className="flex min-w-0 items-center gap-2">
                <CheckIcon
                  className={cn('size-4 shrink-0', option.name === value ? 'opacity-100' : 'opacity-0')}
                  aria-hidden="true"
                />
                <span className="truncate">{option.name.replaceAll('_', ' ')}</span>
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">{option.offset}</span>
            </div>
          ))}
          {options.length === 0 && (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">No time zone matches “{query}”.</p>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
