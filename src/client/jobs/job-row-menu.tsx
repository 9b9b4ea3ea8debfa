import {
  ArchiveIcon,
  CopyIcon,
  EyeIcon,
  PauseIcon,
  PencilIcon,
  PlayIcon,
  RotateCcwIcon,
  Trash2Icon,
  XCircleIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { RowMenuTrigger } from '~/client/components/data-list';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
} from '~/client/components/ui/dropdown-menu';
import { useAllowed } from '~/client/lib/allowed';
import { canTransitionJob, type Job } from '~/shared/jobs';
import { paths } from '~/shared/routes';
import type { ConfirmableJobAction } from './job-confirmations';
import type { useJobActions } from './use-job-actions';

interface JobRowMenuProps {
  job: Job;
  actions: ReturnType<typeof useJobActions>;
  onConfirm: (action: ConfirmableJobAction, job: Job) => void;
}

// View, Edit, Duplicate, Pause or Resume, Reopen, Close, then Delete (drafts) or Archive (the others),
// offered by the job's status as the state machine of docs/design.md §5 allows. Close, Archive and Delete ask
// first (onConfirm, job-confirmations.ts).
// A role that may only read jobs (a Viewer) is offered View alone.
export function JobRowMenu({ job, actions, onConfirm }: JobRowMenuProps) {
  const isDraft = job.status === 'draft';
  const mayUpdate = useAllowed('update:job:own');
  const mayCreate = useAllowed('create:job:own');
  const mayDelete = useAllowed('delete:job:own');
  return (
    <DropdownMenu>
      <RowMenuTrigger name={job.title} />
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.companyJob.getHref({ id: job.id })}>
            <EyeIcon aria-hidden="true" />
            View
          </Link>
        </DropdownMenuItem>
        {mayUpdate && <JobChangeItems job={job} actions={actions} onConfirm={onConfirm} mayCreate={mayCreate} />}
        {mayDelete && (
          <>
            <DropdownMenuSeparator />
            {/* Only a draft can be deleted; a published job keeps its history and is archived instead. */}
            <DropdownMenuItem
              disabled={!isDraft}
              onSelect={() => onConfirm('delete', job)}
              className="text-destructive data-[highlighted]:text-destructive"
            >
              <Trash2Icon aria-hidden="true" />
              Delete
              {!isDraft && <span className="ml-auto text-xs text-muted-foreground">Drafts only</span>}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// Edit, Duplicate and the status changes the state machine allows from here.
function JobChangeItems({ job, actions, onConfirm, mayCreate }: JobRowMenuProps & { mayCreate: boolean }) {
  const isDraft = job.status === 'draft';
  return (
    <>
      {job.status !== 'archived' && (
        <DropdownMenuItem asChild>
          <Link to={paths.companyJobEdit.getHref({ id: job.id })}>
            <PencilIcon aria-hidden="true" />
            Edit
          </Link>
        </DropdownMenuItem>
      )}
      {mayCreate && (
        <DropdownMenuItem onSelect={() => actions.duplicateJob(job)}>
          <CopyIcon aria-hidden="true" />
          Duplicate
        </DropdownMenuItem>
      )}
      {canTransitionJob(job.status, 'pause') && (
        <DropdownMenuItem onSelect={() => actions.runTransition(job, 'pause')}>
          <PauseIcon aria-hidden="true" />
          Pause
        </DropdownMenuItem>
      )}
      {canTransitionJob(job.status, 'resume') && (
        <DropdownMenuItem onSelect={() => actions.runTransition(job, 'resume')}>
          <PlayIcon aria-hidden="true" />
          Resume
        </DropdownMenuItem>
      )}
      {canTransitionJob(job.status, 'reopen') && (
        <DropdownMenuItem onSelect={() => actions.runTransition(job, 'reopen')}>
          <RotateCcwIcon aria-hidden="true" />
          Reopen
        </DropdownMenuItem>
      )}
      {canTransitionJob(job.status, 'close') && (
        <DropdownMenuItem onSelect={() => onConfirm('close', job)}>
          <XCircleIcon aria-hidden="true" />
          Close
        </DropdownMenuItem>
      )}
      {!isDraft && canTransitionJob(job.status, 'archive') && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => onConfirm('archive', job)}>
            <ArchiveIcon aria-hidden="true" />
            Archive
          </DropdownMenuItem>
        </>
      )}
    </>
  );
}
