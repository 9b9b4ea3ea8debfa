import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { Switch } from '~/client/components/ui/switch';
import { Textarea } from '~/client/components/ui/textarea';
import type { EditableQuestion } from '../question-content';

// Short answer and paragraph (spec §9): grading by AI against a rubric, or not.
export function AiGradingEditor() {
  const id = useId();
  const { control, register, formState } = useFormContext<EditableQuestion>();
  const [type, useAi] = useWatch({ control, name: ['type', 'useAi'] });
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
                : 'Off: only the accepted answers count as correct.'}
          </p>
        </div>
      </div>
      {formState.errors.useAi?.message && <FieldError>{formState.errors.useAi.message}</FieldError>}
      {useAi && (
        <FormField
          label="Rubric"
          hint="What a good answer contains, and what earns partial or no credit."
          error={formState.errors.rubric?.message}
        >
          {(control) => <Textarea {...control} maxLength={4000} {...register('rubric')} />}
        </FormField>
      )}
    </div>
  );
}
