import { PlusIcon, SlidersHorizontalIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FilterSelect } from '~/client/components/filter-select';
import { SearchInput } from '~/client/components/search-input';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { FieldError } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { type JobBoardSort, jobBoardSortLabels, jobBoardSorts, jobBoardTexts } from '~/shared/job-board-texts';
import { type EngagementType, engagementTypes, jobTimezones } from '~/shared/job-texts';
import type { FindJobsSearch, FindJobsState } from './find-jobs-search';

// The filters of Find Jobs: engagement type, pay range, skills and time zone, and the sort. Each change
// goes to the URL (find-jobs-search.ts); the list follows.

// Skills offered with one click (the talent search's quick badges); any other is typed in.
export const quickSkills = ['Python', 'JavaScript', 'React', 'Node.js', 'AWS'] as const;

const engagementTypeLabels: Record<EngagementType, string> = { hourly: 'Hourly', fixed: 'Fixed price' };

type Changes = Partial<Pick<FindJobsState, 'engagementType' | 'rateMin' | 'rateMax' | 'skills' | 'timezone'>>;

// The search box, sort and filters of a list of jobs (Find Jobs and the public board), kept in the address; on
// a phone the filters fold away behind a button.
export function JobSearchPanel({ search }: { search: FindJobsSearch }) {
  const { state } = search;
  const [isFiltersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  return (
    <Card className="mb-6 grid grid-cols-1 gap-4 p-4">
      <div className="flex min-w-0 flex-col gap-3 md:flex-row md:items-center">
        <SearchInput
          className="md:flex-1"
          label="Search jobs"
          placeholder="Search titles, skills, descriptions, companies..."
          value={state.q}
          onSearch={(q) => search.change({ q }, { replace: true })}
        />
        <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
          <SortSelect value={state.sort} onChange={(sort) => search.change({ sort })} />
          <Button
            variant="outline"
            className="md:hidden max-sm:w-full"
            aria-expanded={isFiltersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontalIcon aria-hidden="true" />
            {isFiltersOpen ? 'Hide Filters' : 'Show Filters'}
          </Button>
        </div>
      </div>
      <div id={filtersId} className={isFiltersOpen ? 'block' : 'max-md:hidden'}>
        <JobBoardFilters state={state} onChange={(changes) => search.change(changes)} />
      </div>
      {search.isFiltered && (
        <div>
          <Button variant="ghost" onClick={search.clear}>
            <XIcon aria-hidden="true" />
            Clear Filters
          </Button>
        </div>
      )}
    </Card>
  );
}

export function SortSelect({
  value,
  onChange,
}: {
  value: JobBoardSort | null;
  onChange: (sort: JobBoardSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 md:flex-none">
      <Label htmlFor={id} className="whitespace-nowrap">
        Sort by
      </Label>
      <FilterSelect
        id={id}
        className="min-w-36 flex-1 md:min-w-40"
        value={value ?? 'newest'}
        options={jobBoardSorts}
        labels={jobBoardSortLabels}
        onChange={onChange}
      />
    </div>
  );
}

export function JobBoardFilters({ state, onChange }: { state: FindJobsState; onChange: (changes: Changes) => void }) {
  const ids = { engagement: useId(), timezone: useId() };
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_minmax(0,12rem)]">
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.engagement}>Engagement type</Label>
          <FilterSelect
            id={ids.engagement}
            allLabel="Any type"
            value={state.engagementType}
            options={engagementTypes}
            labels={engagementTypeLabels}
            onChange={(engagementType) => onChange({ engagementType })}
          />
        </div>
        <PayRange
          min={state.rateMin}
          max={state.rateMax}
          engagementType={state.engagementType}
          onChange={(range) => onChange(range)}
        />
        <div className="grid content-start gap-2">
          <Label htmlFor={ids.timezone}>Time zone</Label>
          <FilterSelect
            id={ids.timezone}
            allLabel="Any time zone"
            value={state.timezone}
            options={jobTimezones}
            labels={(zone) => zone}
            onChange={(timezone) => onChange({ timezone })}
          />
        </div>
      </div>
      <SkillsFilter selected={state.skills} onChange={(skills) => onChange({ skills })} />
    </div>
  );
}

const toText = (value: number | null) => (value === null ? '' : String(value));

// Dollars from the URL into the boxes and back; a range is sent once both ends read right (on Enter, or
// when the focus leaves the group).
function PayRange({
  min,
  max,
  engagementType,
  onChange,
}: {
  min: number | null;
  max: number | null;
  engagementType: EngagementType | null;
  onChange: (range: { rateMin: number | null; rateMax: number | null }) => void;
}) {
  const [text, setText] = useState({ min: toText(min), max: toText(max) });
  const [error, setError] = useState<{ field: 'min' | 'max'; message: string } | null>(null);
  const errorId = useId();
  const ids = { min: useId(), max: useId() };

  // Cleared or changed elsewhere (Clear Filters, Back): show what the URL says.
  useEffect(() => {
    setText({ min: toText(min), max: toText(max) });
    setError(null);
  }, [min, max]);

  const label =
    engagementType === 'fixed'
      ? 'Budget (USD)'
      : engagementType === 'hourly'
        ? 'Hourly rate (USD)'
        : 'Rate or budget (USD)';

  function commit(event?: FormEvent) {
    event?.preventDefault();
    const read = (value: string) => (value.trim() === '' ? null : Number(value));
    const next = { rateMin: read(text.min), rateMax: read(text.max) };
    for (const [field, value] of [
      ['min', next.rateMin],
      ['max', next.rateMax],
    ] as const) {
      if (value !== null && (!Number.isFinite(value) || value < 0)) {
        setError({ field, message: jobBoardTexts.rateNumber });
        return;
      }
    }
    if (next.rateMin !== null && next.rateMax !== null && next.rateMin > next.rateMax) {
      setError({ field: 'max', message: jobBoardTexts.rateRange });
      return;
    }
    setError(null);
    if (next.rateMin !== min || next.rateMax !== max) onChange(next);
  }

  const invalid = (field: 'min' | 'max') => ({
    'aria-invalid': error?.field === field,
    'aria-describedby': error?.field === field ? errorId : undefined,
  });

  return (
    <fieldset
      className="grid min-w-0 content-start gap-2"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) commit();
      }}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <form noValidate onSubmit={commit} className="flex items-center gap-2">
        <Label htmlFor={ids.min} className="sr-only">
          Minimum
        </Label>
        <Input
          id={ids.min}
          type="number"
          inputMode="decimal"
          min={0}
          placeholder="Min"
          value={text.min}
          onChange={(event) => setText((current) => ({ ...current, min: event.target.value }))}
          {...invalid('min')}
        />
        <span aria-hidden="true" className="text-muted-foreground">
          –
        </span>
        <Label htmlFor={ids.max} className="sr-only">
          Maximum
        </Label>
        <Input
          id={ids.max}
          type="number"
          inputMode="decimal"
          min={0}
          placeholder="Max"
          value={text.max}
          onChange={(event) => setText((current) => ({ ...current, max: event.target.value }))}
          {...invalid('max')}
        />
        {/* Enter in either box applies the range; this button is for pointers and screen readers. */}
        <Button type="submit" variant="outline">
          Set range
        </Button>
      </form>
      {error && <FieldError id={errorId}>{error.message}</FieldError>}
    </fieldset>
  );
}

function SkillsFilter({ selected, onChange }: { selected: string[]; onChange: (skills: string[]) => void }) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const has = (skill: string) => selected.some((chosen) => chosen.toLowerCase() === skill.toLowerCase());
  const toggle = (skill: string) =>
    onChange(
      has(skill) ? selected.filter((chosen) => chosen.toLowerCase() !== skill.toLowerCase()) : [...selected, skill],
    );
  const custom = selected.filter((skill) => !quickSkills.some((quick) => quick.toLowerCase() === skill.toLowerCase()));

  function add(event: FormEvent) {
    event.preventDefault();
    const skill = draft.trim();
    if (skill && !has(skill)) onChange([...selected, skill]);
    setDraft('');
  }

  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Skills</legend>
      <div className="flex flex-wrap items-center gap-2">
        {quickSkills.map((skill) => (
          <Button
            key={skill}
            size="sm"
            shape="round"
            variant={has(skill) ? 'default' : 'outline'}
            aria-pressed={has(skill)}
            onClick={() => toggle(skill)}
          >
            {skill}
          </Button>
        ))}
        {custom.map((skill) => (
          <Badge key={skill} variant="default" className="h-9 gap-1 pr-1 pl-3 text-sm">
            {skill}
            <button
              type="button"
              className="rounded-full p-1 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={`Remove ${skill}`}
              onClick={() => toggle(skill)}
            >
              <XIcon className="size-3.5" aria-hidden="true" />
            </button>
          </Badge>
        ))}
        <form noValidate onSubmit={add} className="flex items-center gap-2">
          <Label htmlFor={inputId} className="sr-only">
            Add a skill
          </Label>
          <Input
            id={inputId}
            className="h-9 w-40"
            placeholder="Another skill"
            maxLength={40}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" size="sm" variant="outline" disabled={!draft.trim()}>
            <PlusIcon aria-hidden="true" />
            Add
          </Button>
        </form>
      </div>
    </fieldset>
  );
}
