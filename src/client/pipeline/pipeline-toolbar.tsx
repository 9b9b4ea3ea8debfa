import { KanbanIcon, ListIcon, XIcon } from 'lucide-react';
import { FilterSelect } from '~/client/components/filter-select';
import { SearchInput } from '~/client/components/search-input';
import { Button } from '~/client/components/ui/button';
import { Label } from '~/client/components/ui/label';
import { cn } from '~/client/lib/cn';
import { applicationTestStateLabels, applicationTestStates } from '~/shared/jobs';
import { type JobPipelineSearch, type PipelineView, ratingChoices } from './pipeline-search';

const ratingLabels = Object.fromEntries(
  ratingChoices.map((stars) => [stars, stars === '5' ? '5 stars' : `${stars}+ stars`]),
) as Record<(typeof ratingChoices)[number], string>;

// The job pipeline's search, filters and List/Board switch, kept in the URL. Both views read them alike.
export function PipelineToolbar({
  search,
  view,
  onViewChange,
}: {
  search: JobPipelineSearch;
  view: PipelineView;
  onViewChange: (view: PipelineView) => void;
}) {
  const { q, rating, test } = search.state;
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
      <SearchInput
        className="md:max-w-xs md:flex-1"
        label="Search applicants"
        placeholder="Search by name or email..."
        value={q}
        onSearch={(value) => search.change({ q: value }, { replace: true })}
      />
      <div className="grid gap-1.5 md:w-40">
        <Label htmlFor="pipeline-rating-filter">Rating</Label>
        <FilterSelect
          id="pipeline-rating-filter"
          options={ratingChoices}
          labels={ratingLabels}
          allLabel="Any rating"
          value={rating}
          onChange={(next) => search.change({ rating: next })}
        />
      </div>
      <div className="grid gap-1.5 md:w-44">
        <Label htmlFor="pipeline-test-filter">Tests</Label>
        <FilterSelect
          id="pipeline-test-filter"
          options={applicationTestStates}
          labels={applicationTestStateLabels}
          allLabel="Any test state"
          value={test}
          onChange={(next) => search.change({ test: next })}
        />
      </div>
      {search.isFiltered && (
        <Button variant="ghost" onClick={search.clear}>
          <XIcon aria-hidden="true" />
          Clear Filters
        </Button>
      )}
      <fieldset className="md:ml-auto">
        <legend className="sr-only">View</legend>
        <div className="inline-flex rounded-md border border-border p-0.5">
          {(['list', 'board'] as const).map((option) => {
            const Icon = option === 'list' ? ListIcon : KanbanIcon;
            return (
              <Button
                key={option}
                size="sm"
                variant="ghost"
                aria-pressed={view === option}
                className={cn('h-8', view === option && 'bg-muted')}
                onClick={() => onViewChange(option)}
              >
                <Icon aria-hidden="true" />
                {option === 'list' ? 'List' : 'Board'}
              </Button>
            );
          })}
        </div>
      </fieldset>
    </div>
  );
}
