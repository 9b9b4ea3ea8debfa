import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { Switch } from '~/client/components/ui/switch';
import { Textarea } from '~/client/components/ui/textarea';
import { occurrenceKeys } from '~/client/lib/occurrence-keys';
import { parseRubric } from '~/shared/assessments';
import type { EditableQuestion } from '../question-content';

// The grader's reading of the rubric, shown as it is typed, so a line it skips is seen before publishing.
function RubricPreview({ rubric }: { rubric: string }) {
  const id = useId();
  const criteria = parseRubric(rubric);
  const criterionKeys = occurrenceKeys(criteria, (criterion) => `${criterion.phrases.join('|')}-${criterion.weight}`);
  if (criteria.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No keywords yet: answers will wait for a person to grade them.</p>
    );
  }
  return (
    <div className="grid gap-1 text-sm">
      <p id={id} className="font-medium">
        The grader looks for:
      </p>
      <ul aria-labelledby={id} className="grid list-disc gap-0.5 pl-5">
        {criteria.map((criterion, index) => (
          <li key={criterionKeys[index]} className="break-words">
            {criterion.phrases.map((phrase) => `“${phrase}”`).join(' or ')}{' '}
            <span className="text-muted-foreground">×{criterion.weight}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Short answer and paragraph (docs/spec/portal-and-public-site.md §9): grading by AI against a rubric, or not.
export function AiGradingEditor() {
  const id = useId();
  const { control, register, formState } = useFormContext<EditableQuestion>();
  const [type, useAi, rubric] = useWatch({ control, name: ['type', 'useAi', 'rubric'] });
  return (
    <div className="grid gap-3 rounded-md border border-border bg-muted/40 p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name="useAi"
          render={({ field }) => (
            <Switch
              id={`${id}-ai`}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby={`${id}-ai-hint`}
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-ai`}>Grade with AI</Label>
          <p id={`${id}-ai-hint`} className="text-sm text-muted-foreground">
            {useAi
              ? 'The AI scores each answer against your rubric.'
              : type === 'paragraph'
                ? 'Off: a person reads and grades each answer.'
                : 'Off: the accepted answers count as correct; without any, a person grades each answer.'}
          </p>
        </div>
      </div>
      {formState.errors.useAi?.message && <FieldError>{formState.errors.useAi.message}</FieldError>}
      {useAi && (
        <div className="grid gap-3">
          <FormField
            label="Rubric"
            hint='One keyword or short phrase per line, with its weight in brackets: "closure (2)". Separate alternatives with "|".'
            error={formState.errors.rubric?.message}
          >
            {(control) => <Textarea {...control} maxLength={4000} {...register('rubric')} />}
          </FormField>
          <RubricPreview rubric={rubric} />
        </div>
      )}
    </div>
  );
}
