import { useQueryClient } from '@tanstack/react-query';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { queryKeys } from '~/client/lib/query-keys';
import { type Job, type JobTransition, jobTexts } from '~/shared/jobs';
import { useDeleteJob, useDuplicateJob, useJobTransition } from './api';

// A job's actions, for the row menu and the job page: each one really changes the job on the server, then says so with the spec's
// toast (docs/spec/portal-and-public-site.md §8); a refusal (409: an illegal move for the job's status) shows
// the server's sentence.

type JobRef = Pick<Job, 'id' | 'title'>;

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

const unexpected = 'Something went wrong. Please try again.';

const quoted = (job: JobRef) => `“${job.title}”`;

const transitionToasts: Record<JobTransition, (job: JobRef) => { title: string; description: string }> = {
  publish: (job) => ({ title: jobTexts.published, description: `${quoted(job)} is now open to applicants.` }),
  pause: (job) => ({ title: jobTexts.paused, description: `${quoted(job)} no longer takes applications.` }),
  resume: (job) => ({ title: jobTexts.resumed, description: `${quoted(job)} takes applications again.` }),
  close: (job) => ({
    title: jobTexts.closed,
    description: `${quoted(job)} is closed and no longer takes applications.`,
  }),
  reopen: (job) => ({ title: 'Job reopened', description: `${quoted(job)} is open again and visible to applicants.` }),
  archive: (job) => ({
    title: 'Job archived',
    description: `${quoted(job)} was archived. The Archived status filter finds it again.`,
  }),
};

export function useJobActions() {
  const queryClient = useQueryClient();
  const transition = useJobTransition();
  const duplicate = useDuplicateJob();
  const remove = useDeleteJob();

  function showFailure(action: keyof typeof failureTitles, error: unknown) {
    // The server's reason for a refusal (an illegal move, a missing field); the spec's sentence otherwise.
    const fallback = action === 'publish' ? jobTexts.publishError : unexpected;
    const description = isApiError(error) && error.status < 500 ? error.message : fallback;
    toast({ variant: 'destructive', title: failureTitles[action], description });
    // Refused because the job changed elsewhere (409) or is gone (404): show it as it now is.
    if (isApiError(error) && (error.status === 409 || error.status === 404)) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.jobs.all });
    }
  }

  // onSettled: after the answer, whatever it was (a confirm dialog closes then).
  function runTransition(job: JobRef, move: JobTransition, onSettled?: () => void) {
    transition.mutate(
      { id: job.id, transition: move },
      {
        onSuccess: () => toast(transitionToasts[move](job)),
        onError: (error) => showFailure(move, error),
        onSettled,
      },
    );
  }

  function duplicateJob(job: JobRef, onDuplicated?: (copy: Job) => void) {
    duplicate.mutate(job.id, {
      onSuccess: (copy) => {
        toast({
          title: jobTexts.duplicated,
          description: `${quoted(job)} was copied to a new draft, ${quoted(copy)}.`,
        });
        onDuplicated?.(copy);
      },
      onError: (error) => showFailure('duplicate', error),
    });
  }

  function deleteJob(job: JobRef, onSettled?: () => void, onDeleted?: () => void) {
    remove.mutate(job.id, {
      onSuccess: () => {
        toast({ title: jobTexts.deleted, description: `${quoted(job)} was deleted.` });
        onDeleted?.();
      },
      onError: (error) => showFailure('delete', error),
      onSettled,
    });
  }

  return {
    runTransition,
    duplicateJob,
    deleteJob,
    isPending: transition.isPending || duplicate.isPending || remove.isPending,
  };
}
