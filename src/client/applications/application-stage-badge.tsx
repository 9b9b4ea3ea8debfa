import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { applicationStatusLabels } from '~/shared/application-statuses';
import type { ApplicationStatus } from '~/shared/applications';

// The applicant's words for each stage (a rejection reads "Not selected").
const stageVariants: Record<ApplicationStatus, BadgeVariant> = {
  submitted: 'secondary',
  shortlisted: 'info',
  interviewing: 'info',
  offered: 'warning',
  hired: 'success',
  rejected: 'neutral',
  withdrawn: 'neutral',
};

export function ApplicationStageBadge({ status }: { status: ApplicationStatus }) {
  return <Badge variant={stageVariants[status]}>{applicationStatusLabels[status]}</Badge>;
}
