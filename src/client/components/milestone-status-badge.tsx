import { Badge, type BadgeVariant } from '~/client/components/ui/badge';
import { type MilestoneStatus, milestoneStatusLabels } from '~/shared/milestones';

const milestoneStatusVariants: Record<MilestoneStatus, BadgeVariant> = {
  unfunded: 'neutral',
  funded: 'info',
  submitted: 'warning',
  changes_requested: 'warning',
  approved: 'success',
  disputed: 'danger',
  settled: 'secondary',
  refunded: 'secondary',
  cancelled: 'neutral',
};

// Not funded, Funded, Submitted, Changes requested, Approved…: on the contract page and in Disputes.
export function MilestoneStatusBadge({ status }: { status: MilestoneStatus }) {
  return <Badge variant={milestoneStatusVariants[status]}>{milestoneStatusLabels[status]}</Badge>;
}
