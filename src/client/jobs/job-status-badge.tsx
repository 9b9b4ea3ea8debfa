import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { type JobPipelineStage, type JobStatus, jobStatusLabels, visiblePipelineStage } from '~/shared/jobs';

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

// A job's status, and beside it how far its applications got (docs/design.md §5) when that adds to the
// status rather than contradicting it (visiblePipelineStage).
export function JobStatusBadges({ status, stage }: { status: JobStatus; stage: JobPipelineStage | null }) {
  const shownStage = visiblePipelineStage(status, stage);
  return (
    <>
      <Badge variant={statusVariants[status]}>{jobStatusLabels[status]}</Badge>
      {shownStage && <Badge variant="info">{pipelineLabels[shownStage]}</Badge>}
    </>
  );
}
