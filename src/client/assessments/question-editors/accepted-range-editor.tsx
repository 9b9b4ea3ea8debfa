import { useEffect, useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Switch } from '~/client/components/ui/switch';
import { clampRange, defaultAcceptedRange, type EditableQuestion } from '../question-content';

// Linear scale and rating: the values that count as correct, if any. Without a range the question asks
// an opinion and is not scored.
export function AcceptedRangeEditor({ bounds: [lowest, highest] }: { bounds: readonly [number, number] }) {
  const id = useId();
  const { control, register, setValue, formState } = useFormContext<EditableQuestion>();
  const { isScored, min, max } = useWatch({ control, name: 'acceptedRange' });
  const error = formState.errors.acceptedRange?.message;
  const errorId = `${id}-error`;
  const values = Array.from({ length: Math.max(0, highest - lowest + 1) }, (_, index) => lowest + index);

  // A shorter scale or fewer stars would leave the range on values the question no longer offers.
  useEffect(() => {
    if (!isScored) return;
    const clamped = clampRange({ min, max }, [lowest, highest]);
    if (clamped.min !== min) setValue('acceptedRange.min', clamped.min, { shouldDirty: true });
    if (clamped.max !== max) setValue('acceptedRange.max', clamped.max, { shouldDirty: true });
  }, [isScored, min, max, lowest, highest, setValue]);

  const valueSelect = (name: 'acceptedRange.min' | 'acceptedRange.max', label: string) => (
    <FormField label={label}>
      {(field) => (
        <NativeSelect
          {...field}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...register(name, { valueAsNumber: true })}
        >
          {values.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );

  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3">
      <legend className="mb-2 text-sm font-medium">Accepted range (optional)</legend>
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name="acceptedRange.isScored"
          render={({ field }) => (
            <Switch
              id={`${id}-scored`}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => {
                field.onChange(checked);
                if (!checked) return;
                const start = defaultAcceptedRange([lowest, highest]);
                setValue('acceptedRange.min', start.min, { shouldDirty: true });
                setValue('acceptedRange.max', start.max, { shouldDirty: true });
              }}
              aria-describedby={`${id}-scored-hint`}
            />
          )}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-scored`}>Score this question</Label>
          <p id={`${id}-scored-hint`} className="text-sm text-muted-foreground">
            {isScored
              ? 'An answer within the range, ends included, earns the points.'
              : 'Off: an opinion, asked but not scored.'}
          </p>
        </div>
      </div>
      {isScored && (
        <div className="grid max-w-md gap-4 sm:grid-cols-2">
          {valueSelect('acceptedRange.min', 'Lowest accepted')}
          {valueSelect('acceptedRange.max', 'Highest accepted')}
        </div>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
