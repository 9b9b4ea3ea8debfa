import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';
import { applyServerError } from '~/client/lib/form-errors';
import { applicationTexts } from '~/shared/application-texts';
import { type MessageTemplate, messageTemplateTexts } from '~/shared/message-templates';
import { pipelineTexts, REJECTION_REASON_MAX_LENGTH } from '~/shared/pipeline';
import { TemplateSelect } from './template-select';

interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  // Who is rejected: "Ada Lovelace", "3 applications".
  subject: string;
  // Sends the rejection; a failure it throws is shown in the dialog.
  onReject: (reason: string | undefined) => Promise<void>;
}

// Reject asks for an optional reason, which the applicant reads; left empty, they read the neutral
// default, shown here so the reviewer knows what will be said.
export function RejectDialog({ open, onOpenChange, subject, onReject }: RejectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Reject ${subject}?`}
        description="The applicant is told that they were not selected. This cannot be undone."
      >
        {open && <RejectForm onReject={onReject} onCancel={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({ onReject, onCancel }: { onReject: RejectDialogProps['onReject']; onCancel: () => void }) {
  const [banner, setBanner] = useState<string | null>(null);
  const [templateId, setTemplateId] = useState('');
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  function chooseTemplate(id: string, template: MessageTemplate | undefined) {
    setTemplateId(id);
    // A template longer than a reason is cut where a reason ends; the field shows what will be sent.
    if (template) form.setValue('reason', template.body.slice(0, REJECTION_REASON_MAX_LENGTH), { shouldDirty: true });
  }

  const submit = form.handleSubmit(async ({ reason }) => {
    setBanner(null);
    try {
      await onReject(reason.trim() || undefined);
    } catch (error) {
      setBanner(
        applyServerError(form, error, { fields: ['reason'], fallback: 'Nothing was rejected. Please try again.' }),
      );
    }
  });

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TemplateSelect label="Start from a template" value={templateId} onChoose={chooseTemplate} />
      <FormField
        label="Reason for the applicant (optional)"
        error={errors.reason?.message}
        hint={`${messageTemplateTexts.placeholdersHelp} Left empty, they read: “${applicationTexts.defaultRejectionReason}”`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            placeholder={applicationTexts.defaultRejectionReason}
            {...form.register('reason', {
              maxLength: { value: REJECTION_REASON_MAX_LENGTH, message: pipelineTexts.reasonTooLong },
            })}
          />
        )}
      </FormField>
      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          {isSubmitting ? 'Rejecting...' : 'Reject'}
        </Button>
      </DialogFooter>
    </form>
  );
}
