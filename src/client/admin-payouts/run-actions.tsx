import { BellRingIcon, CheckIcon, FileUpIcon, ListChecksIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import type { PayoutRun } from '~/shared/payouts';
import { bankFileUrl, downloadBankFile, useApproveRun, useMarkRunPaid, useRemindRunTalents } from './api';
import { BankFileLink } from './bank-file-link';
import { BankFormatsPanel } from './bank-formats-panel';
import { ImportResultsDialog } from './import-results-dialog';
import { NoteDialog } from './note-dialog';
import { formatRunDay, formatRunTotals, payoutsCount } from './payout-format';
import { hasBlockingRate, RunRatesList } from './run-rates-list';

// "3 talents have" / "1 talent has": who a closed run leaves owed.
const talentsHave = (count: number) => (count === 1 ? '1 talent has' : `${count.toLocaleString('en-US')} talents have`);

const APPROVE_FAILED = 'The payout run was not approved. Please try again.';
const MARK_FAILED = 'The payouts were not marked paid. Please try again.';
const REMIND_FAILED = 'The reminders were not sent. Please try again.';

type Asked = 'approve' | 'remind' | 'mark-paid' | 'import';

// What an administrator does with a run (docs/decisions/036): Approve while it awaits approval, which sends
// each planned payout (Close run when it has none to send); then, while bank-file payouts wait for the finance team, the bank file to download,
// Mark all paid with the batch's reference, or the bank's results to import.
export function RunActions({ run }: { run: PayoutRun }) {
  const approve = useApproveRun();
  const remind = useRemindRunTalents();
  const markRunPaid = useMarkRunPaid();
  const [asked, setAsked] = useState<Asked | null>(null);
  // Why the approval was refused (a stale or missing rate, say), shown in the dialog until it closes.
  const [approveError, setApproveError] = useState<string | null>(null);
  const day = formatRunDay(run.scheduled_for);
  const isDraft = run.status === 'draft';
  // Every talent in it has something to resolve first: approving sends nothing, so the run is closed (one
  // run waits at a time, and the next one must be able to start) and nothing is said to be on its way.
  const paysNothing = run.payout_count === 0;
  const hasBankFile = run.bank_file_count > 0;
  const close = (open: boolean) => {
    if (!open) {
      setAsked(null);
      setApproveError(null);
    }
  };

  const confirmApprove = () => {
    setApproveError(null);
    approve.mutate(run.id, {
      onSuccess: (approved) => {
        setAsked(null);
        const waiting = approved.bank_file_count;
        if (approved.payout_count === 0) {
          toast({
            title: 'Payout run closed',
            description: `Nothing was paid: ${talentsHave(approved.exception_count)} something to resolve first, and their money comes in the next run.`,
          });
          return;
        }
        toast({
          title: 'Payout run approved',
          description: `${payoutsCount(approved.payout_count)} for ${formatRunTotals(approved.totals)} are on their way.${
            waiting > 0 ? ` ${payoutsCount(waiting)} wait in the bank file: download it for the finance team.` : ''
          }`,
        });
      },
      // The server's sentence stays in the dialog beside the rates it names; the run is read again meanwhile.
      onError: (error) => setApproveError(errorMessage(error, APPROVE_FAILED)),
    });
  };

  const sendReminders = () =>
    remind.mutate(run.id, {
      onSuccess: ({ reminded }) => {
        setAsked(null);
        toast({
          title: 'Talents reminded',
          description: `${reminded === 1 ? '1 talent was' : `${reminded.toLocaleString('en-US')} talents were`} written to, by email and in Tandem, to add or finish a payout method.`,
        });
      },
      onError: (error) => {
        setAsked(null);
        toast({ title: 'Nobody reminded', description: errorMessage(error, REMIND_FAILED), variant: 'destructive' });
      },
    });
  const canRemind = run.remindable_count > 0 && run.reminded_at === null;

  const markAllPaid = async (reference: string) => {
    const count = run.bank_file_count;
    await markRunPaid.mutateAsync({ runId: run.id, reference });
    setAsked(null);
    toast({
      title: 'Payouts marked paid',
      description: `${payoutsCount(count)} of the bank file of ${day} marked paid, reference ${reference}.`,
    });
  };

  if (!isDraft && !hasBankFile && !canRemind) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {isDraft && !paysNothing && (
        <Button onClick={() => setAsked('approve')}>
          <CheckIcon aria-hidden="true" />
          Approve
        </Button>
      )}
      {isDraft && paysNothing && (
        <Button variant="outline" onClick={() => setAsked('approve')}>
          <CheckIcon aria-hidden="true" />
          Close run
        </Button>
      )}
      {canRemind && (
        <Button variant="outline" onClick={() => setAsked('remind')}>
          <BellRingIcon aria-hidden="true" />
          Remind talents without a method
        </Button>
      )}
      {hasBankFile && (
        <>
          <BankFileLink href={bankFileUrl(run.id)} fetchFile={() => downloadBankFile(run.id)}>
            Download bank file
          </BankFileLink>
          {!isDraft && (
            <>
              <div className="basis-full">
                <BankFormatsPanel run={run} />
              </div>
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
        title={paysNothing ? 'Close this payout run without paying?' : 'Approve this payout run?'}
        description={
          paysNothing
            ? `Nothing in it can be paid: ${talentsHave(run.exception_count)} something to resolve first (see Not paid). Closing it pays no one and takes nothing from anyone: what they are owed comes in the next run.`
            : `It sends ${payoutsCount(run.payout_count)} for ${formatRunTotals(run.totals)} in all: Stripe payouts at once, the others into the run’s bank file for the finance team. This cannot be undone.`
        }
        confirmLabel={
          paysNothing
            ? approve.isPending
              ? 'Closing...'
              : 'Close run'
            : approve.isPending
              ? 'Approving...'
              : 'Approve'
        }
        pending={approve.isPending}
        onConfirm={confirmApprove}
      >
        {!paysNothing && run.rates.length > 0 && (
          <div className="grid gap-2 text-sm">
            <p>
              The exchange rates are locked at approval: each converted payout is worked out again at these rates, less
              the FX margin, and paid at them.
            </p>
            <RunRatesList rates={run.rates} label="Exchange rates to lock" />
            {hasBlockingRate(run.rates) && (
              <p className="text-muted-foreground">
                A stale or missing rate stops the approval: fetch, import or enter a newer one under System Settings ›
                Exchange rates first.
              </p>
            )}
          </div>
        )}
        {approveError && (
          <Alert variant="destructive">
            <p>{approveError}</p>
          </Alert>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={asked === 'remind'}
        onOpenChange={(open) => {
          if (!remind.isPending) close(open);
        }}
        title="Remind these talents?"
        description={`${run.remindable_count === 1 ? '1 talent is' : `${run.remindable_count.toLocaleString('en-US')} talents are`} owed money this run cannot pay: no payout method, or a Stripe account not finished. Each gets an email and a notification with the amount and where to add one. A run reminds once.`}
        confirmLabel={remind.isPending ? 'Sending...' : 'Send reminders'}
        pending={remind.isPending}
        onConfirm={sendReminders}
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
