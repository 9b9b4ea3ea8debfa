import { useDroppable } from '@dnd-kit/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { cn } from '~/client/lib/cn';
import type { JobApplication } from '~/shared/jobs';
import { pipelineTexts } from '~/shared/pipeline';
import { type BoardFilters, boardColumnQueryOptions } from './board-api';
import { BoardCard } from './board-card';
import type { BoardColumnSpec } from './board-columns';

const applicationsWord = (count: number) => (count === 1 ? 'application' : 'applications');

interface BoardColumnProps {
  jobId: string;
  column: BoardColumnSpec;
  // Its place from the left: tests lay the columns out by it.
  index: number;
  filters: BoardFilters;
  canMove: boolean;
  // Offered only to members who may write to candidates, on a column with someone in it.
  onMessageColumn?: (items: JobApplication[]) => void;
}

// One column of the board (a stage, or one of the job's interview stages): its name and count (the
// server's, within the filters), its cards a page at a time ("Show more" asks the server for the next), and
// where a dragged card is dropped.
export function BoardColumn({ jobId, column: spec, index, filters, canMove, onMessageColumn }: BoardColumnProps) {
  const headingId = useId();
  const { label } = spec;
  const column = useInfiniteQuery(boardColumnQueryOptions(jobId, spec, filters));
  const { setNodeRef, isOver } = useDroppable({ id: spec.id, data: { label, column: spec } });
  const items = column.data?.pages.flatMap((page) => page.items) ?? [];
  const total = column.data?.pages[0]?.total;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-board-column={index}
      className={cn(
        'flex w-72 shrink-0 flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3 transition-colors',
        isOver && 'border-primary bg-primary/5',
      )}
    >
      <header className="flex min-h-8 items-center justify-between gap-2">
        <div className="min-w-0">
          {/* One of the job's interview stages: a step of Interviewing. */}
          {spec.interviewStageId && (
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Interviewing</p>
          )}
          <h3 id={headingId} className="break-words font-semibold">
            {label}
          </h3>
        </div>
        <div className="flex items-center gap-1">
          {total !== undefined && (
            <span className="rounded-full bg-background px-2 text-sm tabular-nums">
              <span aria-hidden="true">{total}</span>
              <span className="sr-only">{`${total} ${applicationsWord(total)}`}</span>
            </span>
          )}
          {onMessageColumn && total !== undefined && total > 0 && (
            <Button
              size="icon"
              variant="ghost"
              className="size-8"
              aria-label={`Message everyone in ${label}`}
              title={`Message everyone in ${label}`}
              onClick={() => onMessageColumn(items)}
            >
              <MailIcon aria-hidden="true" />
            </Button>
          )}
        </div>
      </header>

      {column.isPending && (
        <div role="status" aria-label={`Loading ${label}`} className="grid gap-2">
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      )}
      {column.isError && (
        <Alert variant="destructive" className="flex-col gap-2">
          <p>{pipelineTexts.loadError}</p>
          <Button size="sm" variant="outline" onClick={() => column.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {column.isSuccess && items.length === 0 && (
        <p className="rounded-md border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
          No applications
        </p>
      )}
      {items.length > 0 && (
        <ul aria-labelledby={headingId} className="grid gap-2">
          {items.map((card) => (
            <BoardCard key={card.id} card={card} canMove={canMove} />
          ))}
        </ul>
      )}
      {column.hasNextPage && (
        <Button size="sm" variant="outline" disabled={column.isFetchingNextPage} onClick={() => column.fetchNextPage()}>
          {column.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
      {column.isFetchNextPageError && (
        <p role="alert" className="text-sm text-destructive">
          {pipelineTexts.loadError}
        </p>
      )}
    </section>
  );
}
