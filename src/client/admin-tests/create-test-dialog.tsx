import { useQuery } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { type BaseSyntheticEvent, useRef, useState } from 'react';
import { type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { OptionSearchSelect } from '~/client/components/option-search-select';
import { Alert } from '~/client/components/ui/alert';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '~/client/components/ui/dialog';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { applyServerError, toFieldErrors } from '~/client/lib/form-errors';
import { type AdminCreateTestInput, adminTestTexts, adminTestTypeLabel, PLATFORM_OWNER } from '~/shared/admin-tests';
import {
  checkTest,
  PASS_RATE_MAX,
  PASS_RATE_MIN,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
  testBuilderTypes,
  testFieldsSchema,
  testTexts,
} from '~/shared/assessments';
import { testOwnerOptionsQueryOptions, useCreateAdminTest } from './api';

// What the dialog holds. Questions here are multiple choice, one option a line; the full builder with
// every question type stays the company's.
interface QuestionValues {
  question: string;
  options: string;
  answer: string;
}
interface CreateTestValues {
  owner: string;
  name: string;
  type: string;
  time_limit: string;
  pass_rate: string;
  description: string;
  questions: QuestionValues[];
}
const formFields = ['owner', 'name', 'type', 'time_limit', 'pass_rate', 'description'] as const;
const emptyQuestion: QuestionValues = { question: '', options: '', answer: '' };
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function toCreateTestInput(values: CreateTestValues, isActive: boolean): AdminCreateTestInput {
  return {
    owner: values.owner,
    name: values.name,
    description: values.description,
    type: (testBuilderTypes as readonly string[]).includes(values.type)
      ? (values.type as AdminCreateTestInput['type'])
      : null,
    time_limit: Number(values.time_limit),
    pass_rate: Number(values.pass_rate),
    is_active: isActive,
    // A question left blank is not one.
    questions: values.questions
      .filter((question) => question.question.trim() || question.options.trim() || question.answer.trim())
      .map((question) => ({
        type: 'multiple-choice',
        question: question.question,
        options: lines(question.options),
        answer_key: question.answer.trim() || null,
      })),
  };
}

// The company builder's rules (testFieldsSchema, checkTest), with the answer's problems shown on its line.
function checkCreateTest(values: CreateTestValues, isActive: boolean): Record<string, string> {
  const input = toCreateTestInput(values, isActive);
  const problems: Record<string, string> = {};
  if (!values.owner) problems.owner = adminTestTexts.chooseOwner;
  const parsed = testFieldsSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems[issue.path.join('.')] ??= issue.message;
    return problems;
  }
  for (const [field, message] of Object.entries(checkTest(parsed.data))) {
    problems[field.replace(/\.answer_key$/, '.answer')] ??= message;
  }
  return problems;
}

export function CreateTestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
          title="Create New Test"
          description="A test for a company's hiring, or one of the platform's own assessments, public to every company."
        >
          <CreateTestForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function CreateTestForm({ onDone }: { onDone: () => void }) {
  const create = useCreateAdminTest();
  const [banner, setBanner] = useState<string | null>(null);
  const [ownerQuery, setOwnerQuery] = useState('');
  const owners = useQuery(testOwnerOptionsQueryOptions(ownerQuery));
  const activeRef = useRef(true);
  const resolver: Resolver<CreateTestValues> = (values) => {
    const problems = checkCreateTest(values, activeRef.current);
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    return { values: {}, errors: toFieldErrors<CreateTestValues>(problems, ['questions']) };
  };
  const form = useForm<CreateTestValues>({
    defaultValues: {
      owner: '',
      name: '',
      type: '',
      time_limit: '60',
      pass_rate: '70',
      description: '',
      questions: [emptyQuestion],
    },
    resolver,
  });
  const questions = useFieldArray({ control: form.control, name: 'questions' });
  const { errors, isSubmitting } = form.formState;
  const owner = useWatch({ control: form.control, name: 'owner' });

  // Set when the button is pressed, not when the handler is made: every render makes both.
  const submit = (isActive: boolean) => (event?: BaseSyntheticEvent) => {
    activeRef.current = isActive;
    return form.handleSubmit(async (values) => {
      setBanner(null);
      try {
        const created = await create.mutateAsync(toCreateTestInput(values, isActive));
        toast({
          title: isActive ? adminTestTexts.created : testTexts.draftSaved,
          description: `“${created.name}” belongs to ${created.is_platform ? 'the platform' : created.company_name}.`,
        });
        onDone();
      } catch (error) {
        setBanner(applyServerError(form, error, { fields: formFields, fallback: testTexts.createError }));
      }
    })(event);
  };

  return (
    <form noValidate className="grid gap-4" onSubmit={submit(true)}>
      <OptionSearchSelect
        label="Owner"
        searchLabel="Search companies"
        searchPlaceholder="Search by company name..."
        query={ownerQuery}
        onQueryChange={setOwnerQuery}
        options={owners.data?.items ?? []}
        fixedOptions={[{ id: PLATFORM_OWNER, name: 'Tandem platform (public assessment)' }]}
        isPending={owners.isPending}
        emptyLabel="Choose the owner"
        error={errors.owner?.message}
        value={owner}
        onChange={(event) => form.setValue('owner', event.target.value, { shouldValidate: form.formState.isSubmitted })}
      />
      <FormField label="Test name" error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Type" error={errors.type?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('type')}>
              <option value="">Choose a type</option>
              {testBuilderTypes.map((type) => (
                <option key={type} value={type}>
                  {adminTestTypeLabel(type, ': ')}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Duration (minutes)" error={errors.time_limit?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={TIME_LIMIT_MIN}
              max={TIME_LIMIT_MAX}
              {...form.register('time_limit')}
            />
          )}
        </FormField>
        <FormField label="Passing score (%)" error={errors.pass_rate?.message}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={PASS_RATE_MIN}
              max={PASS_RATE_MAX}
              {...form.register('pass_rate')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </FormField>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Questions (multiple choice)</legend>
        {questions.fields.map((field, index) => {
          const questionErrors = errors.questions?.[index];
          return (
            <div key={field.id} className="grid gap-3 rounded-md border border-border p-3">
              <FormField label={`Question ${index + 1}`} error={questionErrors?.question?.message}>
                {(control) => <Input {...control} {...form.register(`questions.${index}.question`)} />}
              </FormField>
              <FormField
                label={`Options for question ${index + 1}`}
                hint="One option a line."
                error={questionErrors?.options?.message}
              >
                {(control) => <Textarea {...control} rows={3} {...form.register(`questions.${index}.options`)} />}
              </FormField>
              <FormField label={`Correct answer for question ${index + 1}`} error={questionErrors?.answer?.message}>
                {(control) => <Input {...control} {...form.register(`questions.${index}.answer`)} />}
              </FormField>
              {questions.fields.length > 1 && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="justify-self-start"
                  onClick={() => questions.remove(index)}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove question {index + 1}
                </Button>
              )}
            </div>
          );
        })}
        {errors.questions?.root?.message && <FieldError>{errors.questions.root.message}</FieldError>}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => questions.append(emptyQuestion)}
        >
          <PlusIcon aria-hidden="true" />
          Add Question
        </Button>
      </fieldset>

      {banner && <Alert variant="destructive">{banner}</Alert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" variant="outline" disabled={isSubmitting} onClick={submit(false)}>
          Save as Draft
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create Test'}
        </Button>
      </DialogFooter>
    </form>
  );
}
