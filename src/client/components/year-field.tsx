import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';

// A calendar year to pick, the latest first: a yearly summary's, a tax year's.
export function YearField({
  label,
  years,
  value,
  onChange,
}: {
  label: string;
  years: readonly number[];
  value: number;
  onChange: (year: number) => void;
}) {
  return (
    <FormField label={label} className="sm:w-40">
      {(control) => (
        <NativeSelect {...control} value={value} onChange={(event) => onChange(Number(event.target.value))}>
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
