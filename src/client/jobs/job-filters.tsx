import { useQuery } from '@tanstack/react-query';
import { CalendarIcon, ChevronDownIcon, CircleDotIcon, TagIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { DateRange } from 'react-day-picker';
import { Button } from '~/client/components/ui/button';
import { Calendar } from '~/client/components/ui/calendar';
import { Checkbox } from '~/client/components/ui/checkbox';
import { Label } from '~/client/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/client/components/ui/popover';
import { Skeleton } from '~/client/components/ui/skeleton';
import { formatIsoDay, fromIsoDay, toIsoDay } from '~/client/lib/iso-day';
import { type JobStatus, jobStatuses, jobStatusLabels } from '~/shared/jobs';
import { jobTagsQueryOptions } from './api';

interface FilterButtonProps {
  label: string;
  icon: ReactNode;
  // What the filter is set to, shown on the button ("2", "Mar 1 – Mar 9, 2026"); null when unset.
  summary: string | null;
}

function FilterButton({ label, icon, summary }: FilterButtonProps) {
  return (
    <PopoverTrigger asChild>
      <Button variant="outline">
        {icon}
        {label}
        {summary && (
          <span className="max-w-40 truncate rounded bg-background px-1.5 text-xs font-semibold text-accent-foreground">
            {summary}
          </span>
        )}
        <ChevronDownIcon aria-hidden="true" />
      </Button>
    </PopoverTrigger>
  );
}

interface CheckListProps<Value extends string> {
  legend: string;
  options: readonly { value: Value; label: string }[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
}

function CheckList<Value extends string>({ legend, options, selected, onChange }: CheckListProps<Value>) {
  const id = useId();
  return (
    <fieldset className="space-y-1">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {options.map((option) => {
        const checkboxId = `${id}-${option.value}`;
        const isChecked = selected.includes(option.value);
        return (
          <div key={option.value} className="flex items-center gap-2 rounded px-1 py-1.5 hover:bg-muted">
            <Checkbox
              id={checkboxId}
              checked={isChecked}
              onCheckedChange={(checked) =>
                onChange(
                  checked === true
                    ? options
                        .map((each) => each.value)
                        .filter((value) => value === option.value || selected.includes(value))
                    : selected.filter((value) => value !== option.value),
                )
              }
            />
            <Label htmlFor={checkboxId} className="flex-1 cursor-pointer font-normal">
              {option.label}
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}

interface DateRangeFilterProps {
  from: string | null;
  to: string | null;
  onChange: (range: { launchedFrom: string | null; launchedTo: string | null }) => void;
}

function rangeSummary(from: string | null, to: string | null): string | null {
  if (from && to) return from === to ? formatIsoDay(from) : `${formatIsoDay(from)} – ${formatIsoDay(to)}`;
  if (from) return `From ${formatIsoDay(from)}`;
  if (to) return `Until ${formatIsoDay(to)}`;
  return null;
}

export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const selected: DateRange | undefined = from
    ? { from: fromIsoDay(from), to: to ? fromIsoDay(to) : undefined }
    : undefined;
  return (
    <Popover>
      <FilterButton label="Date Range" icon={<CalendarIcon aria-hidden="true" />} summary={rangeSummary(from, to)} />
      <PopoverContent align="start" aria-label="Launch date" className="w-auto max-w-[calc(100vw-1rem)]">
        <p className="mb-2 text-sm font-semibold">Launch date</p>
        <Calendar
          mode="range"
          selected={selected}
          defaultMonth={selected?.from}
          disabled={{ after: new Date() }}
          onSelect={(range) =>
            onChange({
              launchedFrom: range?.from ? toIsoDay(range.from) : null,
              launchedTo: range?.to ? toIsoDay(range.to) : null,
            })
          }
        />
        {(from || to) && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            onClick={() => onChange({ launchedFrom: null, launchedTo: null })}
          >
            Clear dates
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}

interface TagsFilterProps {
  selected: string[];
  onChange: (tags: string[]) => void;
}

// The company's own tags (the skills on its job posts), plus any tag a link asked for.
export function TagsFilter({ selected, onChange }: TagsFilterProps) {
  const tags = useQuery(jobTagsQueryOptions());
  const known = tags.data?.tags ?? [];
  const options = [...known, ...selected.filter((tag) => !known.includes(tag))].map((tag) => ({
    value: tag,
    label: tag,
  }));
  return (
    <Popover>
      <FilterButton
        label="Tags"
        icon={<TagIcon aria-hidden="true" />}
        summary={selected.length ? String(selected.length) : null}
      />
      <PopoverContent align="start" aria-label="Tags" className="max-h-80 overflow-y-auto">
        {tags.isPending && (
          <div className="space-y-2" role="status">
            <span className="sr-only">Loading tags</span>
            {[1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-6" />
            ))}
          </div>
        )}
        {tags.isError && <p className="text-sm text-destructive">Failed to load your tags. Please try again.</p>}
        {tags.isSuccess && options.length === 0 && (
          <p className="text-sm text-muted-foreground">No tags yet: the skills you add to job posts appear here.</p>
        )}
        {options.length > 0 && <CheckList legend="Tags" options={options} selected={selected} onChange={onChange} />}
      </PopoverContent>
    </Popover>
  );
}

interface StatusFilterProps {
  selected: JobStatus[];
  onChange: (statuses: JobStatus[]) => void;
}

const statusOptions = jobStatuses.map((status) => ({ value: status, label: jobStatusLabels[status] }));

// Archived jobs are left out of the list unless this filter asks for them.
export function StatusFilter({ selected, onChange }: StatusFilterProps) {
  return (
    <Popover>
      <FilterButton
        label="Status"
        icon={<CircleDotIcon aria-hidden="true" />}
        summary={selected.length ? selected.map((status) => jobStatusLabels[status]).join(', ') : null}
      />
      <PopoverContent align="start" aria-label="Status">
        <CheckList legend="Status" options={statusOptions} selected={selected} onChange={onChange} />
      </PopoverContent>
    </Popover>
  );
}
