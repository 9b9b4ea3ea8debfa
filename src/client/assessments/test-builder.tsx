import { ListChecksIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, FormProvider, type Path, useFieldArray, useForm } from 'react-hook-form';
import { CancelLink, useDiscardChanges } from '~/client/components/discard-changes';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FieldError } from '~/client/components/ui/form-field';
import { toast } from '~/client/components/ui/use-toast';
import { isApiError } from '~/client/lib/api-client';
import { applyServerError, messagesOf } from '~/client/lib/form-errors';
import { describeTestPoints, MAX_QUESTIONS, type Test, testTexts } from '~/shared/assessments';
import { paths } from '~/shared/routes';
import { useCreateTest, useUpdateTest } from './api';
import { QuestionActions, QuestionCard } from './question-card';
import { fromStoredQuestion, newQuestionId, type QuestionContent } from './question-content';
import { QuestionEditor } from './question-editors/question-editor';
import {
  questionFieldOf,
  type TestBuilderOutput,
  type TestBuilderValues,
  testBuilderResolver,
  testBuilderValues,
  testFormFields,
  toTestInput,
} from './test-form';
import { TestInformationFields } from './test-information-fields';

// 'publish' saves the test active (Create Test, Publish Test, Save Changes on an active test); 'draft'
// saves it inactive with the spec's defaults for what is missing (Save as Draft).
type SaveIntent = 'publish' | 'draft';

interface TestBuilderProps {
  // The test to edit; without it the builder creates one.
  test?: Test;
  onSaved: (test: Test, intent: SaveIntent) => void;
  // Edit mode returns to the test; creating cancels with a link to the jobs page.
  onCancel?: () => void;
}

interface FocusRequest {
  // A question's id, or null for the list's heading.
  questionId: string | null;
  action: 'edit' | 'up' | 'down';
}

const failureTexts: Record<'edit' | SaveIntent, { title: string; description: string }> = {
  edit: { title: 'Error updating test', description: 'Failed to update test. Please try again.' },
  draft: { title: testTexts.draftErrorTitle, description: testTexts.draftError },
  publish: { title: testTexts.createErrorTitle, description: testTexts.createError },
};

// The test builder (docs/spec/portal-and-public-site.md §2 "Create Test"): the test's information, its
// questions with the add-question panel, and the buttons that save it, as one react-hook-form form whose
// questions are a field array. The detail page edits a test with the same builder.
export function TestBuilder({ test, onSaved, onCancel }: TestBuilderProps) {
  const isEditing = test !== undefined;
  const createTest = useCreateTest();
  const updateTest = useUpdateTest(test?.id ?? '');
  // Publishing asks more of the test than a draft does; the resolver reads which one is under way.
  const intentRef = useRef<SaveIntent>('publish');
  const form = useForm<TestBuilderValues, unknown, TestBuilderOutput>({
    resolver: testBuilderResolver(() => intentRef.current === 'publish'),
    defaultValues: testBuilderValues(test, (test?.questions ?? []).map(fromStoredQuestion)),
  });
  const { errors, isDirty } = form.formState;
  // The question's own id (kept in the list) is `id`, so the field array's keys are `key`.
  const questions = useFieldArray({ control: form.control, name: 'questions', keyName: 'key' });
  const [editingId, setEditingId] = useState<string | null>(null);
  const [isPanelDirty, setIsPanelDirty] = useState(false);
  const [pendingIntent, setPendingIntent] = useState<SaveIntent | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const questionsTitleId = useId();
  const hasChanges = isDirty || isPanelDirty;
  const discard = useDiscardChanges(hasChanges);

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

  const list = questions.fields;

  const addOrUpdate = (question: QuestionContent) => {
    const index = list.findIndex((other) => other.id === editingId);
    if (editingId && index !== -1) {
      questions.update(index, { ...question, id: editingId });
      setAnnouncement(`Question ${index + 1} saved.`);
      setFocusRequest({ questionId: editingId, action: 'edit' });
      setEditingId(null);
      return;
    }
    questions.append({ ...question, id: newQuestionId() }, { shouldFocus: false });
  };

  const move = (index: number, offset: -1 | 1) => {
    const question = list[index];
    const target = index + offset;
    if (!question?.id || target < 0 || target >= list.length) return;
    questions.swap(index, target);
    setAnnouncement(`Question ${index + 1} moved to position ${target + 1}.`);
    setFocusRequest({ questionId: question.id, action: offset === -1 ? 'up' : 'down' });
  };

  const remove = (index: number) => {
    const question = list[index];
    if (!question) return;
    if (question.id === editingId) setEditingId(null);
    const neighbour = list[index + 1] ?? list[index - 1];
    questions.remove(index);
    setAnnouncement(`Question ${index + 1} deleted.`);
    setFocusRequest({ questionId: neighbour?.id ?? null, action: 'edit' });
  };

  // The server's field messages at their fields: the information fields (the first one focused), and each
  // question's ('questions.<index>.<field>') on its card.
  const showServerErrors = (error: unknown) => {
    applyServerError(form, error, { fields: testFormFields, fallback: '' });
    if (!isApiError(error)) return;
    for (const [key, message] of Object.entries(error.fields)) {
      const place = questionFieldOf(key);
      // Where useFieldArray keeps a message about the whole list (react-hook-form's types omit the path).
      if (key === 'questions') form.setError('questions.root' as 'questions', { type: 'server', message });
      if (!place || place.index >= list.length) continue;
      form.setError(`questions.${place.index}.${place.field}` as Path<TestBuilderValues>, { type: 'server', message });
    }
  };

  const showFailure = (intent: SaveIntent, error: unknown) => {
    showServerErrors(error);
    // A refusal comes with the server's reason; a failure on our side, or no answer, with the spec's sentence.
    const { title, description } = failureTexts[isEditing ? 'edit' : intent];
    const isRefusal = isApiError(error) && error.status < 500;
    toast({ title, description: isRefusal ? error.message : description, variant: 'destructive' });
  };

  // What the rules found (the resolver): the spec's notification for a missing name, type or question,
  // else the first question that is not ready, with its Edit button focused.
  const showProblems = (problems: FieldErrors<TestBuilderValues>) => {
    const missing = problems.root?.required?.message;
    if (missing) {
      toast({ title: missing, variant: 'destructive' });
      return;
    }
    const firstIndex = list.findIndex((_, index) => messagesOf(problems.questions?.[index]).length > 0);
    const first = list[firstIndex];
    if (!first?.id) return;
    toast({
      title: `Question ${firstIndex + 1} is not ready`,
      description: messagesOf(problems.questions?.[firstIndex])[0],
      variant: 'destructive',
    });
    setFocusRequest({ questionId: first.id, action: 'edit' });
  };

  const save = (intent: SaveIntent) => {
    intentRef.current = intent;
    return form.handleSubmit(async (values) => {
      setPendingIntent(intent);
      const input = toTestInput(values, values.questions, { isActive: intent === 'publish' });
      try {
        const saved = isEditing ? await updateTest.mutateAsync(input) : await createTest.mutateAsync(input);
        toast({
          title: isEditing ? testTexts.updated : intent === 'draft' ? testTexts.draftSaved : testTexts.created,
        });
        onSaved(saved, intent);
      } catch (error) {
        showFailure(intent, error);
      } finally {
        setPendingIntent(null);
      }
    }, showProblems)();
  };

  const editingIndex = list.findIndex((question) => question.id === editingId);
  const editingQuestion = list[editingIndex];
  // As the test's page counts them: the points of the scored questions only.
  const points = describeTestPoints(list);
  const isSaving = pendingIntent !== null;
  const isDraftTest = !test?.is_active;
  const publishLabel = !isEditing ? 'Create Test' : test.is_active ? 'Save Changes' : 'Publish Test';
  const listProblem = errors.questions?.root?.message;

  return (
    <FormProvider {...form}>
      <div className="grid grid-cols-1 gap-6">
        <TestInformationFields />

        <Card aria-labelledby={questionsTitleId}>
          <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 space-y-0">
            <CardTitle id={questionsTitleId} ref={listHeading} tabIndex={-1} className="outline-none">
              Questions
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              {points.summary}
              {points.unscored && <span className="block text-xs">{points.unscored}</span>}
              {points.manual && <span className="block text-xs">{points.manual}</span>}
            </p>
          </CardHeader>
          <CardContent className="grid gap-2">
            {list.length === 0 ? (
              <div className="grid justify-items-center gap-2 rounded-md border border-dashed border-border px-4 py-8 text-center">
                <ListChecksIcon className="size-8 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">No questions yet</p>
                <p className="text-sm text-muted-foreground">Add the first one with the panel below.</p>
              </div>
            ) : (
              <ol ref={listRef} className="grid grid-cols-1 gap-3" aria-label="Questions of the test">
                {list.map((question, index) => (
                  <li key={question.key}>
                    <QuestionCard
                      number={index + 1}
                      question={question}
                      problems={messagesOf(errors.questions?.[index])}
                      isBeingEdited={question.id === editingId}
                      actions={
                        <QuestionActions
                          number={index + 1}
                          isFirst={index === 0}
                          isLast={index === list.length - 1}
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
            {listProblem && <FieldError>{listProblem}</FieldError>}
            <p className="sr-only" role="status">
              {announcement}
            </p>
          </CardContent>
        </Card>

        {list.length < MAX_QUESTIONS || editingQuestion ? (
          <QuestionEditor
            key={editingId ?? 'new'}
            editing={editingQuestion ? { number: editingIndex + 1, question: editingQuestion } : undefined}
            onSubmit={addOrUpdate}
            onCancelEdit={() => {
              setFocusRequest(editingId ? { questionId: editingId, action: 'edit' } : null);
              setEditingId(null);
            }}
            onDirtyChange={setIsPanelDirty}
          />
        ) : (
          <p className="text-sm text-muted-foreground">A test holds at most {MAX_QUESTIONS} questions.</p>
        )}

        <div className="flex flex-col-reverse gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
          {onCancel ? (
            <>
              <Button variant="outline" onClick={() => discard.leave(onCancel)} disabled={isSaving}>
                Cancel
              </Button>
              {discard.dialog}
            </>
          ) : (
            <CancelLink to={paths.companyJobs.getHref()} hasChanges={hasChanges} />
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
    </FormProvider>
  );
}
