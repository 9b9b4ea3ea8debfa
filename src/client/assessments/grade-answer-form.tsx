import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError } from '~/client/lib/form-errors';
import { attemptTexts, gradeAnswerSchema } from '~/shared/test-attempts';
import type { ReviewedQuestion } from './attempt-answer';
import { useGradeAnswer } from './attempt-api';

const FAILURE_TEXT = 'The grade was not saved. Please try again.';
const gradeFormFields = ['points', 'comment'] as const;

// The contract's schema with this question's ceiling: the server refuses more than the question is
// worth, and hundredths are its finest step.
const gradeFormSchema = (max: number) =>
  gradeAnswerSchema.extend({
    points: z
      .number({ message: 'Enter the points as a number.' })
      .min(0, { message: attemptTexts.pointsRange(max) })
      .max(max, { message: attemptTexts.pointsRange(max) })
      .refine((points) => Math.round(points * 100) === points * 100, {
        message: 'Give the points with at most two decimals.',
      }),
  });
type GradeFormValues = z.input<ReturnType<typeof gradeFormSchema>>;

// A person's grade for one answer: open at once for an answer waiting for one, behind "Adjust grade"
// for an answer the key or the grader has already scored.
export function GradeAnswer({
  attemptId,
  question,
  number,
}: {
  attemptId: string;
  question: ReviewedQuestion;
  number: number;
}) {
  const isWaiting = question.grade?.points === null;
  const [isOpen, setIsOpen] = useState(isWaiting);
  const adjustButton = useRef<HTMLButtonElement>(null);
  // The form's buttons vanish as it closes: focus goes to the button that opens it again.
  const shouldFocusAdjust = useRef(false);
  useEffect(() => {
    if (isOpen || !shouldFocusAdjust.current) return;
    shouldFocusAdjust.current = false;
    adjustButton.current?.focus();
  }, [isOpen]);

  const close = () => {
    shouldFocusAdjust.current = true;
    setIsOpen(false);
  };

  if (!isOpen) {
    return (
      <Button
        ref={adjustButton}
        variant="outline"
        size="sm"
        className="justify-self-start"
        aria-label={`Adjust grade of question ${number}`}
        onClick={() => setIsOpen(true)}
      >
        Adjust grade
      </Button>
    );
  }
  return (
    <GradeAnswerForm
      attemptId={attemptId}
      question={question}
      number={number}
      onDone={close}
      onCancel={isWaiting ? undefined : close}
      // Opened by "Adjust grade": the points field takes the focus. One open from the start does not.
      shouldFocus={!isWaiting}
    />
  );
}

function GradeAnswerForm({
  attemptId,
  question,
  number,
  onDone,
  onCancel,
  shouldFocus,
}: {
  attemptId: string;
  question: ReviewedQuestion;
  number: number;
  onDone: () => void;
  onCancel?: () => void;
  shouldFocus: boolean;
}) {
  const gradeAnswer = useGradeAnswer(attemptId);
  const [banner, setBanner] = useState<string | null>(null);
  const { grade } = question;
  const form = useForm<GradeFormValues>({
    resolver: zodResolver(gradeFormSchema(question.points)),
    defaultValues: {
      points: grade?.points ?? undefined,
      // A person's earlier comment is theirs to edit; the grader's explanation is not a comment.
      comment: grade?.method === 'manual' ? (grade.explanation ?? '') : '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { setFocus } = form;
  useEffect(() => {
    if (shouldFocus) setFocus('points');
  }, [shouldFocus, setFocus]);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await gradeAnswer.mutateAsync({
        questionId: question.id,
        points: values.points,
        comment: values.comment?.trim() || null,
      });
      toast({ title: attemptTexts.gradeSaved, description: `Question ${number}` });
      onDone();
    } catch (error) {
      setBanner(applyServerError(form, error, { fields: gradeFormFields, fallback: FAILURE_TEXT }));
    }
  });

  return (
    <form
      noValidate
      aria-label={`Grade question ${number}`}
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 rounded-md border border-border bg-background p-3 sm:grid-cols-[10rem_minmax(0,1fr)]"
    >
      <FormField label="Points" error={errors.points?.message} hint={`From 0 to ${question.points}.`}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            max={question.points}
            step={0.25}
            {...form.register('points', { valueAsNumber: true })}
          />
        )}
      </FormField>
      <FormField label="Comment (optional)" error={errors.comment?.message}>
        {(control) => <Textarea {...control} rows={2} className="min-h-10" {...form.register('comment')} />}
      </FormField>
      {banner && (
        <Alert variant="destructive" className="sm:col-span-2">
          {banner}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save grade'}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
