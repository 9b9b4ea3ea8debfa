import { useQuery } from '@tanstack/react-query';
import { BanIcon, CheckCircleIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { BulkActionBar, runBulkAction } from '~/client/components/row-selection';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { errorMessage } from '~/client/lib/api-client';
import {
  adminCompanyTexts,
  type CompanyBulkAction,
  type CompanyBulkResult,
  type CompanyDeletePreview,
  companyBulkVerbs,
} from '~/shared/admin-companies';
import { fetchCompanyDeletePreview, useCompanyBulkAction } from './api';

const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count} ${count === 1 ? noun : nouns}`;
const companies = (count: number) => plural(count, 'company', 'companies');

function describeResult(action: CompanyBulkAction, result: CompanyBulkResult) {
  const parts = [`${companies(result.changed)} ${companyBulkVerbs[action].past}`];
  if (result.jobs_closed > 0) parts.push(`${plural(result.jobs_closed, 'job')} closed`);
  if (result.members_signed_out > 0) parts.push(`${plural(result.members_signed_out, 'member')} signed out`);
  return `${parts.join(', ')}.`;
}

// What Delete takes with it, in the words of its confirm dialog.
function describeDeletion(preview: CompanyDeletePreview | undefined, count: number) {
  if (!preview) return 'Checking what goes with them…';
  if (preview.blocked_by_unpaid.length > 0) {
    const names = preview.blocked_by_unpaid.map(
      (company) => `${company.name} (${plural(company.invoices, 'unpaid invoice')})`,
    );
    return `${names.join(', ')} cannot be deleted until ${names.length === 1 ? 'its' : 'their'} invoices are paid.`;
  }
  const them = count === 1 ? 'It leaves' : 'They leave';
  return `${them} every list: ${plural(preview.jobs_to_close, 'job')} closed, ${plural(
    preview.members_to_sign_out,
    'member',
  )} signed out. ${plural(preview.invoices_kept, 'invoice')} kept for the records.`;
}

// Suspend, Activate and Delete for the selected companies (POST /api/admin/companies/bulk). Suspend and
// Delete ask first: they sign people out at once.
export function CompanyBulkBar({ selectedIds, onDone }: { selectedIds: string[]; onDone: () => void }) {
  const bulk = useCompanyBulkAction();
  const [confirming, setConfirming] = useState<'suspend' | 'delete' | null>(null);
  const count = selectedIds.length;
  const preview = useQuery({
    queryKey: ['admin-companies', 'delete-preview', selectedIds],
    queryFn: () => fetchCompanyDeletePreview(selectedIds),
    enabled: confirming === 'delete',
    staleTime: 0,
  });
  const isBlocked = (preview.data?.blocked_by_unpaid.length ?? 0) > 0;

  const run = (action: CompanyBulkAction) =>
    runBulkAction({
      perform: () => bulk.mutateAsync({ action, ids: selectedIds }),
      describeSuccess: (result) => ({
        title: companyBulkVerbs[action].title,
        description: describeResult(action, result),
      }),
      failureTitle: adminCompanyTexts.bulkFailed(action),
      onDone,
    }).finally(() => setConfirming(null));

  return (
    <BulkActionBar
      count={count}
      isPending={bulk.isPending}
      onClear={onDone}
      actions={[
        { label: 'Suspend', icon: BanIcon, onClick: () => setConfirming('suspend') },
        { label: 'Activate', icon: CheckCircleIcon, onClick: () => run('activate') },
        { label: 'Delete', icon: Trash2Icon, onClick: () => setConfirming('delete') },
      ]}
    >
      <ConfirmDialog
        open={confirming === 'suspend'}
        onOpenChange={(open) => setConfirming(open ? 'suspend' : null)}
        title={`Suspend ${companies(count)}?`}
        description="Their members are signed out at once and cannot sign in, and their jobs leave the job board until the company is activated again."
        confirmLabel="Suspend"
        destructive
        pending={bulk.isPending}
        onConfirm={() => run('suspend')}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => setConfirming(open ? 'delete' : null)}
        title={`Delete ${companies(count)}?`}
        description={
          preview.isError
            ? errorMessage(preview.error, adminCompanyTexts.bulkFailed('delete'))
            : describeDeletion(preview.data, count)
        }
        confirmLabel="Delete"
        destructive
        pending={bulk.isPending || !preview.data || isBlocked}
        onConfirm={() => run('delete')}
      />
    </BulkActionBar>
  );
}
