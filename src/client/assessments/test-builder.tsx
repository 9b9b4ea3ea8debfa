import { zodResolver } from '@hookform/resolvers/zod';
import { ListChecksIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import {
  checkTest,
  MAX_QUESTIONS,
  PASS_RATE_MAX,
  PASS_RATE_MIN,
  TEST_NAME_MAX_LENGTH,
  type Test,
  type TestType,
  TIME_LIMIT_MAX,
  TIME_LIMIT_MIN,
  testBuilderTypes,
  testTexts,
  testTypeLabels,
} from '~/shared/assessments';
import { paths } from '~/shared/routes';
import { useCreateTest, useUpdateTest } from './api';
import { pointsLabel, QuestionActions, QuestionCard } from './question-card';
import { fromStoredQuestion, moveItem, newQuestionId, type QuestionContent } from './question-content';
import { QuestionEditor } from './question-editor';
import {
  DESCRIPTION_MAX,
  questionFieldOf,
  type TestFormOutput,
  type TestFormValues,
  testFormFields,
  testFormSchema,
  testFormValues,
  toTestInput,
} from './test-form';

// 'publish' saves the test active (Create Test, Publish Test, Save Changes on an active test); 'draft'
// saves it inactive with the spec's defaults for what is missing (Save as Draft).
export type SaveIntent = 'publish' | 'draft';

interface TestBuilderProps {
  // The test to edit; without it the builder creates one.
  test?: Test;
  onSaved: (test: Test, intent: SaveIntent) => void;
  // Edit mode returns to the test; creating cancels with a link to the jobs page.
  onCancel?: () => void;
}

const problemsOf = (problems: Record<string, string>, index: number) =>
  Object.entries(problems)
    .filter(([field]) => field.startsWith(`questions.${index}.`))
    .map(([, message]) => message);

interface FocusRequest {
  // A question's id, or null for the list's heading.
  questionId: string | null;
  action: 'edit' | 'up' | 'down';
}

// The test builder (spec §2 "Create Test"): the test's information, its questions with the add-question
// panel, and the buttons that save it. The detail page edits a test with the same builder.
export function TestBuilder({ test, onSaved, onCancel }: TestBuilderProps) {
  const isEditing = test !== undefined;
  const createTest = useCreateTest();
  const updateTest = useUpdateTest(test?.id ?? '');
  const form = useForm<TestFormValues, unknown, TestFormOutput>({
    resolver: zodResolver(testFormSchema),
    defaultValues: testFormValues(test),
  });
  const { errors } = form.formState;
  const [questions, setQuestions] = useState<QuestionContent[]>(() => (test?.questions ?? []).map(fromStoredQuestion));
  const [problemsById, setProblemsById] = useState<Record<string, string[]>>({});
  const [editingId, setEditingId] = useState<string | null>(null);
  const [pendingIntent, setPendingIntent] = useState<SaveIntent | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const infoTitleId = useId();
  const questionsTitleId = useId();

  useEffect(() => {
    if (!focusRequest) return;
    setFocusRequest(null);
    if (focusRequest.questionId === null) {
      listHeading.current?.focus();
      return;
    }
    const card = listRef.current?.querySelector(`[data-question-id="${CSS.escape(focusRequest.questionId)}"]`);
    const button = (action: FocusRequest['action']) =>
      card?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`) ?? null;
    let target = button(focusRequest.action);
    // A question moved to an end: its button that way is disabled, so the other one takes the focus.
    if (target?.disabled) target = button(focusRequest.action === 'up' ? 'down' : 'up');
    target?.focus();
  }, [focusRequest]);

  const clearProblems = (id: string | undefined) =>
    setProblemsById((current) => {
      if (!id || !(id in current)) return current;
      const { [id]: _removed, ...rest } = current;
      return rest;
    });

  const addOrUpdate = (question: QuestionContent) => {
    if (editingId) {
      setQuestions((current) =>
        current.map((other) => (other.id === editingId ? { ...question, id: editingId } : other)),
      );
      clearProblems(editingId);
      setAnnouncement(`Question ${questions.findIndex((other) => other.id === editingId) + 1} saved.`);
      setFocusRequest({ questionId: editingId, action: 'edit' });
      setEditingId(null);
      return;
    }
    setQuestions((current) => [...current, { ...question, id: newQuestionId() }]);
  };

  const move = (index: number, offset: -1 | 1) => {
    const question = questions[index];
    if (!question?.id) return;
    setQuestions(moveItem(questions, index, offset));
    setAnnouncement(`Question ${index + 1} moved to position ${index + 1 + offset}.`);
    setFocusRequest({ questionId: question.id, action: offset === -1 ? 'up' : 'down' });
  };

  const remove = (index: number) => {
    const question = questions[index];
    if (!question) return;
    if (question.id === editingId) setEditingId(null);
    clearProblems(question.id);
    const next = questions.filter((_, position) => position !== index);
    setQuestions(next);
    setAnnouncement(`Question ${index + 1} deleted.`);
    const neighbour = next[index] ?? next[index - 1];
    setFocusRequest({ questionId: neighbour?.id ?? null, action: 'edit' });
  };

  // Puts each question's messages (field 'questions.<index>.<field>', from checkTest or the server) on its
  // card; returns the index of the first question with one, or -1.
  const showQuestionProblems = (fields: Record<string, string>): number => {
    const byQuestion: Record<string, string[]> = {};
    let firstIndex = -1;
    for (const [key, message] of Object.entries(fields)) {
      const place = questionFieldOf(key);
      const id = place ? questions[place.index]?.id : undefined;
      if (!place || !id) continue;
      byQuestion[id] = [...(byQuestion[id] ?? []), message];
      if (firstIndex === -1 || place.index < firstIndex) firstIndex = place.index;
    }
    setProblemsById(byQuestion);
    return firstIndex;
  };

  // Puts the server's field messages at their fields; false when it named none of them.
  const placeServerErrors = (error: unknown): boolean => {
    if (!isApiError(error)) return false;
    let isPlaced = false;
    for (const field of testFormFields) {
      const message = error.fields[field];
      if (!message) continue;
      form.setError(field, { message }, { shouldFocus: !isPlaced });
      isPlaced = true;
    }
    return showQuestionProblems(error.fields) !== -1 || isPlaced;
  };

  const failureToast = (intent: SaveIntent, error: unknown, isPlaced: boolean) => {
    const serverSentence = isPlaced && isApiError(error) ? error.message : null;
    if (isEditing) {
      toast({
        title: 'Error updating test',
        description: isApiError(error) ? error.message : 'Failed to update test. Please try again.',
        variant: 'destructive',
      });
    } else if (intent === 'draft') {
      toast({
        title: testTexts.draftErrorTitle,
        description: serverSentence ?? testTexts.draftError,
        variant: 'destructive',
      });
    } else {
      toast({
        title: testTexts.createErrorTitle,
        description: serverSentence ?? testTexts.createError,
        variant: 'destructive',
      });
    }
  };

  // The contract's own rules (the server checks the same): a published test needs a name, a type and a
  // question, and every question its answer key when it is graded automatically. False when one fails.
  const passesTestRules = (values: TestFormOutput, isActive: boolean): boolean => {
    const problems = checkTest(
      {
        name: values.name,
        type: values.type || null,
        time_limit: values.time_limit,
        pass_rate: values.pass_rate,
        is_active: isActive,
        is_public: false,
        questions,
      },
      { publishing: isActive },
    );
    if ('name' in problems || 'type' in problems || 'questions' in problems) {
      toast({ title: testTexts.requiredFields, variant: 'destructive' });
      if (problems.type) form.setError('type', { message: problems.type }, { shouldFocus: true });
      if (problems.name) form.setError('name', { message: problems.name }, { shouldFocus: true });
      return false;
    }
    const firstIndex = showQuestionProblems(problems);
    const first = questions[firstIndex];
    if (!first?.id) return true;
    toast({
      title: `Question ${firstIndex + 1} is not ready`,
      description: problemsOf(problems, firstIndex)[0],
      variant: 'destructive',
    });
    setFocusRequest({ questionId: first.id, action: 'edit' });
    return false;
  };

  const save = (intent: SaveIntent) =>
    form.handleSubmit(async (values) => {
      const isActive = intent === 'publish';
      if (!passesTestRules(values, isActive)) return;
      setPendingIntent(intent);
      const input = toTestInput(values, questions, { isActive });
      try {
        const saved = isEditing ? await updateTest.mutateAsync(input) : await createTest.mutateAsync(input);
        setProblemsById({});
        toast({
          title: isEditing ? testTexts.updated : intent === 'draft' ? testTexts.draftSaved : testTexts.created,
        });
        onSaved(saved, intent);
      } catch (error) {
        failureToast(intent, error, placeServerErrors(error));
      } finally {
        setPendingIntent(null);
      }
    })();

  const editingIndex = questions.findIndex((question) => question.id === editingId);
  const editingQuestion = questions[editingIndex];
  const totalPoints = questions.reduce((sum, question) => sum + question.points, 0);
  const isSaving = pendingIntent !== null;
  const isDraftTest = !test?.is_active;
  const publishLabel = !isEditing ? 'Create Test' : test.is_active ? 'Save Changes' : 'Publish Test';
  const currentType = form.watch('type');
  // A test made elsewhere may carry the job dialog's 'written' type; the select keeps showing it.
  const typeChoices: TestType[] =
    currentType && !(testBuilderTypes as readonly string[]).includes(currentType)
      ? [...testBuilderTypes, currentType]
      : [...testBuilderTypes];

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card aria-labelledby={infoTitleId}>
        <CardHeader>
          <CardTitle id={infoTitleId}>Test information</CardTitle>
          <CardDescription>
            Candidates see the name, the description and the time limit before they start.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField label="Test name" error={errors.name?.message}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={TEST_NAME_MAX_LENGTH}
                  placeholder="e.g. Customer Support Fundamentals"
                  {...form.register('name')}
                />
              )}
            </FormField>
            <FormField label="Test type" error={errors.type?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('type')}>
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
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={TIME_LIMIT_MIN}
                  max={TIME_LIMIT_MAX}
                  step={1}
                  {...form.register('time_limit')}
                />
              )}
            </FormField>
            <FormField
              label="Passing score (%)"
              hint={`${PASS_RATE_MIN} to ${PASS_RATE_MAX} percent of the points.`}
              error={errors.pass_rate?.message}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={PASS_RATE_MIN}
                  max={PASS_RATE_MAX}
                  step={1}
                  {...form.register('pass_rate')}
                />
              )}
            </FormField>
          </div>
          <FormField label="Description" error={errors.description?.message}>
            {(control) => (
              <Textarea
                {...control}
                maxLength={DESCRIPTION_MAX}
                placeholder="What the test covers and how candidates should prepare."
                {...form.register('description')}
              />
            )}
          </FormField>
        </CardContent>
      </Card>

      <Card aria-labelledby={questionsTitleId}>
        <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
          <CardTitle id={questionsTitleId} ref={listHeading} tabIndex={-1} className="outline-none">
            Questions
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {questions.length} {questions.length === 1 ? 'question' : 'questions'} · {pointsLabel(totalPoints)}
          </p>
        </CardHeader>
        <CardContent>
          {questions.length === 0 ? (
            <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center">
              <ListChecksIcon className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">No questions yet</p>
              <p className="text-sm text-muted-foreground">Add the first one with the panel below.</p>
            </div>
          ) : (
            <ol ref={listRef} className="grid grid-cols-1 gap-3" aria-label="Questions of the test">
              {questions.map((question, index) => (
                <li key={question.id}>
                  <QuestionCard
                    number={index + 1}
                    question={question}
                    problems={question.id ? problemsById[question.id] : undefined}
                    isBeingEdited={question.id === editingId}
                    actions={
                      <QuestionActions
                        number={index + 1}
                        isFirst={index === 0}
                        isLast={index === questions.length - 1}
                        onEdit={() => setEditingId(question.id ?? null)}
                        onMove={(offset) => move(index, offset)}
                        onDelete={() => remove(index)}
                      />
                    }
                  />
                </li>
              ))}
            </ol>
          )}
          <p className="sr-only" role="status">
            {announcement}
          </p>
        </CardContent>
      </Card>

      {questions.length < MAX_QUESTIONS || editingQuestion ? (
        <QuestionEditor
          key={editingId ?? 'new'}
          editing={editingQuestion ? { number: editingIndex + 1, question: editingQuestion } : undefined}
          onSubmit={addOrUpdate}
          onCancelEdit={() => {
            setFocusRequest(editingId ? { questionId: editingId, action: 'edit' } : null);
            setEditingId(null);
          }}
        />
      ) : (
        <p className="text-sm text-muted-foreground">A test holds at most {MAX_QUESTIONS} questions.</p>
      )}

      <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
        ) : (
          <Button variant="outline" asChild>
            <Link to={paths.companyJobs.getHref()}>Cancel</Link>
          </Button>
        )}
        {isDraftTest && (
          <Button variant="secondary" onClick={() => save('draft')} disabled={isSaving}>
            {pendingIntent === 'draft' ? 'Saving...' : 'Save as Draft'}
          </Button>
        )}
        <Button onClick={() => save('publish')} disabled={isSaving}>
          {pendingIntent === 'publish' ? 'Saving...' : publishLabel}
        </Button>
      </div>
    </div>
  );
}
