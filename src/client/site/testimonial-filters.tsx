import { type TestimonialFilter, testimonials } from '~/client/content/testimonials';
import { cn } from '~/client/lib/cn';

function countFor(filterId: TestimonialFilter['id']): number {
  return filterId === 'all'
    ? testimonials.length
    : testimonials.filter((testimonial) => testimonial.category === filterId).length;
}

// Toggle buttons: the pressed one is the category shown; its count is part of its name ("Data Entry 1").
// Drawn with All pressed: testimonial-filter-controls.ts presses the others.
export function TestimonialFilters({ filters }: { filters: TestimonialFilter[] }) {
  return (
    <fieldset className="flex min-w-0 flex-wrap gap-2">
      <legend className="sr-only">Filter reviews by service</legend>
      {filters.map((filter) => {
        const isActive = filter.id === 'all';
        return (
          <button
            key={filter.id}
            type="button"
            aria-pressed={isActive}
            data-filter={filter.id}
            className={cn(
              'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
              isActive
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-input bg-background text-foreground hover:bg-muted',
            )}
          >
            {filter.label}
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold',
                isActive ? 'bg-white/20 text-white' : 'bg-muted text-muted-foreground',
              )}
            >
              {countFor(filter.id)}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
