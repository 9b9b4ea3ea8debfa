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
import { formatCents } from '~/shared/billing';
import {
  AUTO_APPROVE_DAYS,
  CHANGES_COMMENT_MAX,
  type Contract,
  type Milestone,
  type RequestChangesInput,
  requestChangesSchema,
  SUBMISSION_MESSAGE_MAX,
  type SubmitMilestoneInput,
  submitMilestoneSchema,
} from '~/shared/milestones';
import { useApproveMilestone, useRequestChanges, useSubmitMilestone } from './api';

// The moves of a submitted or funded milestone after funding: the company approves (the escrowed amount is
// released) or sends the work back with a comment; the talent submits the work with a message. Each says
// what the server refused inside the dialog, and the toast only once the server has answered.

const dialogTexts = {
  approveFailed: 'The milestone was not approved. Please try again.',
  changesFailed: 'The changes were not requested. Please try again.',
  submitFailed: 'The work was not submitted. Please try again.',
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
          description={`${formatCents(milestone.amount_cents)} held in escrow for “${milestone.title}” is released to ${contract.applicant_name}, and a paid invoice records it. This cannot be undone.`}
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
        description: `${formatCents(milestone.amount_cents)} for “${milestone.title}” is released to ${contract.applicant_name}.`,
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
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SubmitMilestoneInput>({
    defaultValues: { message: '' },
    resolver: zodResolver(submitMilestoneSchema),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ message }) => {
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
