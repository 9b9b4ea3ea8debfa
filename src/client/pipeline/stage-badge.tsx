import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { applicationStatusLabels } from '~/shared/application-statuses';
import type { ApplicationStatus } from '~/shared/applications';

// Each stage its own colour, every one with readable (4.5:1) text.
const stageVariants: Record<ApplicationStatus, BadgeVariant> = {
  submitted: 'secondary',
  shortlisted: 'info',
  interviewing: 'info',
  offered: 'warning',
  hired: 'success',
  rejected: 'danger',
  withdrawn: 'neutral',
};

export function StageBadge({ status }: { status: ApplicationStatus }) {
  return <Badge variant={stageVariants[status]}>{applicationStatusLabels[status]}</Badge>;
}
