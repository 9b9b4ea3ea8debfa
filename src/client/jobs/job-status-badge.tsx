import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { type JobPipelineStage, type JobStatus, jobStatusLabels } from '~/shared/jobs';

// Each status its own colour, every one with readable (4.5:1) text.
const statusVariants: Record<JobStatus, BadgeVariant> = {
  draft: 'outline',
  open: 'success',
  paused: 'warning',
  closed: 'danger',
  archived: 'neutral',
};

const pipelineLabels: Record<JobPipelineStage, string> = {
  interviewing: 'Interviewing',
  offer: 'Offer',
  filled: 'Filled',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={statusVariants[status]}>{jobStatusLabels[status]}</Badge>;
}

// How far the job's applications got (DESIGN.md §5): Interviewing, Offer or Filled.
export function JobPipelineBadge({ stage }: { stage: JobPipelineStage }) {
  return <Badge variant="info">{pipelineLabels[stage]}</Badge>;
}
