import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogFormFooter } from '~/client/components/dialog-form-footer';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { errorMessage } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { formatCents } from '~/shared/billing-texts';
import {
  AUTO_APPROVE_DAYS,
  CHANGES_COMMENT_MAX,
  type Contract,
  DISPUTE_REASON_MAX,
  type Milestone,
  type OpenDisputeInput,
  openDisputeSchema,
  type RequestChangesInput,
  requestChangesSchema,
  SUBMISSION_MESSAGE_MAX,
  type SubmitMilestoneInput,
  submitMilestoneSchema,
} from '~/shared/milestones';
import {
  type ContractSide,
  useApproveMilestone,
  useOpenDispute,
  useRefundMilestone,
  useRequestChanges,
  useSubmitMilestone,
} from './api';
import { SubmissionFiles, useSubmissionFiles } from './submission-files';

// The moves of a milestone after funding: the company approves (the escrowed amount is released) or sends
// the work back with a comment; the talent submits the work with a message and files, or gives the money
// back; either side disputes submitted work. Each says what the server refused inside the dialog, and the
// toast only once the server has answered.

const dialogTexts = {
  approveFailed: 'The milestone was not approved. Please try again.',
  changesFailed: 'The changes were not requested. Please try again.',
  submitFailed: 'The work was not submitted. Please try again.',
  waitForFiles: 'Wait until your files are attached, then submit.',
  disputeFailed: 'The dispute was not opened. Please try again.',
  refundFailed: 'The milestone was not refunded. Please try again.',
} as const;

interface MilestoneDialogProps {
  contract: Contract;
  milestone: Milestone | null;
  onOpenChange: (open: boolean) => void;
}

// ---------------------------------------------------------------- approve

export function ApproveMilestoneDialog({ contract, milestone, onOpenChange }: MilestoneDialogProps) {
  return (
    <Dialog open={milestone !== null} onOpenChange={onOpenChange}>
      {milestone && (
        <DialogContent
          title="Approve this milestone?"
          description={`${formatCents(milestone.amount_cents, contract.currency)} held in escrow for “${milestone.title}” is released to ${contract.applicant_name}, and a paid invoice records it. This cannot be undone.`}
        >
          <ApproveForm contract={contract} milestone={milestone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ApproveForm({
  contract,
  milestone,
  onDone,
}: {
  contract: Contract;
  milestone: Milestone;
  onDone: () => void;
}) {
  const approve = useApproveMilestone(contract.id);
  const [banner, setBanner] = useState<string | null>(null);

  async function approveMilestone() {
    setBanner(null);
    try {
      await approve.mutateAsync(milestone.id);
      toast({
        title: 'Milestone approved',
        description: `${formatCents(milestone.amount_cents, contract.currency)} for “${milestone.title}” is released to ${contract.applicant_name}.`,
      });
      onDone();
    } catch (error) {
      setBanner(errorMessage(error, dialogTexts.approveFailed));
    }
  }

  return (
    <>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={approve.isPending} onClick={approveMilestone}>
          {approve.isPending ? 'Approving...' : 'Approve and Release'}
        </Button>
      </DialogFooter>
    </>
  );
}

// ---------------------------------------------------------------- request changes

export function RequestChangesDialog({ contract, milestone, onOpenChange }: MilestoneDialogProps) {
  return (
    <Dialog open={milestone !== null} onOpenChange={onOpenChange}>
      {milestone && (
        <DialogContent
          title="Request Changes"
          description={`Send “${milestone.title}” back to ${contract.applicant_name} with what needs to change. The money stays in escrow.`}
        >
          <RequestChangesForm contract={contract} milestone={milestone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function RequestChangesForm({
  contract,
  milestone,
  onDone,
}: {
  contract: Contract;
  milestone: Milestone;
  onDone: () => void;
}) {
  const requestChanges = useRequestChanges(contract.id);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<RequestChangesInput>({
    defaultValues: { comment: '' },
    resolver: zodResolver(requestChangesSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ comment }) => {
    setBanner(null);
    try {
      await requestChanges.mutateAsync({ milestoneId: milestone.id, comment });
      toast({
        title: 'Changes requested',
        description: `${contract.applicant_name} can change “${milestone.title}” and submit it again.`,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['comment'], fallback: dialogTexts.changesFailed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label="What needs to change"
        error={errors.comment?.message}
        hint={`${contract.applicant_name} reads it on the contract.`}
      >
        {(control) => (
          <Textarea {...control} rows={4} maxLength={CHANGES_COMMENT_MAX} autoFocus {...form.register('comment')} />
        )}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Request Changes"
        pendingLabel="Sending..."
        isPending={isSubmitting}
      />
    </form>
  );
}

// ---------------------------------------------------------------- submit the work

export function SubmitWorkDialog({ contract, milestone, onOpenChange }: MilestoneDialogProps) {
  return (
    <Dialog open={milestone !== null} onOpenChange={onOpenChange}>
      {milestone && (
        <DialogContent
          title="Submit Work"
          description={`Tell ${contract.company_name} what you did for “${milestone.title}”. They approve it or request changes; without an answer it is approved after ${AUTO_APPROVE_DAYS} days.`}
        >
          <SubmitWorkForm contract={contract} milestone={milestone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function SubmitWorkForm({
  contract,
  milestone,
  onDone,
}: {
  contract: Contract;
  milestone: Milestone;
  onDone: () => void;
}) {
  const submitMilestone = useSubmitMilestone(contract.id);
  const files = useSubmissionFiles(contract.id, milestone);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SubmitMilestoneInput>({
    defaultValues: { message: '' },
    resolver: zodResolver(submitMilestoneSchema),
  });
  const { errors, isSubmitting } = form.formState;

  // The submission hands in the files waiting on the milestone: one still uploading would be left out.
  const submit = form.handleSubmit(async ({ message }) => {
    if (files.isBusy) {
      setBanner(dialogTexts.waitForFiles);
      return;
    }
    setBanner(null);
    try {
      await submitMilestone.mutateAsync({ milestoneId: milestone.id, message });
      toast({
        title: 'Work submitted',
        description: `${contract.company_name} can approve “${milestone.title}” or request changes.`,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['message'], fallback: dialogTexts.submitFailed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField label="Message" error={errors.message?.message} hint="What you delivered, and where to find it.">
        {(control) => (
          <Textarea {...control} rows={5} maxLength={SUBMISSION_MESSAGE_MAX} autoFocus {...form.register('message')} />
        )}
      </FormField>
      <SubmissionFiles files={files} />
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Submit Work"
        pendingLabel="Submitting..."
        isPending={isSubmitting}
      />
    </form>
  );
}

// ---------------------------------------------------------------- dispute

export function DisputeMilestoneDialog({
  contract,
  side,
  milestone,
  onOpenChange,
}: MilestoneDialogProps & { side: ContractSide }) {
  return (
    <Dialog open={milestone !== null} onOpenChange={onOpenChange}>
      {milestone && (
        <DialogContent
          title="Dispute Milestone"
          description={`An administrator will review the contract, its messages and files, and settle “${milestone.title}”: release the money to ${contract.applicant_name}, refund it to ${contract.company_name}, or split it between them. The ${formatCents(milestone.amount_cents, contract.currency)} stays in escrow meanwhile.`}
        >
          <DisputeForm contract={contract} side={side} milestone={milestone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DisputeForm({
  contract,
  side,
  milestone,
  onDone,
}: {
  contract: Contract;
  side: ContractSide;
  milestone: Milestone;
  onDone: () => void;
}) {
  const openDispute = useOpenDispute(side, contract.id);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<OpenDisputeInput>({
    defaultValues: { reason: '' },
    resolver: zodResolver(openDisputeSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const counterpart = side === 'company' ? contract.applicant_name : contract.company_name;

  const submit = form.handleSubmit(async ({ reason }) => {
    setBanner(null);
    try {
      await openDispute.mutateAsync({ milestoneId: milestone.id, reason });
      toast({
        title: 'Dispute opened',
        description: `An administrator will settle “${milestone.title}”. The money stays in escrow meanwhile.`,
      });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: ['reason'], fallback: dialogTexts.disputeFailed }));
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <FormField
        label="Reason"
        error={errors.reason?.message}
        hint={`What is wrong, and what you expect. ${counterpart} and the administrator read it.`}
      >
        {(control) => (
          <Textarea {...control} rows={4} maxLength={DISPUTE_REASON_MAX} autoFocus {...form.register('reason')} />
        )}
      </FormField>
      <DialogFormFooter
        banner={banner}
        cancelLabel="Cancel"
        onCancel={onDone}
        submitLabel="Open Dispute"
        pendingLabel="Opening..."
        isPending={isSubmitting}
      />
    </form>
  );
}

// ---------------------------------------------------------------- refund to the company

export function RefundMilestoneDialog({ contract, milestone, onOpenChange }: MilestoneDialogProps) {
  return (
    <Dialog open={milestone !== null} onOpenChange={onOpenChange}>
      {milestone && (
        <DialogContent
          title="Refund this milestone?"
          description={`The whole charge for “${milestone.title}”, ${formatCents(milestone.charge.total_cents, contract.currency)} with the platform fee and tax, goes back to ${contract.company_name}, and you will not be paid the ${formatCents(milestone.amount_cents, contract.currency)} held for you. This cannot be undone.`}
        >
          <RefundForm contract={contract} milestone={milestone} onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function RefundForm({ contract, milestone, onDone }: { contract: Contract; milestone: Milestone; onDone: () => void }) {
  const refund = useRefundMilestone(contract.id);
  const [banner, setBanner] = useState<string | null>(null);

  async function refundMilestone() {
    setBanner(null);
    try {
      await refund.mutateAsync(milestone.id);
      toast({
        title: 'Milestone refunded',
        description: `${formatCents(milestone.charge.total_cents, contract.currency)} for “${milestone.title}” goes back to ${contract.company_name}.`,
      });
      onDone();
    } catch (error) {
      // A 502 is the provider's failure, in the server's sentence: nothing changed, try again.
      setBanner(errorMessage(error, dialogTexts.refundFailed));
    }
  }

  return (
    <>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={refund.isPending} onClick={refundMilestone}>
          {refund.isPending ? 'Refunding...' : 'Refund to Company'}
        </Button>
      </DialogFooter>
    </>
  );
}
