import type { RowConfirmation } from '~/client/components/data-list';
import type { Job } from '~/shared/jobs';

// The moves that ask "Are you sure?" first, in the row menu and on the job's page alike: closing (the
// job stops taking applications), archiving and deleting a draft (neither can be undone).
export type ConfirmableJobAction = 'close' | 'archive' | 'delete';

export const jobConfirmations: Record<ConfirmableJobAction, (job: Pick<Job, 'title'>) => RowConfirmation> = {
  close: (job) => ({
    title: 'Close this job?',
    description: `“${job.title}” stops taking applications. You can reopen it later.`,
    confirmLabel: 'Close Job',
  }),
  archive: (job) => ({
    title: 'Archive this job?',
    description: `“${job.title}” leaves your job list and can no longer be edited or reopened. The Archived status filter still finds it, and you can still duplicate it.`,
    confirmLabel: 'Archive Job',
    destructive: true,
  }),
  delete: (job) => ({
    title: 'Delete this draft?',
    description: `“${job.title}” will be deleted for good. This cannot be undone.`,
    confirmLabel: 'Delete Job',
    destructive: true,
  }),
};
