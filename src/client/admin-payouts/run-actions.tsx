import { CheckIcon, DownloadIcon, FileUpIcon, ListChecksIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { formatCents } from '~/shared/billing-texts';
import type { PayoutRun } from '~/shared/payouts';
import { bankFileUrl, useApproveRun, useMarkRunPaid } from './api';
import { ImportResultsDialog } from './import-results-dialog';
import { NoteDialog } from './note-dialog';
import { formatRunDay, payoutsCount } from './payout-format';

const APPROVE_FAILED = 'The payout run was not approved. Please try again.';
const MARK_FAILED = 'The payouts were not marked paid. Please try again.';

type Asked = 'approve' | 'mark-paid' | 'import';

// What an administrator does with a run (docs/decisions/036): Approve while it awaits approval, which sends
// each planned payout; then, while bank-file payouts wait for the finance team, the bank file to download,
// Mark all paid with the batch's reference, or the bank's results to import.
export function RunActions({ run }: { run: PayoutRun }) {
  const approve = useApproveRun();
  const markRunPaid = useMarkRunPaid();
  const [asked, setAsked] = useState<Asked | null>(null);
  const day = formatRunDay(run.scheduled_for);
  const isDraft = run.status === 'draft';
  const hasBankFile = run.bank_file_count > 0;
  const close = (open: boolean) => {
    if (!open) setAsked(null);
  };

  const confirmApprove = () =>
    approve.mutate(run.id, {
      onSuccess: (approved) => {
        setAsked(null);
        const waiting = approved.bank_file_count;
        toast({
          title: 'Payout run approved',
          description: `${payoutsCount(approved.payout_count)} for ${formatCents(approved.total_cents)} are on their way.${
            waiting > 0 ? ` ${payoutsCount(waiting)} wait in the bank file: download it for the finance team.` : ''
          }`,
        });
      },
      onError: (error) => {
        setAsked(null);
        toast({ title: 'Run not approved', description: errorMessage(error, APPROVE_FAILED), variant: 'destructive' });
      },
    });

  const markAllPaid = async (reference: string) => {
    const count = run.bank_file_count;
    await markRunPaid.mutateAsync({ runId: run.id, reference });
    setAsked(null);
    toast({
      title: 'Payouts marked paid',
      description: `${payoutsCount(count)} of the bank file of ${day} marked paid, reference ${reference}.`,
    });
  };

  if (!isDraft && !hasBankFile) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {isDraft && (
        <Button onClick={() => setAsked('approve')}>
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
      )}
      {hasBankFile && (
        <>
          <a href={bankFileUrl(run.id)} download className={buttonVariants({ variant: 'outline' })}>
            <DownloadIcon aria-hidden="true" />
            Download bank file
          </a>
          {!isDraft && (
            <>
              <Button variant="outline" onClick={() => setAsked('mark-paid')}>
                <ListChecksIcon aria-hidden="true" />
                Mark all paid
              </Button>
              <Button variant="outline" onClick={() => setAsked('import')}>
                <FileUpIcon aria-hidden="true" />
                Import results
              </Button>
            </>
          )}
        </>
      )}
      <ConfirmDialog
        open={asked === 'approve'}
        onOpenChange={(open) => {
          if (!approve.isPending) close(open);
        }}
        title="Approve this payout run?"
        description={`It sends ${payoutsCount(run.payout_count)} for ${formatCents(run.total_cents)} in all: Stripe payouts at once, the others into the run’s bank file for the finance team. This cannot be undone.`}
        confirmLabel={approve.isPending ? 'Approving...' : 'Approve'}
        pending={approve.isPending}
        onConfirm={confirmApprove}
      />
      <NoteDialog
        open={asked === 'mark-paid'}
        onOpenChange={close}
        title="Mark the bank-file payouts paid"
        description={`The ${payoutsCount(run.bank_file_count)} of the run of ${day} still on their way are marked paid, with the reference of the bank’s or Wise’s batch.`}
        kind="reference"
        label="Batch reference"
        submitLabel="Mark all paid"
        pendingLabel="Marking..."
        failure={MARK_FAILED}
        onSubmit={markAllPaid}
      />
      <ImportResultsDialog run={run} open={asked === 'import'} onOpenChange={close} />
    </div>
  );
}
