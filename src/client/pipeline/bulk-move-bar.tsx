import { CalendarCheckIcon, StarIcon, XCircleIcon, XIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import type { BulkMoveTarget } from '~/shared/pipeline';
import { useBulkMove } from './api';
import { describeBulkMove } from './describe-bulk-move';
import { RejectDialog } from './reject-dialog';

interface BulkMoveBarProps {
  selectedIds: string[];
  // Clears the selection once a move is done.
  onDone: () => void;
  // Another action on the selection, first in the row (Compare).
  extra?: ReactNode;
}

// What the selected applications can do together (POST /api/applications/bulk-move): Shortlist, Move to
// Interviewing, Reject with one optional reason. Each one the move does not suit is skipped, and the
// notification says why.
export function BulkMoveBar({ selectedIds, onDone, extra }: BulkMoveBarProps) {
  const bulk = useBulkMove();
  const [isRejecting, setIsRejecting] = useState(false);
  const count = selectedIds.length;
  const subject = count === 1 ? '1 application' : `${count} applications`;

  async function run(to: BulkMoveTarget, reason?: string) {
    const result = await bulk.mutateAsync({ to, ids: selectedIds, reason });
    const { title, description, isFailure } = describeBulkMove(to, result);
    toast({ title, description, variant: isFailure ? 'destructive' : undefined });
    onDone();
  }

  async function moveForward(to: 'shortlisted' | 'interviewing') {
    try {
      await run(to);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The applications were not moved',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    }
  }

  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-2 rounded-md border border-primary/30 bg-accent px-3 py-2 sm:flex-row sm:items-center"
    >
      <p className="text-sm font-semibold text-accent-foreground" aria-live="polite">
        {count} selected
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {extra}
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => moveForward('shortlisted')}>
          <StarIcon aria-hidden="true" />
          Shortlist
        </Button>
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => moveForward('interviewing')}>
          <CalendarCheckIcon aria-hidden="true" />
          Move to Interviewing
        </Button>
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => setIsRejecting(true)}>
          <XCircleIcon aria-hidden="true" />
          Reject
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          <XIcon aria-hidden="true" />
          Clear selection
        </Button>
      </div>
      <RejectDialog
        open={isRejecting}
        onOpenChange={setIsRejecting}
        subject={subject}
        onReject={async (reason) => {
          await run('rejected', reason);
          setIsRejecting(false);
        }}
      />
    </section>
  );
}
