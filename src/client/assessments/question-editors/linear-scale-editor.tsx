import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { SCALE_END_MAX, SCALE_END_MIN, SCALE_START_VALUES } from '~/shared/assessments';
import type { EditableQuestion } from '../question-content';
import { ScalePreview } from '../question-summary';
import { AcceptedRangeEditor } from './accepted-range-editor';

const scaleEnds = Array.from({ length: SCALE_END_MAX - SCALE_END_MIN + 1 }, (_, index) => SCALE_END_MIN + index);

// Linear scale: where it starts and ends, the labels of its ends, how it looks, and the values accepted.
export function LinearScaleEditor() {
  const { control, register, formState } = useFormContext<EditableQuestion>();
  const { errors } = formState;
  const [scaleMin, scaleMax, minLabel, maxLabel] = useWatch({
    control,
    name: ['scaleMin', 'scaleMax', 'minLabel', 'maxLabel'],
  });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Scale starts at" error={errors.scaleMin?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('scaleMin', { valueAsNumber: true })}>
              {SCALE_START_VALUES.map((start) => (
                <option key={start} value={start}>
                  {start}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Scale ends at" error={errors.scaleMax?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('scaleMax', { valueAsNumber: true })}>
              {scaleEnds.map((end) => (
                <option key={end} value={end}>
                  {end}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Label of the lowest value (optional)" error={errors.minLabel?.message}>
          {(field) => <Input {...field} maxLength={60} placeholder="e.g. Not at all" {...register('minLabel')} />}
        </FormField>
        <FormField label="Label of the highest value (optional)" error={errors.maxLabel?.message}>
          {(field) => <Input {...field} maxLength={60} placeholder="e.g. Very much" {...register('maxLabel')} />}
        </FormField>
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Preview</p>
        <ScalePreview min={scaleMin} max={scaleMax} minLabel={minLabel.trim()} maxLabel={maxLabel.trim()} />
      </div>
      <AcceptedRangeEditor bounds={[scaleMin, scaleMax]} />
    </div>
  );
}
