import { useDraggable } from '@dnd-kit/core';
import { GripVerticalIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RatingSummary } from '~/client/components/rating-stars';
import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { cn } from '~/client/lib/cn';
import { applySearchPatch } from '~/client/lib/list-search';
import { fullDateLabel, relativeDateLabel } from '~/client/lib/relative-date';
import { describeApplicationSource } from '~/shared/job-reach';
import { type ApplicationTestState, applicationTestStateLabels, type JobApplication } from '~/shared/jobs';
import { drawerParam } from './pipeline-search';

const testStateBadges: Record<ApplicationTestState, BadgeVariant> = {
  none: 'secondary',
  pending: 'info',
  review: 'warning',
  failed: 'danger',
  passed: 'success',
};

// What a card shows: the candidate (a link that opens the application), the rating, where the tests
// stand, when they applied and where from.
export function CardFace({ card, href }: { card: JobApplication; href?: string }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      {href ? (
        <Link
          to={href}
          className="truncate font-medium text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {card.applicant_name}
        </Link>
      ) : (
        <span className="truncate font-medium">{card.applicant_name}</span>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <RatingSummary average={card.average_rating} count={card.rating_count} />
        <Badge variant={testStateBadges[card.test_state]}>{applicationTestStateLabels[card.test_state]}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        Applied{' '}
        <time dateTime={card.created_at} title={fullDateLabel(card.created_at)}>
          {relativeDateLabel(card.created_at)}
        </time>
        {/* Where they came from, but not the board itself: that is where most come from. */}
        {card.source !== 'tandem' && (
          <>
            {' · '}
            <span>
              <span className="sr-only">Source: </span>
              {describeApplicationSource(card.source, card.referrer_name)}
            </span>
          </>
        )}
      </p>
    </div>
  );
}

// One application on the board. Members who may move applications drag it anywhere on the card with a
// pointer, or pick it up from its handle with Space (arrows move it between columns, Space drops it,
// Escape puts it back); the others read it.
export function BoardCard({ card, canMove }: { card: JobApplication; canMove: boolean }) {
  const [params] = useSearchParams();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging, transform } = useDraggable({
    id: card.id,
    data: { card },
    disabled: !canMove,
  });
  const href = `?${applySearchPatch(params, { [drawerParam.key]: card.id }).toString()}`;
  return (
    <li
      ref={setNodeRef}
      {...(canMove ? listeners : {})}
      // Carried where the pointer or the arrows take it, above the other columns.
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        'flex items-start gap-2 rounded-md border border-border bg-background p-3 shadow-sm',
        canMove && 'cursor-grab touch-none',
        isDragging && 'relative z-10 cursor-grabbing border-primary shadow-lg',
      )}
    >
      {canMove && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          aria-label={`Move ${card.applicant_name}`}
          className="-ml-1 mt-0.5 shrink-0 rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <GripVerticalIcon aria-hidden="true" className="size-4" />
        </button>
      )}
      <CardFace card={card} href={href} />
    </li>
  );
}
