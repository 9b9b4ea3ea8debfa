import { useQuery } from '@tanstack/react-query';
import { ClipboardListIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { errorMessage } from '~/client/lib/api-client';
import { applicationStatusLabels } from '~/shared/application-statuses';
import {
  SCORECARD_RATING_MAX,
  type Scorecard,
  type ScorecardSummary,
  scorecardRatingLabels,
  scorecardTexts,
} from '~/shared/scorecards';
import { scorecardsQueryOptions } from './api';
import { dayAndTimeLabel } from './pipeline-format';
import { ScorecardForm } from './scorecard-form';

const outOfMax = (value: number) => `${value.toFixed(1)} / ${SCORECARD_RATING_MAX}`;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

// Interviewers' scorecards on an application: how many, their averages (overall and per criterion), each
// card, and the reader's own to fill or edit when their role allows.
export function ApplicationScorecards({ applicationId }: { applicationId: string }) {
  const query = useQuery(scorecardsQueryOptions(applicationId));
  const [isFilling, setIsFilling] = useState(false);

  if (query.isError) {
    return (
      <Alert variant="destructive" className="flex-wrap items-center justify-between">
        <span>{errorMessage(query.error, scorecardTexts.loadError)}</span>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const summary = query.data;
  if (!summary) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading scorecards</span>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  const hasMine = summary.scorecards.some((card) => card.is_mine);
  return (
    <div className="grid gap-3">
      <SummaryFigures summary={summary} />
      {summary.can_fill &&
        (isFilling ? (
          <ScorecardForm applicationId={applicationId} summary={summary} onDone={() => setIsFilling(false)} />
        ) : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setIsFilling(true)}>
            <ClipboardListIcon aria-hidden="true" />
            {hasMine ? 'Fill or Edit Your Scorecard' : 'Fill Scorecard'}
          </Button>
        ))}
      {summary.scorecards.length > 0 && (
        <ul className="grid gap-3" aria-label="Scorecards">
          {summary.scorecards.map((card) => (
            <ScorecardCard key={card.id} card={card} />
          ))}
        </ul>
      )}
    </div>
  );
}

function SummaryFigures({ summary }: { summary: ScorecardSummary }) {
  if (summary.count === 0 || summary.overall_average === null) {
    return <p className="text-sm text-muted-foreground">No scorecards yet.</p>;
  }
  return (
    <div className="grid gap-2 rounded-md bg-muted/60 p-3">
      <p className="text-sm">
        <span className="font-semibold">{`Overall ${outOfMax(summary.overall_average)}`}</span>
        <span className="text-muted-foreground">{` · ${plural(summary.count, 'scorecard')}`}</span>
      </p>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Average per criterion</p>
      <dl className="grid gap-1 text-sm">
        {summary.criterion_averages.map((entry) => (
          <div key={entry.criterion} className="flex flex-wrap justify-between gap-x-3">
            <dt className="min-w-0 break-words text-muted-foreground">{entry.criterion}</dt>
            <dd className="font-medium">{outOfMax(entry.average)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ScorecardCard({ card }: { card: Scorecard }) {
  return (
    <li className="grid gap-2 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold break-words">
          {card.author_name}
          {card.is_mine && <span className="font-normal text-muted-foreground"> (you)</span>}
        </p>
        <p className="text-xs text-muted-foreground">
          {applicationStatusLabels[card.stage]} ·{' '}
          <time dateTime={card.updated_at}>{dayAndTimeLabel(card.updated_at)}</time>
        </p>
      </div>
      <p className="text-sm">
        Overall:{' '}
        <span className="font-semibold">{`${card.overall_rating} – ${scorecardRatingLabels[card.overall_rating]}`}</span>
      </p>
      <dl className="grid gap-1 text-sm">
        {card.ratings.map((rating) => (
          <div key={rating.criterion} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5">
            <dt className="break-words text-muted-foreground">{rating.criterion}</dt>
            <dd className="text-right font-medium">{`${rating.rating} – ${scorecardRatingLabels[rating.rating]}`}</dd>
            {rating.note && <dd className="col-span-2 break-words whitespace-pre-line">{rating.note}</dd>}
          </div>
        ))}
      </dl>
      {card.note && <p className="text-sm break-words whitespace-pre-line">{card.note}</p>}
    </li>
  );
}
