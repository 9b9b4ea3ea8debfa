import type { ComponentProps } from 'react';
import { NativeSelect } from '~/client/components/ui/native-select';
import { isOneOf } from '~/client/lib/list-search';

type FilterSelectProps<Value extends string> = Omit<
  ComponentProps<typeof NativeSelect>,
  'value' | 'defaultValue' | 'onChange' | 'children'
> & {
  // The accessible name, where no visible <Label htmlFor={id}> gives one.
  label?: string;
  // The values offered, in order; they alone give Value its type (NoInfer below).
  options: readonly Value[];
  // Each option's text: a table, or a function where the text is computed (a count, a sentence).
  labels: Readonly<Record<NoInfer<Value>, string>> | ((value: NoInfer<Value>) => string);
} & (
    | {
        // The first option, meaning no value: "All statuses", "Any type".
        allLabel: string;
        value: NoInfer<Value> | null;
        onChange: (value: NoInfer<Value> | null) => void;
      }
    | {
        // Without it one of the options is always chosen (a sort, a filter whose default is not "all").
        allLabel?: undefined;
        value: NoInfer<Value>;
        onChange: (value: NoInfer<Value>) => void;
      }
  );

// A list's filter or sort as one select of a few known values. The browser hands back a string; only one
// of `options` (or null, for the "all" option) reaches onChange, so the caller's state keeps its type.
export function FilterSelect<Value extends string>(props: FilterSelectProps<Value>) {
  // onChange is taken out of the select's props; props.onChange is called, so that allLabel narrows it.
  const { label, options, labels, allLabel, value, onChange, ...select } = props;
  const labelOf = typeof labels === 'function' ? labels : (option: Value) => labels[option];
  return (
    <NativeSelect
      aria-label={label}
      {...select}
      value={value ?? ''}
      onChange={(event) => {
        const next = event.target.value;
        if (isOneOf(options, next)) props.onChange(next);
        else if (next === '' && props.allLabel !== undefined) props.onChange(null);
      }}
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </NativeSelect>
  );
}
