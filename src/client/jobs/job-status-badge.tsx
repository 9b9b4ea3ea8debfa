import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import type { JobStatus } from '~/shared/jobs';

export const jobStatusLabels: Record<JobStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paused: 'Paused',
  closed: 'Closed',
  archived: 'Archived',
};

// Each status its own colour, every one with readable (4.5:1) text.
const statusVariants: Record<JobStatus, BadgeVariant> = {
  draft: 'outline',
  open: 'success',
  paused: 'warning',
  closed: 'danger',
  archived: 'neutral',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge variant={statusVariants[status]}>{jobStatusLabels[status]}</Badge>;
}
