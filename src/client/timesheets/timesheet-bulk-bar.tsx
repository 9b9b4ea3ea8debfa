import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { BulkActionBar, runBulkAction } from '~/client/components/row-selection';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import type { ApproveWeeksResult } from '~/shared/billing';
import { useApproveTimesheets } from './api';

const weeks = (count: number) => `${count} ${count === 1 ? 'week' : 'weeks'}`;

// "3 weeks approved." and, for any left, why: "1 week left for review: This week holds 45:00 hours…".
function describeResult(result: ApproveWeeksResult) {
  const left = result.results.filter((item) => item.outcome !== 'approved');
  const reasons = [...new Set(left.map((item) => item.error ?? 'It is no longer yours to approve.'))];
  return left.length === 0
    ? `${weeks(result.approved)} approved: each is locked, and the talent’s pay for it fixed.`
    : `${weeks(result.approved)} approved; ${weeks(left.length)} left for review: ${reasons.join(' ')}`;
}

// Approve selected in the company's Timesheets (POST /api/company/timesheets/approve), after a confirm: each
// week as Approve does it one at a time; a week over its weekly hours is left for its own review.
export function TimesheetBulkBar({ selectedIds, onDone }: { selectedIds: string[]; onDone: () => void }) {
  const approve = useApproveTimesheets();
  const [isConfirming, setIsConfirming] = useState(false);
  const count = selectedIds.length;

  const run = () =>
    runBulkAction({
      perform: () => approve.mutateAsync(selectedIds),
      describeSuccess: (result) => ({
        title: result.approved > 0 ? 'Timesheets approved' : 'No timesheet approved',
        description: describeResult(result),
      }),
      failureTitle: 'The timesheets were not approved',
      onDone,
    }).finally(() => setIsConfirming(false));

  return (
    <BulkActionBar
      count={count}
      isPending={approve.isPending}
      onClear={onDone}
      actions={[{ label: 'Approve selected', icon: CheckIcon, onClick: () => setIsConfirming(true) }]}
    >
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={(open) => {
          if (!approve.isPending) setIsConfirming(open);
        }}
        title={`Approve ${weeks(count)}?`}
        description="Each week is locked and the talent’s pay for it fixed; it goes on your next invoice. A week over its weekly hours is left for you to review on its own."
        confirmLabel={approve.isPending ? 'Approving...' : 'Approve'}
        pending={approve.isPending}
        onConfirm={run}
      />
    </BulkActionBar>
  );
}
