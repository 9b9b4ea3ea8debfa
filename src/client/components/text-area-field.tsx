import type { ReactNode } from 'react';
import { FormField } from '~/client/components/ui/form-field';
import { Textarea } from '~/client/components/ui/textarea';

interface TextAreaFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string;
  hint?: ReactNode;
  rows?: number;
}

// A labelled block of free text (notes, a reason) held in a component's state, with its hint and error.
export function TextAreaField({ label, value, onChange, maxLength, error, hint, rows = 3 }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Textarea
          {...control}
          rows={rows}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
