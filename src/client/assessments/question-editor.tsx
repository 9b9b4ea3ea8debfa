import { PlusIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/client/components/ui/card';
import { Checkbox } from '~/client/components/ui/checkbox';
import { FieldError, FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { NativeSelect } from '~/client/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '~/client/components/ui/radio-group';
import { Switch } from '~/client/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { Textarea } from '~/client/components/ui/textarea';
import { toast } from '~/client/components/ui/use-toast';
import {
  canGradeWithAi,
  checkQuestion,
  isChoiceQuestion,
  isGridQuestion,
  MAX_GRID_LINES,
  MAX_OPTIONS,
  MIN_OPTIONS,
  POINTS_MAX,
  POINTS_MIN,
  type QuestionType,
  questionTypeLabels,
  questionTypes,
  type RatingStarCount,
  ratingStarCounts,
  SCALE_END_MAX,
  SCALE_END_MIN,
  SCALE_START_VALUES,
  testTexts,
} from '~/shared/assessments';
import { LineListEditor } from './line-list-editor';
import {
  type EditableQuestion,
  emptyEditableQuestion,
  isSingleAnswerType,
  type Line,
  type QuestionContent,
  type ScaleStart,
  toEditableQuestion,
  toQuestionContent,
} from './question-content';
import { RatingPreview, ScalePreview } from './question-summary';

// The contract takes up to 50; more than 20 ways to write one short answer would be a different question.
const MAX_ACCEPTED_ANSWERS = 20;
const scaleEnds = Array.from({ length: SCALE_END_MAX - SCALE_END_MIN + 1 }, (_, index) => SCALE_END_MIN + index);

type Update = (patch: Partial<EditableQuestion>) => void;

interface EditorProps {
  question: EditableQuestion;
  update: Update;
  problems: Record<string, string>;
}

const filled = (lines: readonly Line[]) => lines.filter((line) => line.text.trim() !== '');

function ChoiceEditor({ question, update, problems }: EditorProps) {
  const id = useId();
  const choices = filled(question.options);
  const isSingle = isSingleAnswerType(question.type);
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <LineListEditor
        legend="Options"
        itemLabel="Option"
        addLabel="Add Option"
        lines={question.options}
        onChange={(options) => update({ options })}
        removableFrom={MIN_OPTIONS}
        maxLines={MAX_OPTIONS}
        hint="Blank options are left out."
        error={problems.options}
      />
      <fieldset className="grid min-w-0 content-start gap-2">
        <legend className="mb-2 text-sm font-medium">{isSingle ? 'Correct answer' : 'Correct answers'}</legend>
        {choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Type the options, then mark the correct one here.</p>
        ) : isSingle ? (
          <RadioGroup
            value={question.correctOptionIds[0] ?? ''}
            onValueChange={(value) => update({ correctOptionIds: [value] })}
          >
            {choices.map((line) => (
              <div key={line.id} className="flex min-w-0 items-center gap-2">
                <RadioGroupItem value={line.id} id={`${id}-${line.id}`} />
                <Label htmlFor={`${id}-${line.id}`} className="min-w-0 break-words font-normal">
                  {line.text.trim()}
                </Label>
              </div>
            ))}
          </RadioGroup>
        ) : (
          <div className="grid gap-2">
            {choices.map((line) => (
              <div key={line.id} className="flex min-w-0 items-center gap-2">
                <Checkbox
                  id={`${id}-${line.id}`}
                  checked={question.correctOptionIds.includes(line.id)}
                  onCheckedChange={(checked) =>
                    update({
                      correctOptionIds:
                        checked === true
                          ? [...question.correctOptionIds, line.id]
                          : question.correctOptionIds.filter((other) => other !== line.id),
                    })
                  }
                />
                <Label htmlFor={`${id}-${line.id}`} className="min-w-0 break-words font-normal">
                  {line.text.trim()}
                </Label>
              </div>
            ))}
          </div>
        )}
        {problems.answer_key && <FieldError>{problems.answer_key}</FieldError>}
      </fieldset>
    </div>
  );
}

function GridEditor({ question, update, problems }: EditorProps) {
  const rows = filled(question.rows);
  const columns = filled(question.columns);
  const isSingle = isSingleAnswerType(question.type);
  const setAnswer = (rowId: string, columnId: string, isChosen: boolean) => {
    const current = question.gridAnswers[rowId] ?? [];
    const next = isSingle ? [columnId] : isChosen ? [...current, columnId] : current.filter((id) => id !== columnId);
    update({ gridAnswers: { ...question.gridAnswers, [rowId]: next } });
  };
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid gap-5 md:grid-cols-2">
        <LineListEditor
          legend="Rows"
          itemLabel="Row"
          addLabel="Add Row"
          lines={question.rows}
          onChange={(lines) => update({ rows: lines })}
          removableFrom={1}
          maxLines={MAX_GRID_LINES}
          error={problems['settings.rows']}
        />
        <LineListEditor
          legend="Columns"
          itemLabel="Column"
          addLabel="Add Column"
          lines={question.columns}
          onChange={(lines) => update({ columns: lines })}
          removableFrom={1}
          maxLines={MAX_GRID_LINES}
          error={problems['settings.columns']}
        />
      </div>
      <fieldset className="grid min-w-0 grid-cols-1 gap-2">
        <legend className="mb-2 text-sm font-medium">
          {isSingle ? 'Correct answers: one column per row' : 'Correct answers: any columns per row'}
        </legend>
        {rows.length === 0 || columns.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Type the rows and columns, then mark the correct answers here.
          </p>
        ) : (
          <div className="rounded-md border border-border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>
                    <span className="sr-only">Row</span>
                  </TableHead>
                  {columns.map((column) => (
                    <TableHead key={column.id} className="text-center">
                      {column.text.trim()}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const chosen = question.gridAnswers[row.id] ?? [];
                  return (
                    <TableRow key={row.id}>
                      <TableHead scope="row" className="font-medium text-foreground">
                        {row.text.trim()}
                      </TableHead>
                      {columns.map((column) => {
                        const name = `${row.text.trim()}: ${column.text.trim()}`;
                        const isChosen = chosen.includes(column.id);
                        return (
                          <TableCell key={column.id} className="text-center">
                            {isSingle ? (
                              <input
                                type="radio"
                                name={`grid-${row.id}`}
                                aria-label={name}
                                checked={isChosen}
                                onChange={() => setAnswer(row.id, column.id, true)}
                                className="size-4 accent-primary"
                              />
                            ) : (
                              <Checkbox
                                aria-label={name}
                                checked={isChosen}
                                onCheckedChange={(checked) => setAnswer(row.id, column.id, checked === true)}
                              />
                            )}
                          </TableCell>
                        );
                      })}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
        {problems.answer_key && <FieldError>{problems.answer_key}</FieldError>}
      </fieldset>
    </div>
  );
}

function ShortAnswerEditor({ question, update, problems }: EditorProps) {
  return (
    <LineListEditor
      legend="Accepted answers"
      itemLabel="Accepted answer"
      addLabel="Add Answer"
      lines={question.acceptedAnswers}
      onChange={(acceptedAnswers) => update({ acceptedAnswers })}
      removableFrom={1}
      maxLines={MAX_ACCEPTED_ANSWERS}
      hint={
        question.useAi
          ? 'Optional with AI grading: an answer matching one of these is correct without asking the AI.'
          : 'An answer is correct when it matches one of these, ignoring case and spaces.'
      }
      error={problems.answer_key}
      className="max-w-xl"
    />
  );
}

function ScaleEditor({ question, update, problems }: EditorProps) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Scale starts at">
          {(control) => (
            <NativeSelect
              {...control}
              value={String(question.scaleMin)}
              onChange={(event) => update({ scaleMin: Number(event.target.value) as ScaleStart })}
            >
              {SCALE_START_VALUES.map((start) => (
                <option key={start} value={start}>
                  {start}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Scale ends at" error={problems['settings.scale_max']}>
          {(control) => (
            <NativeSelect
              {...control}
              value={String(question.scaleMax)}
              onChange={(event) => update({ scaleMax: Number(event.target.value) })}
            >
              {scaleEnds.map((end) => (
                <option key={end} value={end}>
                  {end}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Label of the lowest value (optional)">
          {(control) => (
            <Input
              {...control}
              value={question.minLabel}
              maxLength={60}
              placeholder="e.g. Not at all"
              onChange={(event) => update({ minLabel: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Label of the highest value (optional)">
          {(control) => (
            <Input
              {...control}
              value={question.maxLabel}
              maxLength={60}
              placeholder="e.g. Very much"
              onChange={(event) => update({ maxLabel: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Preview</p>
        <ScalePreview
          min={question.scaleMin}
          max={question.scaleMax}
          minLabel={question.minLabel.trim()}
          maxLabel={question.maxLabel.trim()}
        />
      </div>
    </div>
  );
}

function RatingEditor({ question, update, problems }: EditorProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Number of stars" error={problems['settings.stars']}>
        {(control) => (
          <NativeSelect
            {...control}
            value={String(question.stars)}
            onChange={(event) => update({ stars: Number(event.target.value) as RatingStarCount })}
          >
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
        <RatingPreview stars={question.stars} />
      </div>
    </div>
  );
}

function AiGrading({ question, update, problems }: EditorProps) {
  const id = useId();
  return (
    <div className="grid gap-3 rounded-md border border-border bg-muted/40 p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <Switch
          id={`${id}-ai`}
          checked={question.useAi}
          onCheckedChange={(useAi) => update({ useAi })}
          aria-describedby={`${id}-ai-hint`}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-ai`}>Grade with AI</Label>
          <p id={`${id}-ai-hint`} className="text-sm text-muted-foreground">
            {question.useAi
              ? 'The AI scores each answer against your rubric.'
              : question.type === 'paragraph'
                ? 'Off: a person reads and grades each answer.'
                : 'Off: only the accepted answers count as correct.'}
          </p>
        </div>
      </div>
      {question.useAi && (
        <FormField
          label="Rubric"
          hint="What a good answer contains, and what earns partial or no credit."
          error={problems.rubric}
        >
          {(control) => (
            <Textarea
              {...control}
              value={question.rubric}
              maxLength={4000}
              onChange={(event) => update({ rubric: event.target.value })}
            />
          )}
        </FormField>
      )}
    </div>
  );
}

function TypeEditor(props: EditorProps) {
  const { question, update, problems } = props;
  const { type } = question;
  if (isChoiceQuestion(type)) return <ChoiceEditor {...props} />;
  if (isGridQuestion(type)) return <GridEditor {...props} />;
  switch (type) {
    case 'short-answer':
      return <ShortAnswerEditor {...props} />;
    case 'file-upload':
      return (
        <p className="rounded-md border border-border bg-muted/40 p-3 text-sm text-muted-foreground">
          The candidate uploads a file, and a person on your team reviews it and grades it.
        </p>
      );
    case 'linear-scale':
      return <ScaleEditor {...props} />;
    case 'rating':
      return <RatingEditor {...props} />;
    case 'date':
      return (
        <FormField label="Correct date" error={problems.answer_key} className="max-w-xs">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={question.correctDate}
              onChange={(event) => update({ correctDate: event.target.value })}
            />
          )}
        </FormField>
      );
    case 'time':
      return (
        <FormField label="Correct time" error={problems.answer_key} className="max-w-xs">
          {(control) => (
            <Input
              {...control}
              type="time"
              value={question.correctTime}
              onChange={(event) => update({ correctTime: event.target.value })}
            />
          )}
        </FormField>
      );
    default:
      return null;
  }
}

interface QuestionEditorProps {
  // The question being edited and its place in the list; absent while adding a new one.
  editing?: { number: number; question: QuestionContent };
  onSubmit: (question: QuestionContent) => void;
  onCancelEdit: () => void;
}

// The add-question panel (spec §2 "Create Test"): the type, the text, the points and the type's own
// editor. Adding checks the question's rules; the answer key may wait until the test is published.
export function QuestionEditor({ editing, onSubmit, onCancelEdit }: QuestionEditorProps) {
  const [question, setQuestion] = useState<EditableQuestion>(() =>
    editing ? toEditableQuestion(editing.question) : emptyEditableQuestion(),
  );
  const [isChecked, setIsChecked] = useState(false);
  const questionText = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const isEditing = editing !== undefined;

  // Edit on a card brings the person here.
  useEffect(() => {
    if (isEditing) questionText.current?.focus();
  }, [isEditing]);

  const update: Update = (patch) => setQuestion((current) => ({ ...current, ...patch }));
  const problems = isChecked ? checkQuestion(toQuestionContent(question)) : {};

  const submit = () => {
    const content = toQuestionContent(question);
    const found = checkQuestion(content);
    const [first] = Object.values(found);
    if (first !== undefined) {
      setIsChecked(true);
      toast({ title: found.question ?? first, variant: 'destructive' });
      if (found.question) questionText.current?.focus();
      return;
    }
    onSubmit(content);
    if (!isEditing) {
      toast({ title: testTexts.questionAdded });
      // The next question starts blank, of the same type: tests often run several of a kind.
      setQuestion(emptyEditableQuestion(question.type));
      setIsChecked(false);
      questionText.current?.focus();
    }
  };

  return (
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
          <FormField label="Question type">
            {(control) => (
              <NativeSelect
                {...control}
                value={question.type}
                onChange={(event) => update({ type: event.target.value as QuestionType })}
              >
                {questionTypes.map((type) => (
                  <option key={type} value={type}>
                    {questionTypeLabels[type]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="Points" error={problems.points}>
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={POINTS_MIN}
                max={POINTS_MAX}
                step={1}
                value={question.points}
                onChange={(event) => update({ points: event.target.value })}
              />
            )}
          </FormField>
        </div>
        <FormField label="Question" error={problems.question}>
          {(control) => (
            <Textarea
              {...control}
              ref={questionText}
              className="min-h-20"
              maxLength={2000}
              placeholder="e.g. Which HTTP status means the resource was not found?"
              value={question.question}
              onChange={(event) => update({ question: event.target.value })}
            />
          )}
        </FormField>
        <TypeEditor question={question} update={update} problems={problems} />
        {canGradeWithAi(question.type) && <AiGrading question={question} update={update} problems={problems} />}
      </CardContent>
      <CardFooter className="justify-end">
        {isEditing && (
          <Button variant="outline" onClick={onCancelEdit}>
            Cancel Edit
          </Button>
        )}
        <Button onClick={submit}>
          {!isEditing && <PlusIcon aria-hidden="true" />}
          {isEditing ? 'Save Question' : 'Add Question'}
        </Button>
      </CardFooter>
    </Card>
  );
}
