import {
  ArchiveIcon,
  CopyIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  RotateCcwIcon,
  SendIcon,
  Trash2Icon,
  XCircleIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { canTransitionJob, type Job, type JobTransition } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { useJobActions } from './use-job-actions';

type ConfirmKind = 'close' | 'archive' | 'delete';

// The actions a job's status allows (DESIGN.md §5), each done on the server before its toast
// (use-job-actions.ts, shared with the row menu of the jobs list).
export function JobActions({ job }: { job: Job }) {
  const navigate = useNavigate();
  const { runTransition, duplicateJob, deleteJob, isPending: isBusy } = useJobActions();
  const [confirming, setConfirming] = useState<ConfirmKind | null>(null);
  const can = (move: JobTransition) => canTransitionJob(job.status, move);
  const closeConfirm = () => setConfirming(null);

  const run = (move: JobTransition) => runTransition(job, move, closeConfirm);
  const runDuplicate = () => duplicateJob(job, (copy) => navigate(paths.companyJob.getHref({ id: copy.id })));
  const runDelete = () => deleteJob(job, closeConfirm, () => navigate(paths.companyJobs.getHref()));

  return (
    <div className="flex flex-wrap gap-2">
      {job.status !== 'archived' && (
        <Button asChild size="sm" variant="outline">
          <Link to={paths.companyJobEdit.getHref({ id: job.id })}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </Button>
      )}
      {can('publish') && (
        <Button size="sm" disabled={isBusy} onClick={() => run('publish')}>
          <SendIcon aria-hidden="true" />
          Publish
        </Button>
      )}
      {can('pause') && (
        <Button size="sm" variant="outline" disabled={isBusy} onClick={() => run('pause')}>
          <PauseIcon aria-hidden="true" />
          Pause
        </Button>
      )}
      {can('resume') && (
        <Button size="sm" disabled={isBusy} onClick={() => run('resume')}>
          <PlayIcon aria-hidden="true" />
          Resume
        </Button>
      )}
      {can('reopen') && (
        <Button size="sm" disabled={isBusy} onClick={() => run('reopen')}>
          <RotateCcwIcon aria-hidden="true" />
          Reopen
        </Button>
      )}
      {can('close') && (
        <Button size="sm" variant="outline" disabled={isBusy} onClick={() => setConfirming('close')}>
          <XCircleIcon aria-hidden="true" />
          Close
        </Button>
      )}
      <Button size="sm" variant="outline" disabled={isBusy} onClick={runDuplicate}>
        <CopyIcon aria-hidden="true" />
        Duplicate
      </Button>
      {can('archive') && (
        <Button size="sm" variant="outline" disabled={isBusy} onClick={() => setConfirming('archive')}>
          <ArchiveIcon aria-hidden="true" />
          Archive
        </Button>
      )}
      {job.status === 'draft' && (
        <Button size="sm" variant="destructive" disabled={isBusy} onClick={() => setConfirming('delete')}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      )}

      <ConfirmDialog
        open={confirming === 'close'}
        onOpenChange={(open) => setConfirming(open ? 'close' : null)}
        title="Close this job?"
        description={`“${job.title}” stops taking applications. You can reopen it later.`}
        confirmLabel="Close Job"
        onConfirm={() => run('close')}
        pending={isBusy}
      />
      <ConfirmDialog
        open={confirming === 'archive'}
        onOpenChange={(open) => setConfirming(open ? 'archive' : null)}
        title="Archive this job?"
        description={`“${job.title}” leaves your job list and can no longer be edited or reopened. You can still duplicate it.`}
        confirmLabel="Archive Job"
        onConfirm={() => run('archive')}
        pending={isBusy}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title="Delete this draft?"
        description={`“${job.title}” will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete Job"
        destructive
        onConfirm={runDelete}
        pending={isBusy}
      />
    </div>
  );
}
