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
import { Link, useNavigate } from 'react-router';
import { useConfirmAction } from '~/client/components/data-list';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { useAllowed } from '~/client/lib/allowed';
import { canTransitionJob, type Job, type JobTransition } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import { type ConfirmableJobAction, jobConfirmations } from './job-confirmations';
import { useJobActions } from './use-job-actions';

// The actions a job's status allows (docs/design.md §5), each done on the server before its toast
// (use-job-actions.ts, shared with the row menu of the jobs list).
export function JobActions({ job }: { job: Job }) {
  const navigate = useNavigate();
  const mayUpdate = useAllowed('update:job:own');
  const mayCreate = useAllowed('create:job:own');
  const mayDelete = useAllowed('delete:job:own');
  const { runTransition, duplicateJob, deleteJob, isPending: isBusy } = useJobActions();
  // A move the job's status allows and the member's role may make (a Viewer makes none).
  const can = (move: JobTransition) => mayUpdate && canTransitionJob(job.status, move);
  const confirm = useConfirmAction({
    describe: (action: ConfirmableJobAction, target: Job) => jobConfirmations[action](target),
    perform: (action, target, done) => {
      if (action === 'delete') deleteJob(target, done, () => navigate(paths.companyJobs.getHref()));
      else runTransition(target, action, done);
    },
    isPending: isBusy,
  });

  const run = (move: JobTransition) => runTransition(job, move);
  const runDuplicate = () => duplicateJob(job, (copy) => navigate(paths.companyJob.getHref({ id: copy.id })));

  return (
    <div className="flex flex-wrap gap-2">
      {mayUpdate && job.status !== 'archived' && (
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
        <Button size="sm" variant="outline" disabled={isBusy} onClick={() => confirm.ask('close', job)}>
          <XCircleIcon aria-hidden="true" />
          Close
        </Button>
      )}
      {mayCreate && (
        <Button size="sm" variant="outline" disabled={isBusy} onClick={runDuplicate}>
          <CopyIcon aria-hidden="true" />
          Duplicate
        </Button>
      )}
      {can('archive') && (
        <Button size="sm" variant="outline" disabled={isBusy} onClick={() => confirm.ask('archive', job)}>
          <ArchiveIcon aria-hidden="true" />
          Archive
        </Button>
      )}
      {mayDelete && job.status === 'draft' && (
        <Button size="sm" variant="destructive" disabled={isBusy} onClick={() => confirm.ask('delete', job)}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      )}

      <ConfirmDialog {...confirm.dialog} />
    </div>
  );
}
