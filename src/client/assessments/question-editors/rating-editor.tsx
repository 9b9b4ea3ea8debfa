import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '~/client/components/ui/form-field';
import { NativeSelect } from '~/client/components/ui/native-select';
import { ratingStarCounts } from '~/shared/assessments';
import type { EditableQuestion } from '../question-content';
import { RatingPreview } from '../question-summary';
import { AcceptedRangeEditor } from './accepted-range-editor';

// Rating: how many stars, how they look, and the ratings accepted.
export function RatingEditor() {
  const { control, register, formState } = useFormContext<EditableQuestion>();
  const stars = useWatch({ control, name: 'stars' });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Number of stars" error={formState.errors.stars?.message}>
          {(field) => (
            <NativeSelect {...field} {...register('stars', { valueAsNumber: true })}>
              {ratingStarCounts.map((count) => (
                <option key={count} value={count}>
                  {count} stars
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="grid content-start gap-2">
          <p className="text-sm font-medium">Preview</p>
          <RatingPreview stars={stars} />
        </div>
      </div>
      <AcceptedRangeEditor bounds={[1, stars]} />
    </div>
  );
}
