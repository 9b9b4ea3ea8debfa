import { CheckIcon, StarIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import {
  DEFAULT_RATING_STARS,
  DEFAULT_SCALE_END,
  DEFAULT_SCALE_START,
  gradingMethodOf,
  isAnswerRange,
  isChoiceQuestion,
  isGridQuestion,
  isHandGradableWithoutKey,
  isRangeQuestion,
  takesAnswerKey,
} from '~/shared/assessments';
import type { QuestionContent } from './question-content';

// A question told in a few lines: its options with the correct ones marked, its grid, its scale or stars,
// how it is graded. The builder's cards and the detail page show the same.

const keyList = (key: QuestionContent['answer_key']): string[] =>
  typeof key === 'string' ? [key] : Array.isArray(key) ? key : [];

const keyRecord = (key: QuestionContent['answer_key']): Record<string, string | string[]> =>
  key !== null && typeof key === 'object' && !Array.isArray(key) && !isAnswerRange(key) ? key : {};

function formatDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
}

function CorrectMark() {
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-800">
      <CheckIcon className="size-3.5" aria-hidden="true" />
      Correct
    </span>
  );
}

function Note({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'warning' }) {
  return (
    <p className={cn('text-sm', tone === 'warning' ? 'font-medium text-amber-800' : 'text-muted-foreground')}>
      {children}
    </p>
  );
}

function Options({ question }: { question: QuestionContent }) {
  const correct = keyList(question.answer_key);
  const isMulti = question.type === 'checkboxes';
  return (
    <ul className="grid gap-1.5" aria-label="Options">
      {question.options.map((option) => {
        const isCorrect = correct.includes(option);
        return (
          <li
            // The rules keep options distinct.
            key={option}
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-md border px-3 py-1.5 text-sm',
              isCorrect ? 'border-emerald-300 bg-emerald-50' : 'border-border',
            )}
          >
            <span
              className={cn(
                'size-3.5 shrink-0 border border-muted-foreground',
                isMulti ? 'rounded-sm' : 'rounded-full',
              )}
              aria-hidden="true"
            />
            <span className="min-w-0 flex-1 break-words">{option}</span>
            {isCorrect && <CorrectMark />}
          </li>
        );
      })}
    </ul>
  );
}

function Grid({ question }: { question: QuestionContent }) {
  const rows = question.settings.rows ?? [];
  const columns = question.settings.columns ?? [];
  const key = keyRecord(question.answer_key);
  return (
    <div className="rounded-md border border-border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>
              <span className="sr-only">Row</span>
            </TableHead>
            {columns.map((column) => (
              <TableHead key={column} className="text-center">
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const chosen = keyList(key[row] ?? null);
            return (
              <TableRow key={row}>
                <TableHead scope="row" className="font-medium text-foreground">
                  {row}
                </TableHead>
                {columns.map((column) => (
                  <TableCell key={column} className="text-center">
                    {chosen.includes(column) ? (
                      <CheckIcon className="mx-auto size-4 text-emerald-700" aria-label="Correct" />
                    ) : (
                      <span className="sr-only">Not correct</span>
                    )}
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

export function RatingPreview({ stars }: { stars: number }) {
  return (
    <div className="flex flex-wrap items-center gap-1" role="img" aria-label={`${stars} stars`}>
      {Array.from({ length: stars }, (_, index) => index + 1).map((star) => (
        <StarIcon key={star} className="size-5 fill-amber-300 text-amber-500" aria-hidden="true" />
      ))}
    </div>
  );
}

export function ScalePreview({
  min,
  max,
  minLabel,
  maxLabel,
}: {
  min: number;
  max: number;
  minLabel?: string;
  maxLabel?: string;
}) {
  const values = Array.from({ length: Math.max(0, max - min + 1) }, (_, index) => min + index);
  return (
    <div className="grid gap-1" role="img" aria-label={`A scale from ${min} to ${max}`}>
      <div className="flex flex-wrap gap-1">
        {values.map((value) => (
          <span
            key={value}
            className="grid size-8 place-content-center rounded-full border border-border text-xs tabular-nums"
          >
            {value}
          </span>
        ))}
      </div>
      {(minLabel || maxLabel) && (
        <div className="flex justify-between gap-4 text-xs text-muted-foreground">
          <span>{minLabel}</span>
          <span className="text-right">{maxLabel}</span>
        </div>
      )}
    </div>
  );
}

function Grading({ question }: { question: QuestionContent }) {
  const method = gradingMethodOf(question);
  if (method === 'ai') {
    return (
      <div className="grid gap-1 text-sm">
        <p className="font-medium">Graded by AI against this rubric:</p>
        <p className="whitespace-pre-wrap break-words text-muted-foreground">{question.rubric}</p>
      </div>
    );
  }
  if (method === 'unscored') return <Note>An opinion: no answer is wrong, so it is not scored.</Note>;
  if (!takesAnswerKey(question.type)) return <Note>A person grades this answer.</Note>;
  if (question.answer_key === null) {
    // A short answer without accepted answers is graded by hand, published or not; another type without
    // its key counts as graded by hand only in a draft: publishing asks for it.
    if (isHandGradableWithoutKey(question.type)) return <Note>No accepted answers: a person grades this answer.</Note>;
    return <Note tone="warning">No correct answer set yet.</Note>;
  }
  return null;
}

export function QuestionSummary({ question }: { question: QuestionContent }) {
  const { type, settings, answer_key: key } = question;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      {isChoiceQuestion(type) && <Options question={question} />}
      {type === 'short-answer' && keyList(key).length > 0 && (
        <div className="grid gap-1.5 text-sm">
          <p className="font-medium">Accepted answers</p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Accepted answers">
            {keyList(key).map((answer) => (
              <li key={answer} className="rounded-full bg-emerald-50 px-2.5 py-0.5 break-all text-emerald-900">
                {answer}
              </li>
            ))}
          </ul>
        </div>
      )}
      {type === 'file-upload' && <Note>The candidate uploads a file.</Note>}
      {type === 'linear-scale' && (
        <ScalePreview
          min={settings.scale_min ?? DEFAULT_SCALE_START}
          max={settings.scale_max ?? DEFAULT_SCALE_END}
          minLabel={settings.min_label}
          maxLabel={settings.max_label}
        />
      )}
      {type === 'rating' && <RatingPreview stars={settings.stars ?? DEFAULT_RATING_STARS} />}
      {isRangeQuestion(type) && isAnswerRange(key) && (
        <p className="text-sm">
          <span className="font-medium">Accepted:</span> {key.min === key.max ? key.min : `${key.min} to ${key.max}`}
        </p>
      )}
      {isGridQuestion(type) && <Grid question={question} />}
      {type === 'date' && typeof key === 'string' && (
        <p className="text-sm">
          <span className="font-medium">Correct date:</span> <time dateTime={key}>{formatDate(key)}</time>
        </p>
      )}
      {type === 'time' && typeof key === 'string' && (
        <p className="text-sm">
          <span className="font-medium">Correct time:</span> <time dateTime={key}>{key}</time>
        </p>
      )}
      <Grading question={question} />
    </div>
  );
}
