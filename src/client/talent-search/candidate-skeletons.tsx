import { Skeleton } from '~/client/components/ui/skeleton';
import { cn } from '~/client/lib/cn';
import type { TalentLayout } from './talent-search-search';

// docs/spec/portal-and-public-site.md §2: five skeleton cards while a search is on its way (for as long as it
// really takes).
const PLACEHOLDER_CARDS = [1, 2, 3, 4, 5];

export function CandidateSkeletons({ layout }: { layout: TalentLayout }) {
  return (
    <ul
      aria-hidden="true"
      className={cn(layout === 'grid' ? 'grid gap-4 sm:grid-cols-[repeat(auto-fill,minmax(18rem,1fr))]' : 'grid gap-4')}
    >
      {PLACEHOLDER_CARDS.map((card) => (
        <li key={card} className="grid gap-3 rounded-lg border border-border bg-background p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-16 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-5 w-3/4" />
        </li>
      ))}
    </ul>
  );
}
