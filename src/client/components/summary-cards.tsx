import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';

export interface SummaryCardProps {
  label: string;
  value: ReactNode;
  hint: ReactNode;
  icon: ReactNode;
}

export function SummaryCard({ label, value, hint, icon }: SummaryCardProps) {
  return (
    <div className="flex h-full flex-col gap-1 rounded-lg border border-border bg-background p-4 shadow-sm">
      <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
      <div className="flex items-center justify-between gap-2">
        <p className="text-2xl font-bold tracking-tight text-foreground tabular-nums">{value}</p>
        <span
          className="grid size-8 shrink-0 place-content-center rounded-md bg-accent text-primary [&_svg]:size-4"
          aria-hidden="true"
        >
          {icon}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

const gridOf = (count: number) =>
  cn('grid grid-cols-1 gap-3 sm:grid-cols-2', count === 3 ? 'sm:grid-cols-3' : count >= 4 && 'xl:grid-cols-4');

// A screen's row of figure cards from one query: skeletons while it loads, its error with Try Again,
// then the cards `cardsOf` makes of the data.
export function SummaryCards<Data>({
  query,
  label,
  count,
  failure,
  cardsOf,
}: {
  query: UseQueryResult<Data>;
  // Names the section ("Payment summary"); the loading text reads "Loading the payment summary".
  label: string;
  count: number;
  // Shown when the request fails without a sentence of its own.
  failure: string;
  cardsOf: (data: Data) => SummaryCardProps[];
}) {
  if (query.isPending) {
    return (
      <div className={gridOf(count)} role="status">
        <span className="sr-only">Loading the {label.toLowerCase()}</span>
        {Array.from({ length: count }, (_, card) => `card-${card}`).map((card) => (
          <Skeleton key={card} className="h-[6.5rem]" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" className="items-center justify-between">
        <p>{errorMessage(query.error, failure)}</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  return (
    <section aria-label={label} className={gridOf(count)}>
      {cardsOf(query.data).map((card) => (
        <SummaryCard key={card.label} {...card} />
      ))}
    </section>
  );
}
