import { Badge } from '~/client/components/ui/badge';
import type { TimesheetStatus } from '~/shared/billing';
import { timesheetStatusLabels, timesheetStatusVariants } from './work-format';

// Open, Submitted, Approved, Returned.
export function TimesheetStatusBadge({ status }: { status: TimesheetStatus }) {
  return <Badge variant={timesheetStatusVariants[status]}>{timesheetStatusLabels[status]}</Badge>;
}
