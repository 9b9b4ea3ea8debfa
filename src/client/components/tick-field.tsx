import { type ReactNode, useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError } from '~/client/components/ui/form-field';
import { Label } from '~/client/components/ui/label';

// A tick box with its label beside it and its error under it (Radix's checkbox: Space ticks it).
export function TickField<Values extends FieldValues>({
  control,
  name,
  label,
  error,
}: {
  control: Control<Values>;
  name: Path<Values>;
  label: ReactNode;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-2">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              className="mt-0.5"
            />
          )}
        />
        <Label htmlFor={id} className="cursor-pointer font-normal leading-snug">
          {label}
        </Label>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
