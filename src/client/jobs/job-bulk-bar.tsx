import { ArchiveIcon, DownloadIcon, PauseIcon, PlayIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { useBulkJobAction } from './api';
import { type BulkAction, describeBulkResult } from './describe-bulk-result';
import { exportJobsCsv } from './export-jobs-csv';

interface JobBulkBarProps {
  selectedIds: string[];
  // Clears the selection once an action is done (docs/spec/portal-and-public-site.md §4).
  onDone: () => void;
}

// What the selected rows can do together: Pause, Resume, Archive (POST /api/jobs/bulk) and Export CSV.
export function JobBulkBar({ selectedIds, onDone }: JobBulkBarProps) {
  const bulk = useBulkJobAction();
  const [isConfirmingArchive, setIsConfirmingArchive] = useState(false);
  const count = selectedIds.length;

  // Awaited rather than given callbacks: archived rows leave the list when it refreshes, which clears
  // the selection and unmounts this bar before per-call callbacks would run.
  async function run(action: BulkAction) {
    try {
      const result = await bulk.mutateAsync({ action, ids: selectedIds });
      const { title, description, isFailure } = describeBulkResult(action, result);
      toast({ title, description, variant: isFailure ? 'destructive' : undefined });
      onDone();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The jobs were not changed',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
      });
    } finally {
      setIsConfirmingArchive(false);
    }
  }

  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-2 rounded-md border border-primary/30 bg-accent px-3 py-2 sm:flex-row sm:items-center"
    >
      <p className="text-sm font-semibold text-accent-foreground" aria-live="polite">
        {count} item(s) selected
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => run('pause')}>
          <PauseIcon aria-hidden="true" />
          Pause
        </Button>
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => run('resume')}>
          <PlayIcon aria-hidden="true" />
          Resume
        </Button>
        <Button size="sm" variant="outline" disabled={bulk.isPending} onClick={() => setIsConfirmingArchive(true)}>
          <ArchiveIcon aria-hidden="true" />
          Archive
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            void exportJobsCsv({ ids: selectedIds.join(',') });
            onDone();
          }}
        >
          <DownloadIcon aria-hidden="true" />
          Export CSV
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          <XIcon aria-hidden="true" />
          Clear selection
        </Button>
      </div>
      <ConfirmDialog
        open={isConfirmingArchive}
        onOpenChange={setIsConfirmingArchive}
        title={`Archive ${count} job${count === 1 ? '' : 's'}?`}
        description="Archived jobs leave the list and stop taking applications. Archiving cannot be undone; the Archived status filter still finds them."
        confirmLabel="Archive"
        destructive
        pending={bulk.isPending}
        onConfirm={() => run('archive')}
      />
    </section>
  );
}
