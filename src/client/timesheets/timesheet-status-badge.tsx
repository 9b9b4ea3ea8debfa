import { Badge } from '~/client/components/ui/badge';
import type { AssignmentStatus } from '~/shared/applications';
import type { TimesheetStatus } from '~/shared/billing';
import {
  assignmentStatusLabels,
  assignmentStatusVariants,
  timesheetStatusLabels,
  timesheetStatusVariants,
} from './work-format';

// Open, Submitted, Approved, Returned.
export function TimesheetStatusBadge({ status }: { status: TimesheetStatus }) {
  return <Badge variant={timesheetStatusVariants[status]}>{timesheetStatusLabels[status]}</Badge>;
}

// Pending, Active, Ended.
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return <Badge variant={assignmentStatusVariants[status]}>{assignmentStatusLabels[status]}</Badge>;
}
