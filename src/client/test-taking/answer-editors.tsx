import { StarIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Input } from '~/client/components/ui/input';
import { NativeSelect } from '~/client/components/ui/native-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { Textarea } from '~/client/components/ui/textarea';
import { cn } from '~/client/lib/cn';
import { rangeBoundsOf } from '~/shared/assessments';
import { type CandidateQuestion, PARAGRAPH_MAX_LENGTH, SHORT_ANSWER_MAX_LENGTH } from '~/shared/test-attempts';

// One editor per question type, each made of the browser's own controls, so Tab, the arrow keys, touch
// and screen readers work as everywhere else. Each sends its answer in the shape the server checks
// (src/shared/test-attempts.ts answerValueSchema): text a string, checkboxes a list, a scale or rating a
// number, a grid row → column(s), a date YYYY-MM-DD, a time HH:MM. Clearing sends null.

interface AnswerEditorProps {
  question: CandidateQuestion;
  value: unknown;
  // The question's legend: it names the controls that stand alone (a text box, a select).
  labelledBy: string;
  // The server's refusal, when there is one.
  describedBy?: string;
  isInvalid: boolean;
  // debounce: typed, so saved after a pause rather than at every keystroke.
  onChange: (value: unknown, options?: { debounce?: boolean }) => void;
  // The field lost focus: what was typed is saved now.
  onBlur: () => void;
  onPaste: () => void;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asList = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
const asNumber = (value: unknown) => (typeof value === 'number' ? value : null);
const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const choiceRow =
  'flex cursor-pointer items-start gap-3 rounded-md border border-border px-3 py-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring';
const nativeChoice = 'mt-0.5 size-4 shrink-0 accent-primary';

function ChoiceList({ children }: { children: ReactNode }) {
  return <div className="grid gap-2">{children}</div>;
}

function TextAnswer({
  question,
  value,
  labelledBy,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
  onPaste,
}: AnswerEditorProps) {
  const shared = {
    value: asText(value),
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    'aria-invalid': isInvalid || undefined,
    onBlur,
    onPaste,
  };
  if (question.type === 'paragraph') {
    return (
      <Textarea
        {...shared}
        rows={6}
        maxLength={PARAGRAPH_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value, { debounce: true })}
      />
    );
  }
  return (
    <Input
      {...shared}
      maxLength={SHORT_ANSWER_MAX_LENGTH}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value, { debounce: true })}
    />
  );
}

function MultipleChoiceAnswer({ question, value, describedBy, onChange }: AnswerEditorProps) {
  const chosen = asText(value);
  return (
    <ChoiceList>
      {question.options.map((option) => (
        <label key={option} className={choiceRow}>
          <input
            type="radio"
            name={`answer-${question.id}`}
            value={option}
            checked={chosen === option}
            aria-describedby={describedBy}
            onChange={() => onChange(option)}
            className={nativeChoice}
          />
          <span className="min-w-0 break-words">{option}</span>
        </label>
      ))}
    </ChoiceList>
  );
}

function CheckboxesAnswer({ question, value, describedBy, onChange }: AnswerEditorProps) {
  const chosen = asList(value);
  // Kept in the options' order, whatever order they were ticked in.
  const toggle = (option: string, isOn: boolean) =>
    onChange(question.options.filter((other) => (other === option ? isOn : chosen.includes(other))));
  return (
    <ChoiceList>
      {question.options.map((option) => (
        <label key={option} className={choiceRow}>
          <input
            type="checkbox"
            value={option}
            checked={chosen.includes(option)}
            aria-describedby={describedBy}
            onChange={(event) => toggle(option, event.target.checked)}
            className={nativeChoice}
          />
          <span className="min-w-0 break-words">{option}</span>
        </label>
      ))}
    </ChoiceList>
  );
}

function DropdownAnswer({ question, value, labelledBy, describedBy, isInvalid, onChange }: AnswerEditorProps) {
  return (
    <NativeSelect
      className="sm:max-w-sm"
      value={asText(value)}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={isInvalid || undefined}
      onChange={(event) => onChange(event.target.value || null)}
    >
      <option value="">Choose…</option>
      {question.options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </NativeSelect>
  );
}

function LinearScaleAnswer({ question, value, describedBy, onChange }: AnswerEditorProps) {
  const [min, max] = rangeBoundsOf(question);
  const { min_label: minLabel, max_label: maxLabel } = question.settings;
  const chosen = asNumber(value);
  const steps = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  return (
    <div className="grid gap-2">
      {(minLabel || maxLabel) && (
        <p className="flex justify-between gap-4 text-xs text-muted-foreground" aria-hidden="true">
          <span>
            {min}: {minLabel}
          </span>
          <span className="text-right">
            {max}: {maxLabel}
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {steps.map((step) => {
          const endLabel = step === min ? minLabel : step === max ? maxLabel : undefined;
          return (
            <label
              key={step}
              className="flex min-w-11 cursor-pointer flex-col items-center gap-1 rounded-md border border-border px-2 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={`answer-${question.id}`}
                value={step}
                checked={chosen === step}
                // The ends carry the scale's words: "5 (Certain)".
                aria-label={endLabel ? `${step} (${endLabel})` : undefined}
                aria-describedby={describedBy}
                onChange={() => onChange(step)}
                className="size-4 accent-primary"
              />
              <span>{step}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}

// Native radio buttons drawn as stars (as the pipeline's RatingStars): "4 stars" to a screen reader.
function RatingAnswer({ question, value, describedBy, onChange }: AnswerEditorProps) {
  const [, stars] = rangeBoundsOf(question);
  const chosen = asNumber(value);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {Array.from({ length: stars }, (_, index) => index + 1).map((star) => (
        <label
          key={star}
          className="relative rounded-sm p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
        >
          <input
            type="radio"
            name={`answer-${question.id}`}
            value={star}
            checked={chosen === star}
            aria-describedby={describedBy}
            onChange={() => onChange(star)}
            className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
          />
          <StarIcon
            aria-hidden="true"
            className={cn(
              'pointer-events-none size-7',
              chosen !== null && star <= chosen ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground',
            )}
          />
          <span className="sr-only">{star === 1 ? '1 star' : `${star} stars`}</span>
        </label>
      ))}
    </div>
  );
}

// A table of rows and columns; on a phone it scrolls inside its own box rather than widening the page.
function GridAnswer({ question, value, describedBy, onChange }: AnswerEditorProps) {
  const rows = question.settings.rows ?? [];
  const columns = question.settings.columns ?? [];
  const isSingle = question.type === 'multiple-choice-grid';
  const answers = asRecord(value);
  const chosenIn = (row: string) => {
    const chosen = answers[row];
    return typeof chosen === 'string' ? [chosen] : asList(chosen);
  };
  const choose = (row: string, column: string, isOn: boolean) => {
    const next: Record<string, string | string[]> = {};
    for (const other of rows) {
      const current = chosenIn(other);
      if (other !== row) {
        if (current.length > 0) next[other] = isSingle ? (current[0] ?? '') : current;
        continue;
      }
      if (isSingle) next[row] = column;
      else {
        const ticked = columns.filter((candidate) => (candidate === column ? isOn : current.includes(candidate)));
        if (ticked.length > 0) next[row] = ticked;
      }
    }
    onChange(next);
  };
  return (
    <div className="rounded-md border border-border">
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>
              <span className="sr-only">Row</span>
            </TableHead>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="h-10 px-3 text-center align-middle font-medium text-muted-foreground"
              >
                {column}
              </th>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row, rowIndex) => {
            const chosen = chosenIn(row);
            return (
              <TableRow key={row}>
                <th scope="row" className="min-w-28 px-3 py-2 text-left align-middle font-medium">
                  {row}
                </th>
                {columns.map((column) => (
                  <TableCell key={column} className="text-center">
                    <input
                      type={isSingle ? 'radio' : 'checkbox'}
                      name={isSingle ? `answer-${question.id}-${rowIndex}` : undefined}
                      aria-label={`${row}: ${column}`}
                      aria-describedby={describedBy}
                      checked={chosen.includes(column)}
                      onChange={(event) => choose(row, column, event.target.checked)}
                      className="size-4 accent-primary"
                    />
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

function DateTimeAnswer({ question, value, labelledBy, describedBy, isInvalid, onChange, onBlur }: AnswerEditorProps) {
  const isTime = question.type === 'time';
  return (
    <div className="max-w-xs">
      <Input
        type={isTime ? 'time' : 'date'}
        value={asText(value)}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        onBlur={onBlur}
        // A browser that offers seconds still gives HH:MM:SS; the answer is HH:MM.
        onChange={(event) =>
          onChange((isTime ? event.target.value.slice(0, 5) : event.target.value) || null, { debounce: true })
        }
      />
    </div>
  );
}

export function AnswerEditor(props: AnswerEditorProps) {
  switch (props.question.type) {
    case 'short-answer':
    case 'paragraph':
      return <TextAnswer {...props} />;
    case 'multiple-choice':
      return <MultipleChoiceAnswer {...props} />;
    case 'checkboxes':
      return <CheckboxesAnswer {...props} />;
    case 'dropdown':
      return <DropdownAnswer {...props} />;
    case 'linear-scale':
      return <LinearScaleAnswer {...props} />;
    case 'rating':
      return <RatingAnswer {...props} />;
    case 'multiple-choice-grid':
    case 'checkbox-grid':
      return <GridAnswer {...props} />;
    case 'date':
    case 'time':
      return <DateTimeAnswer {...props} />;
    default:
      // file-upload has its own editor (file-answer.tsx): it uploads rather than saves a value.
      return null;
  }
}
