import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { MAX_OPTIONS, MIN_OPTIONS } from '~/shared/assessments';
import { type EditableQuestion, isSingleAnswerType, typedLines } from '../question-content';
import { LineListEditor } from './line-list-editor';

// Multiple choice, checkboxes and dropdown: the options, and the correct one (or ones) among those typed.
export function ChoiceOptionsEditor() {
  const id = useId();
  const { control, formState } = useFormContext<EditableQuestion>();
  const [type, options] = useWatch({ control, name: ['type', 'options'] });
  const choices = typedLines(options);
  const isSingle = isSingleAnswerType(type);
  const error = formState.errors.correctOptionIds?.message;
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <LineListEditor
        name="options"
        legend="Options"
        itemLabel="Option"
        addLabel="Add Option"
        removableFrom={MIN_OPTIONS}
        maxLines={MAX_OPTIONS}
        hint="Blank options are left out."
      />
      <fieldset className="grid min-w-0 content-start gap-2">
        <legend className="mb-2 text-sm font-medium">{isSingle ? 'Correct answer' : 'Correct answers'}</legend>
        <Controller
          control={control}
          name="correctOptionIds"
          render={({ field }) =>
            choices.length === 0 ? (
              <p className="text-sm text-muted-foreground">Type the options, then mark the correct one here.</p>
            ) : isSingle ? (
              <RadioGroup value={field.value[0] ?? ''} onValueChange={(value) => field.onChange([value])}>
                {choices.map((line) => (
                  <div key={line.id} className="flex min-w-0 items-center gap-2">
                    <RadioGroupItem value={line.id} id={`${id}-${line.id}`} />
                    <Label htmlFor={`${id}-${line.id}`} className="min-w-0 break-words font-normal">
                      {line.text}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            ) : (
              <div className="grid gap-2">
                {choices.map((line) => (
                  <div key={line.id} className="flex min-w-0 items-center gap-2">
                    <Checkbox
                      id={`${id}-${line.id}`}
                      checked={field.value.includes(line.id)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true
                            ? [...field.value, line.id]
                            : field.value.filter((other) => other !== line.id),
                        )
                      }
                    />
                    <Label htmlFor={`${id}-${line.id}`} className="min-w-0 break-words font-normal">
                      {line.text}
                    </Label>
                  </div>
                ))}
              </div>
            )
          }
        />
        {error && <FieldError>{error}</FieldError>}
      </fieldset>
    </div>
  );
}
