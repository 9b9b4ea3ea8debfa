import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { SCREENING_QUESTION_MAX_LENGTH, SCREENING_QUESTIONS_MAX, screeningTexts } from '~/shared/screening-questions';
import { emptyScreeningQuestion, type JobFormValues } from './job-form-values';

// The job's screening questions: up to five, each required unless unticked. Applicants answer them in the
// apply form; an application keeps the questions as they were asked.
export function ScreeningQuestionsField({ form }: { form: UseFormReturn<JobFormValues> }) {
  const questions = useFieldArray({ control: form.control, name: 'screening_questions', keyName: 'key' });
  const errors = form.formState.errors.screening_questions;
  const listError = errors?.message ?? errors?.root?.message;
  const count = questions.fields.length;
  return (
    <div className="grid gap-4">
      {count === 0 && <p className="text-sm text-muted-foreground">{screeningTexts.hint}</p>}
      {count > 0 && (
        <ol className="grid gap-4">
          {questions.fields.map((field, index) => (
            <li key={field.key} className="grid min-w-0 gap-2 rounded-md border border-border p-3">
              <FormField label={screeningTexts.questionLabel(index + 1)} error={errors?.[index]?.question?.message}>
                {(control) => (
                  <Input
                    {...control}
                    maxLength={SCREENING_QUESTION_MAX_LENGTH}
                    autoComplete="off"
                    {...form.register(`screening_questions.${index}.question`)}
                  />
                )}
              </FormField>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <RequiredCheckbox form={form} index={index} />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => questions.remove(index)}
                  aria-label={`${screeningTexts.remove} ${index + 1}`}
                >
                  <Trash2Icon aria-hidden="true" />
                  {screeningTexts.remove}
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {listError && <FieldError>{listError}</FieldError>}
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={count >= SCREENING_QUESTIONS_MAX}
          onClick={() => questions.append({ ...emptyScreeningQuestion })}
        >
          <PlusIcon aria-hidden="true" />
          {screeningTexts.add}
        </Button>
      </div>
      {count >= SCREENING_QUESTIONS_MAX && <p className="text-sm text-muted-foreground">{screeningTexts.tooMany}</p>}
    </div>
  );
}

function RequiredCheckbox({ form, index }: { form: UseFormReturn<JobFormValues>; index: number }) {
  const id = useId();
  return (
    <Controller
      control={form.control}
      name={`screening_questions.${index}.required`}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
          />
          <Label htmlFor={id} className="font-normal">
            {screeningTexts.required}
          </Label>
        </div>
      )}
    />
  );
}
