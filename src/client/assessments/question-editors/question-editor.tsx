import { PlusIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import { messagesOf } from '~/client/lib/form-errors';
import {
  canGradeWithAi,
  isChoiceQuestion,
  isGridQuestion,
  POINTS_MAX,
  POINTS_MIN,
  type QuestionType,
  questionTypeLabels,
  questionTypes,
  testTexts,
} from '~/shared/assessments';
import {
  type EditableQuestion,
  emptyEditableQuestion,
  type QuestionContent,
  toEditableQuestion,
  toQuestionContent,
} from '../question-content';
import { AiGradingEditor } from './ai-grading-editor';
import { ChoiceOptionsEditor } from './choice-options-editor';
import { DateEditor, TimeEditor } from './date-time-editor';
import { FileUploadEditor } from './file-upload-editor';
import { GridEditor } from './grid-editor';
import { LinearScaleEditor } from './linear-scale-editor';
import { questionResolver } from './question-form';
import { RatingEditor } from './rating-editor';
import { ShortAnswerEditor } from './short-answer-editor';

// The editor of each type's own settings and answer key; paragraph has none beyond AI grading.
function TypeEditor({ type }: { type: QuestionType }) {
  if (isChoiceQuestion(type)) return <ChoiceOptionsEditor />;
  if (isGridQuestion(type)) return <GridEditor />;
  switch (type) {
    case 'short-answer':
      return <ShortAnswerEditor />;
    case 'file-upload':
      return <FileUploadEditor />;
    case 'linear-scale':
      return <LinearScaleEditor />;
    case 'rating':
      return <RatingEditor />;
    case 'date':
      return <DateEditor />;
    case 'time':
      return <TimeEditor />;
    default:
      return null;
  }
}

interface QuestionEditorProps {
  // The question being edited and its place in the list; absent while adding a new one.
  editing?: { number: number; question: QuestionContent };
  onSubmit: (question: QuestionContent) => void;
  onCancelEdit: () => void;
  // Whether the panel holds something not yet added or saved (the builder asks before discarding it).
  onDirtyChange?: (isDirty: boolean) => void;
}

// The add-question panel (docs/spec/portal-and-public-site.md §2 "Create Test"): the type, the text, the points
// and the type's own editor, as a form of its own. Adding checks the question's rules; the answer key may wait
// until the test is published.
export function QuestionEditor({ editing, onSubmit, onCancelEdit, onDirtyChange }: QuestionEditorProps) {
  const titleId = useId();
  const isEditing = editing !== undefined;
  const form = useForm<EditableQuestion>({
    defaultValues: editing ? toEditableQuestion(editing.question) : emptyEditableQuestion(),
    resolver: questionResolver,
    // After a first try, every change checks the whole question again: its rules span fields (the
    // correct answer must be one of the options).
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitted, isDirty } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });

  // Edit on a card brings the person here, and so does adding one (for the next question). A reset
  // re-registers the fields, so the focus waits for the render after it.
  const [shouldFocusQuestion, setShouldFocusQuestion] = useState(isEditing);

  useEffect(() => {
    if (!shouldFocusQuestion) return;
    form.setFocus('question');
    setShouldFocusQuestion(false);
  }, [shouldFocusQuestion, form]);

  useEffect(() => {
    if (!isSubmitted) return;
    // A change by the person or a list action names its field; a reset (after adding) names none.
    const subscription = form.watch((_, { name }) => {
      if (name) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form, isSubmitted]);

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const submit = form.handleSubmit(
    (values) => {
      onSubmit(toQuestionContent(values));
      if (isEditing) return;
      toast({ title: testTexts.questionAdded });
      // The next question starts blank, of the same type: tests often run several of a kind.
      form.reset(emptyEditableQuestion(values.type));
      setShouldFocusQuestion(true);
    },
    (problems) => {
      toast({ title: problems.question?.message ?? messagesOf(problems)[0], variant: 'destructive' });
    },
  );

  return (
    <FormProvider {...form}>
      <Card aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>{editing ? `Edit Question ${editing.number}` : 'Add Question'}</CardTitle>
          <CardDescription>
            {editing
              ? 'Change the question, then save it back to its place in the list.'
              : 'Choose a type, write the question and set how it is graded.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <FormField label="Question type" error={errors.type?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('type')}>
                  {questionTypes.map((option) => (
                    <option key={option} value={option}>
                      {questionTypeLabels[option]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Points" error={errors.points?.message}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={POINTS_MIN}
                  max={POINTS_MAX}
                  step={1}
                  {...form.register('points')}
                />
              )}
            </FormField>
          </div>
          <FormField label="Question" error={errors.question?.message}>
            {(control) => (
              <Textarea
                {...control}
                className="min-h-20"
                maxLength={2000}
                placeholder="e.g. Which HTTP status means the resource was not found?"
                {...form.register('question')}
              />
            )}
          </FormField>
          <TypeEditor type={type} />
          {canGradeWithAi(type) && <AiGradingEditor />}
        </CardContent>
        <CardFooter className="justify-end">
          {isEditing && (
            <Button variant="outline" onClick={onCancelEdit}>
              Cancel Edit
            </Button>
          )}
          <Button onClick={() => void submit()}>
            {!isEditing && <PlusIcon aria-hidden="true" />}
            {isEditing ? 'Save Question' : 'Add Question'}
          </Button>
        </CardFooter>
      </Card>
    </FormProvider>
  );
}
