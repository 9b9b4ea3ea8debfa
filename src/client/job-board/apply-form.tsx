import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { applyServerError } from '~/client/lib/form-errors';
import { COVER_LETTER_MAX_LENGTH, jobBoardTexts, PROPOSAL_RATE_MAX } from '~/shared/job-board-texts';
import { useApplyToJob } from './api';
import type { ApplyDialogProps } from './apply-dialog';
import { WaitingTestToastAction, waitingTestsSentence } from './waiting-tests';

const applyFormSchema = z.object({
  cover_letter: z
    .string()
    .trim()
    .min(1, { message: jobBoardTexts.coverLetterRequired })
    .max(COVER_LETTER_MAX_LENGTH, { message: jobBoardTexts.coverLetterTooLong }),
  // What the field holds: empty, or dollars an hour.
  proposal_rate: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' || (Number.isFinite(Number(value)) && Number(value) >= 1 && Number(value) <= PROPOSAL_RATE_MAX),
      { message: jobBoardTexts.proposalRate },
    ),
});
type ApplyFormValues = z.input<typeof applyFormSchema>;
const applyFormFields = ['cover_letter', 'proposal_rate'] as const;

// The apply dialog's form (ApplyDialog loads it when the dialog opens, with its schema, zod and
// react-hook-form): a cover letter and an optional hourly rate.
export function ApplyForm({
  job,
  onDone,
  onCancel,
}: {
  job: ApplyDialogProps['job'];
  onDone: () => void;
  onCancel: () => void;
}) {
  const apply = useApplyToJob(job.id);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const form = useForm<ApplyFormValues>({
    resolver: zodResolver(applyFormSchema),
    defaultValues: { cover_letter: '', proposal_rate: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerMessage(null);
    const rate = values.proposal_rate.trim();
    try {
      const application = await apply.mutateAsync({
        cover_letter: values.cover_letter,
        proposal_rate: rate === '' ? null : Number(rate),
      });
      const [firstTest] = application.waiting_tests;
      toast(
        firstTest
          ? {
              title: jobBoardTexts.submitted,
              description: waitingTestsSentence(application.waiting_tests),
              action: <WaitingTestToastAction test={firstTest} />,
            }
          : { title: jobBoardTexts.submitted, description: job.title },
      );
      onDone();
    } catch (error) {
      const message = applyServerError(form, error, { fields: applyFormFields, fallback: jobBoardTexts.submitError });
      if (message === null) return;
      // A refusal comes with the server's reason, which is what the applicant needs to read; a failure on
      // our side, or no answer at all, gets the spec's sentence.
      const isRefusal = isApiError(error) && error.status < 500;
      toast({
        variant: 'destructive',
        title: jobBoardTexts.submitErrorTitle,
        description: isRefusal ? message : jobBoardTexts.submitError,
      });
      setServerMessage(isRefusal ? message : jobBoardTexts.submitError);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {serverMessage && <Alert variant="destructive">{serverMessage}</Alert>}
      <FormField
        label="Cover letter"
        error={errors.cover_letter?.message}
        hint="Why you are a good fit: relevant work, results, and when you could start."
      >
        {(control) => (
          <Textarea {...control} rows={8} maxLength={COVER_LETTER_MAX_LENGTH} {...form.register('cover_letter')} />
        )}
      </FormField>
      <FormField
        label="Proposal rate (USD per hour, optional)"
        error={errors.proposal_rate?.message}
        hint="Leave empty to go by the job's budget."
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={1}
            max={PROPOSAL_RATE_MAX}
            step="0.01"
            {...form.register('proposal_rate')}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit Application'}
        </Button>
      </DialogFooter>
    </form>
  );
}
