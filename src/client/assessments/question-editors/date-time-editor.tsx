import { useFormContext } from 'react-hook-form';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import type { EditableQuestion } from '../question-content';

// Date and time: the correct day or the correct time of day.
export function DateEditor() {
  const { register, formState } = useFormContext<EditableQuestion>();
  return (
    <FormField label="Correct date" error={formState.errors.correctDate?.message} className="max-w-xs">
      {(field) => <Input {...field} type="date" {...register('correctDate')} />}
    </FormField>
  );
}

export function TimeEditor() {
  const { register, formState } = useFormContext<EditableQuestion>();
  return (
    <FormField label="Correct time" error={formState.errors.correctTime?.message} className="max-w-xs">
      {(field) => <Input {...field} type="time" {...register('correctTime')} />}
    </FormField>
  );
}
