import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import {
  PASS_RATE_MAX,
  PASS_RATE_MIN,
  TEST_NAME_MAX_LENGTH,
  type TestType,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
  testBuilderTypes,
  testTypeLabels,
} from '~/shared/assessments';
import { DESCRIPTION_MAX, type TestBuilderValues } from './test-form';

// The builder's "Test information" card: name, type, time limit, passing score and description.
export function TestInformationFields() {
  const titleId = useId();
  const { control, register, formState } = useFormContext<TestBuilderValues>();
  const { errors } = formState;
  const currentType = useWatch({ control, name: 'type' });
  // A test made elsewhere may carry the job dialog's 'written' type; the select keeps showing it.
  const typeChoices: TestType[] =
    currentType && !(testBuilderTypes as readonly string[]).includes(currentType)
      ? [...testBuilderTypes, currentType]
      : [...testBuilderTypes];

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Test information</CardTitle>
        <CardDescription>
          Candidates see the name, the description and the time limit before they start.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField label="Test name" error={errors.name?.message}>
            {(field) => (
              <Input
                {...field}
                maxLength={TEST_NAME_MAX_LENGTH}
                placeholder="e.g. Customer Support Fundamentals"
                {...register('name')}
              />
            )}
          </FormField>
          <FormField label="Test type" error={errors.type?.message}>
            {(field) => (
              <NativeSelect {...field} {...register('type')}>
                <option value="">Select a type</option>
                {typeChoices.map((type) => (
                  <option key={type} value={type}>
                    {testTypeLabels[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label="Time limit (minutes)"
            hint={`${TIME_LIMIT_MIN} to ${TIME_LIMIT_MAX} minutes.`}
            error={errors.time_limit?.message}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={TIME_LIMIT_MIN}
                max={TIME_LIMIT_MAX}
                step={1}
                {...register('time_limit')}
              />
            )}
          </FormField>
          <FormField
            label="Passing score (%)"
            hint={`${PASS_RATE_MIN} to ${PASS_RATE_MAX} percent of the points.`}
            error={errors.pass_rate?.message}
          >
            {(field) => (
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={PASS_RATE_MIN}
                max={PASS_RATE_MAX}
                step={1}
                {...register('pass_rate')}
              />
            )}
          </FormField>
        </div>
        <FormField label="Description" error={errors.description?.message}>
          {(field) => (
            <Textarea
              {...field}
              maxLength={DESCRIPTION_MAX}
              placeholder="What the test covers and how candidates should prepare."
              {...register('description')}
            />
          )}
        </FormField>
      </CardContent>
    </Card>
  );
}
