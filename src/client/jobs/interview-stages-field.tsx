import { useQuery } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { activeTestsQueryOptions } from '~/client/lib/test-queries';
import { INTERVIEW_STAGE_NAME_MAX_LENGTH, INTERVIEW_STAGES_MAX, interviewStageTexts } from '~/shared/interview-stages';
import type { JobFormValues } from './job-form-values';

// The steps the job's Interviewing is split into, in order: each a column of the board, each perhaps sending
// one of the company's tests as an application enters it. A removed stage's applications move to the first
// that is left when the job is saved.
export function InterviewStagesField({ form }: { form: UseFormReturn<JobFormValues> }) {
  const stages = useFieldArray({ control: form.control, name: 'interview_stages', keyName: 'key' });
  // The tests a stage can send: the company's published ones (the Required Tests picker's list).
  const tests = useQuery({ ...activeTestsQueryOptions(), enabled: stages.fields.length > 0 });
  const errors = form.formState.errors.interview_stages;
  const listError = errors?.message ?? errors?.root?.message;
  const count = stages.fields.length;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{interviewStageTexts.hint}</p>
      {count > 0 && (
        <ol className="grid gap-3">
          {stages.fields.map((field, index) => (
            <li key={field.key} className="grid min-w-0 gap-3 rounded-md border border-border p-3">
              <div className="flex min-w-0 items-start gap-2">
                <div className="min-w-0 flex-1">
                  <FormField label={interviewStageTexts.nameLabel(index + 1)} error={errors?.[index]?.name?.message}>
                    {(control) => (
                      <Input
                        {...control}
                        maxLength={INTERVIEW_STAGE_NAME_MAX_LENGTH}
                        autoComplete="off"
                        {...form.register(`interview_stages.${index}.name`)}
                      />
                    )}
                  </FormField>
                </div>
                {/* Level with the box, under its label. */}
                <div className="mt-7 flex shrink-0 items-center">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === 0}
                    onClick={() => stages.move(index, index - 1)}
                    aria-label={`${interviewStageTexts.moveUp} ${index + 1}`}
                    title={interviewStageTexts.moveUp}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === count - 1}
                    onClick={() => stages.move(index, index + 1)}
                    aria-label={`${interviewStageTexts.moveDown} ${index + 1}`}
                    title={interviewStageTexts.moveDown}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => stages.remove(index)}
                    aria-label={`${interviewStageTexts.remove} ${index + 1}`}
                    title={interviewStageTexts.remove}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <FormField label={interviewStageTexts.testLabel} error={errors?.[index]?.test_id?.message}>
                {(control) =>
                  // Registered once the tests are there, so a saved stage's test is shown chosen.
                  tests.isPending ? (
                    <NativeSelect {...control} disabled>
                      <option>{interviewStageTexts.testsLoading}</option>
                    </NativeSelect>
                  ) : (
                    <NativeSelect {...control} {...form.register(`interview_stages.${index}.test_id`)}>
                      <option value="">{interviewStageTexts.noTest}</option>
                      {tests.data?.items.map((test) => (
                        <option key={test.id} value={test.id}>
                          {test.name}
                        </option>
                      ))}
                    </NativeSelect>
                  )
                }
              </FormField>
            </li>
          ))}
        </ol>
      )}
      {tests.isError && <p className="text-sm text-destructive">{interviewStageTexts.testsLoadError}</p>}
      {listError && <FieldError>{listError}</FieldError>}
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={count >= INTERVIEW_STAGES_MAX}
          onClick={() => stages.append({ stage_id: '', name: '', test_id: '' })}
        >
          <PlusIcon aria-hidden="true" />
          {interviewStageTexts.add}
        </Button>
      </div>
      {count >= INTERVIEW_STAGES_MAX && <p className="text-sm text-muted-foreground">{interviewStageTexts.tooMany}</p>}
    </div>
  );
}
