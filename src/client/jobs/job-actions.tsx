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
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { canTransitionJob, type Job, type JobTransition, jobTexts } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { useDeleteJob, useDuplicateJob, useJobTransition } from './api';

type ConfirmKind = 'close' | 'archive' | 'delete';

// What each move says once the server has made it (spec §8 for pause, resume, close, duplicate, delete).
const transitionToasts: Record<JobTransition, (title: string) => { title: string; description: string }> = {
  publish: (title) => ({ title: jobTexts.published, description: `“${title}” is now open to applicants.` }),
  pause: (title) => ({ title: jobTexts.paused, description: `“${title}” is hidden until you resume it.` }),
  resume: (title) => ({ title: jobTexts.resumed, description: `“${title}” is open to applications again.` }),
  close: (title) => ({ title: jobTexts.closed, description: `“${title}” is closed to new applications.` }),
  reopen: (title) => ({ title: 'Job reopened', description: `“${title}” is open to applications again.` }),
  archive: (title) => ({ title: 'Job archived', description: `“${title}” is archived and can no longer change.` }),
};

const failureTitles: Record<JobTransition | 'duplicate' | 'delete', string> = {
  publish: jobTexts.publishErrorTitle,
  pause: 'Error pausing job',
  resume: 'Error resuming job',
  close: 'Error closing job',
  reopen: 'Error reopening job',
  archive: 'Error archiving job',
  duplicate: 'Error duplicating job',
  delete: 'Error deleting job',
};

// The server's reason (an illegal move, a missing field) when it gave one.
function failureDescription(error: unknown, fallback: string) {
  return isApiError(error) && error.status < 500 ? error.message : fallback;
}

// The actions a job's status allows (DESIGN.md §5), each done on the server before its toast.
export function JobActions({ job }: { job: Job }) {
  const navigate = useNavigate();
  const transition = useJobTransition();
  const duplicate = useDuplicateJob();
  const remove = useDeleteJob();
  const [confirming, setConfirming] = useState<ConfirmKind | null>(null);
  const isBusy = transition.isPending || duplicate.isPending || remove.isPending;
  const can = (move: JobTransition) => canTransitionJob(job.status, move);

  function run(move: JobTransition) {
    transition.mutate(
      { id: job.id, transition: move },
      {
        onSuccess: (updated) => toast(transitionToasts[move](updated.title)),
        onError: (error) =>
          toast({
            title: failureTitles[move],
            description: failureDescription(
              error,
              move === 'publish' ? jobTexts.publishError : 'Something went wrong. Please try again.',
            ),
            variant: 'destructive',
          }),
        onSettled: () => setConfirming(null),
      },
    );
  }

  function runDuplicate() {
    duplicate.mutate(job.id, {
      onSuccess: (copy) => {
        toast({ title: jobTexts.duplicated, description: `A draft copy, “${copy.title}”, was created.` });
        navigate(paths.companyJob.getHref({ id: copy.id }));
      },
      onError: (error) =>
        toast({
          title: failureTitles.duplicate,
          description: failureDescription(error, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        }),
    });
  }

  function runDelete() {
    remove.mutate(job.id, {
      onSuccess: () => {
        toast({ title: jobTexts.deleted, description: `The draft “${job.title}” was deleted.` });
        navigate(paths.companyJobs.getHref());
      },
      onError: (error) =>
        toast({
          title: failureTitles.delete,
          description: failureDescription(error, 'Something went wrong. Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setConfirming(null),
    });
  }

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
        pending={transition.isPending}
      />
      <ConfirmDialog
        open={confirming === 'archive'}
        onOpenChange={(open) => setConfirming(open ? 'archive' : null)}
        title="Archive this job?"
        description={`“${job.title}” leaves your job list and can no longer be edited or reopened. You can still duplicate it.`}
        confirmLabel="Archive Job"
        onConfirm={() => run('archive')}
        pending={transition.isPending}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title="Delete this draft?"
        description={`“${job.title}” will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete Job"
        destructive
        onConfirm={runDelete}
        pending={remove.isPending}
      />
    </div>
  );
}
