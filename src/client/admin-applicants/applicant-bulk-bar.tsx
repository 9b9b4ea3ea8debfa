import { BanIcon, CheckCircleIcon, UserXIcon } from 'lucide-react';
import { useState } from 'react';
import { BulkActionBar, runBulkAction } from '~/client/components/row-selection';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { type ApplicantBulkAction, adminApplicantTexts, applicantBulkVerbs } from '~/shared/admin-applicants';
import { useApplicantBulkAction } from './api';

const applicants = (count: number) => `${count} applicant${count === 1 ? '' : 's'}`;

const confirmations = {
  suspend: {
    label: 'Suspend',
    description: 'They are signed out at once, cannot sign in, and leave Talent Search until they are activated again.',
  },
  remove: {
    label: 'Remove',
    description:
      'Their accounts are erased: name, email, password, profile and photo are deleted for good. Records kept for accounting stay, with no personal data. This cannot be undone.',
  },
} as const;

// Suspend, Activate and Remove for the selected applicants (POST /api/admin/applicants/bulk). Suspend and
// Remove ask first.
export function ApplicantBulkBar({ selectedIds, onDone }: { selectedIds: string[]; onDone: () => void }) {
  const bulk = useApplicantBulkAction();
  const [confirming, setConfirming] = useState<keyof typeof confirmations | null>(null);
  const count = selectedIds.length;

  const run = (action: ApplicantBulkAction) =>
    runBulkAction({
      perform: () => bulk.mutateAsync({ action, ids: selectedIds }),
      describeSuccess: (result) => ({
        title: applicantBulkVerbs[action].title,
        description: `${applicants(result.changed)} ${applicantBulkVerbs[action].past}.`,
      }),
      failureTitle: adminApplicantTexts.bulkFailed(action),
      onDone,
    }).finally(() => setConfirming(null));

  const shown = confirming ? confirmations[confirming] : null;
  return (
    <BulkActionBar
      count={count}
      isPending={bulk.isPending}
      onClear={onDone}
      actions={[
        { label: 'Suspend', icon: BanIcon, onClick: () => setConfirming('suspend') },
        { label: 'Activate', icon: CheckCircleIcon, onClick: () => run('activate') },
        { label: 'Remove', icon: UserXIcon, onClick: () => setConfirming('remove') },
      ]}
    >
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={shown ? `${shown.label} ${applicants(count)}?` : ''}
        description={shown?.description ?? ''}
        confirmLabel={shown?.label ?? ''}
        destructive
        pending={bulk.isPending}
        onConfirm={() => confirming && run(confirming)}
      />
    </BulkActionBar>
  );
}
