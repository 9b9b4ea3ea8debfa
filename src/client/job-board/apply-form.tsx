import { useState } from 'react';
import { type Path, type Resolver, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import {
  emptyMilestoneRow,
  MilestoneListFooter,
  MilestoneRowFields,
  MilestonesBalance,
} from '~/client/components/milestone-row-fields';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { DialogFooter } from '~/client/components/ui/dialog';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import type { Currency } from '~/shared/currencies';
import { COVER_LETTER_MAX_LENGTH, jobBoardTexts, PROPOSAL_RATE_MAX } from '~/shared/job-board-texts';
import { formatJobBudget } from '~/shared/job-texts';
import { SCREENING_ANSWER_MAX_LENGTH, type ScreeningQuestion, screeningTexts } from '~/shared/screening-questions';
import { useApplyToJob } from './api';
import type { ApplyDialogProps } from './apply-dialog';
import {
  type ApplyFormValues,
  applyFormFields,
  checkApplyForm,
  emptyApplyForm,
  toApplyFormFieldName,
} from './apply-form-values';
import { ProposalFilesField, useProposalFiles } from './proposal-files-field';
import { WaitingTestToastAction, waitingTestsSentence } from './waiting-tests';

// The apply dialog's form (ApplyDialog loads it when the dialog opens, with zod and react-hook-form): a
// cover letter and an optional proposal in the job's terms — an hourly rate, or for a fixed-price job a
// total that the applicant may split into milestones (apply-form-values.ts).
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
  const proposalFiles = useProposalFiles();
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const isFixedPrice = job.engagement_type === 'fixed';
  const resolver: Resolver<ApplyFormValues> = (values) => {
    const { problems } = checkApplyForm(values, job.engagement_type, job.screening_questions);
    if (!problems) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<ApplyFormValues>(problems, ['milestones']) };
  };
  const form = useForm<ApplyFormValues>({ resolver, defaultValues: emptyApplyForm });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const { payload } = checkApplyForm(values, job.engagement_type, job.screening_questions);
    if (!payload) return;
    setServerMessage(null);
    const attachmentIds = proposalFiles.attached.map((file) => file.file_id);
    try {
      const application = await apply.mutateAsync(
        attachmentIds.length > 0 ? { ...payload, attachment_ids: attachmentIds } : payload,
      );
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
      const message = applyServerError(form, error, {
        fields: applyFormFields(
          job.engagement_type,
          values.milestones.length,
          job.screening_questions,
        ) as Path<ApplyFormValues>[],
        fallback: jobBoardTexts.submitError,
        formNameOf: toApplyFormFieldName,
      });
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
      {isFixedPrice ? (
        <FixedPriceProposalFields form={form} budgetTotal={job.budget_total} currency={job.currency} />
      ) : (
        <FormField
          label={`Proposal rate (${job.currency} per hour, optional)`}
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
      )}
      {job.screening_questions.length > 0 && <ScreeningAnswerFields form={form} questions={job.screening_questions} />}
      <ProposalFilesField files={proposalFiles} />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || proposalFiles.isBusy}>
          {isSubmitting ? 'Submitting...' : 'Submit Application'}
        </Button>
      </DialogFooter>
    </form>
  );
}

// The job's screening questions, each a field of its own; an optional one says so in its label.
function ScreeningAnswerFields({
  form,
  questions,
}: {
  form: UseFormReturn<ApplyFormValues>;
  questions: readonly ScreeningQuestion[];
}) {
  const errors = form.formState.errors.screening_answers;
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-semibold">{screeningTexts.heading}</legend>
      {questions.map((question) => (
        <FormField
          key={question.id}
          label={question.required ? question.question : `${question.question} (optional)`}
          error={errors?.[question.id]?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={SCREENING_ANSWER_MAX_LENGTH}
              {...form.register(`screening_answers.${question.id}`)}
            />
          )}
        </FormField>
      ))}
    </fieldset>
  );
}

// A fixed-price job's proposal: the total, and, if the applicant chooses, the milestones it is split into
// with the running sum under them, as the company's offer shows them (fixed-price-offer-form.tsx).
function FixedPriceProposalFields({
  form,
  budgetTotal,
  currency,
}: {
  form: UseFormReturn<ApplyFormValues>;
  budgetTotal: number | null;
  // The job's: a proposal is typed in the company's billing currency.
  currency: Currency;
}) {
  const { errors } = form.formState;
  const milestones = useFieldArray({ control: form.control, name: 'milestones' });
  const typed = useWatch({ control: form.control });
  const count = milestones.fields.length;
  const budget =
    budgetTotal == null
      ? 'the job’s budget'
      : `the job’s budget of ${formatJobBudget({ engagement_type: 'fixed', budget_total: budgetTotal, currency })}`;

  return (
    <>
      <FormField
        label={`Proposed price (${currency}, total, optional)`}
        error={errors.price?.message}
        hint={`A fixed price for the whole job. Leave empty to go by ${budget}.`}
      >
        {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('price')} />}
      </FormField>
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-semibold">Milestones (optional)</legend>
        {count === 0 && (
          <p className="text-sm text-muted-foreground">
            Split the price into milestones to say what you deliver when; the company pays each as it is approved.
          </p>
        )}
        {count > 0 && (
          <ol className="grid gap-3">
            {milestones.fields.map((field, index) => (
              <li key={field.id} className="min-w-0">
                <MilestoneRowFields
                  form={form}
                  name={`milestones.${index}`}
                  number={index + 1}
                  errors={errors.milestones?.[index]}
                  canRemove
                  onRemove={() => milestones.remove(index)}
                  currency={currency}
                />
              </li>
            ))}
          </ol>
        )}
        <MilestoneListFooter
          error={errors.milestones?.root?.message}
          count={count}
          onAdd={() => milestones.append({ ...emptyMilestoneRow })}
          summary={
            count > 0 && (
              <MilestonesBalance rows={typed.milestones ?? []} total={typed.price ?? ''} currency={currency} />
            )
          }
        />
      </fieldset>
    </>
  );
}
