import {
  CheckIcon,
  CircleDotIcon,
  CircleIcon,
  DownloadIcon,
  FileIcon,
  SquareCheckIcon,
  SquareIcon,
  XIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import { rangeBoundsOf } from '~/shared/assessments';
import { type AnswerFile, type AttemptReview, isAnswered } from '~/shared/test-attempts';
import { calendarDayLabel, fileSizeLabel } from './attempt-format';

// A candidate's answer as the company reviews it, drawn for its question type, with the answer key
// beside it: chosen options marked right or wrong, grids as a table, scale values against the accepted
// range, files to download. Answers arrive as stored (unknown), so each shape is checked before use.

export type ReviewedQuestion = AttemptReview['questions'][number];

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRange = (value: unknown): value is { min: number; max: number } =>
  isRecord(value) && typeof value.min === 'number' && typeof value.max === 'number';
const isAnswerFile = (value: unknown): value is AnswerFile =>
  isRecord(value) && typeof value.file_id === 'string' && typeof value.name === 'string';

const listOf = (value: unknown): string[] => (typeof value === 'string' ? [value] : isStringList(value) ? value : []);

// The same columns, in any order: a checkbox grid's row is right when it ticks exactly the key's.
const sameSet = (first: string[], second: string[]) =>
  first.length === second.length && first.every((item) => second.includes(item));

function Verdict({ isRight }: { isRight: boolean }) {
  return isRight ? (
    <Badge variant="success">
      <CheckIcon className="size-3" aria-hidden="true" />
      Right
    </Badge>
  ) : (
    <Badge variant="danger">
      <XIcon className="size-3" aria-hidden="true" />
      Wrong
    </Badge>
  );
}

function NotAnswered() {
  return <p className="text-sm text-muted-foreground italic">Not answered</p>;
}

function KeyLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p className="text-sm break-words">
      <span className="text-muted-foreground">{label}: </span>
      {children}
    </p>
  );
}

export function AttemptAnswer({ question }: { question: ReviewedQuestion }) {
  const { answer } = question;
  const hasAnswer = isAnswered(answer);
  switch (question.type) {
    case 'multiple-choice':
    case 'dropdown':
    case 'checkboxes':
      return <ChoiceAnswer question={question} />;
    case 'multiple-choice-grid':
    case 'checkbox-grid':
      return <GridAnswer question={question} />;
    case 'linear-scale':
    case 'rating':
      return <RangeAnswer question={question} />;
    case 'file-upload':
      return isAnswerFile(answer) ? <FileAnswer file={answer} url={question.file_url} /> : <NotAnswered />;
    case 'date':
    case 'time':
      return <ClockAnswer question={question} />;
    default:
      return hasAnswer && typeof answer === 'string' ? (
        <TextAnswer question={question} text={answer} />
      ) : (
        <NotAnswered />
      );
  }
}

function TextAnswer({ question, text }: { question: ReviewedQuestion; text: string }) {
  const accepted = question.type === 'short-answer' ? listOf(question.answer_key) : [];
  // The key's verdict is the grade's own: accepted answers are compared ignoring case and spaces.
  const { grade } = question;
  const isKeyGraded = grade?.method === 'auto' && grade.points !== null;
  return (
    <div className="grid grid-cols-1 gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <p className="min-w-0 flex-1 rounded-md bg-muted/60 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {text}
        </p>
        {isKeyGraded && <Verdict isRight={grade.points === question.points} />}
      </div>
      {accepted.length > 0 && (
        <KeyLine label={accepted.length === 1 ? 'Accepted answer' : 'Accepted answers'}>{accepted.join(' · ')}</KeyLine>
      )}
    </div>
  );
}

function ChoiceAnswer({ question }: { question: ReviewedQuestion }) {
  const chosen = listOf(question.answer);
  const hasKey = question.answer_key !== null;
  const key = listOf(question.answer_key);
  const isMultiple = question.type === 'checkboxes';
  // An option no longer offered (never expected, but stored answers outlive edits) still shows.
  const shown = [...question.options, ...chosen.filter((option) => !question.options.includes(option))];
  const [ChosenIcon, OtherIcon] = isMultiple ? [SquareCheckIcon, SquareIcon] : [CircleDotIcon, CircleIcon];
  return (
    <div className="grid grid-cols-1 gap-2">
      {chosen.length === 0 && <NotAnswered />}
      <ul className="grid gap-1.5" aria-label="Options">
        {shown.map((option) => {
          const isChosen = chosen.includes(option);
          const isKey = key.includes(option);
          return (
            <li
              key={option}
              className={cn(
                'flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm',
                isChosen ? 'border-foreground/30 bg-muted/60 font-medium' : 'border-border',
              )}
            >
              <span className="flex min-w-0 items-center gap-2">
                {isChosen ? (
                  <ChosenIcon className="size-4 shrink-0" aria-hidden="true" />
                ) : (
                  <OtherIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                )}
                {isChosen && <span className="sr-only">Chosen: </span>}
                <span className="break-words">{option}</span>
              </span>
              {isChosen && hasKey && <Verdict isRight={isKey} />}
              {isChosen && !hasKey && <Badge variant="outline">Chosen</Badge>}
              {!isChosen && isKey && <Badge variant="info">Correct answer</Badge>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function GridAnswer({ question }: { question: ReviewedQuestion }) {
  const answer = isRecord(question.answer) ? question.answer : {};
  const key = isRecord(question.answer_key) && !isRange(question.answer_key) ? question.answer_key : null;
  const rows = question.settings.rows ?? Object.keys(answer);
  return (
    <div className="grid grid-cols-1 gap-2">
      {!isAnswered(question.answer) && <NotAnswered />}
      <div className="rounded-md border border-border">
        <Table aria-label="Answers by row">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Row</TableHead>
              <TableHead>Answer</TableHead>
              {key && <TableHead>Correct answer</TableHead>}
              {key && <TableHead>Result</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const chosen = listOf(answer[row]);
              const expected = key ? listOf(key[row]) : [];
              // A checkbox grid's row left blank in both is right; nothing to judge without a key.
              const isJudged = key !== null && (chosen.length > 0 || expected.length > 0);
              return (
                <TableRow key={row} className="hover:bg-transparent">
                  <TableCell className="font-medium break-words">{row}</TableCell>
                  <TableCell className="break-words">
                    {chosen.length > 0 ? chosen.join(', ') : <span className="text-muted-foreground">—</span>}
                  </TableCell>
                  {key && (
                    <TableCell className="break-words">
                      {expected.length > 0 ? expected.join(', ') : <span className="text-muted-foreground">None</span>}
                    </TableCell>
                  )}
                  {key && <TableCell>{isJudged && <Verdict isRight={sameSet(chosen, expected)} />}</TableCell>}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

function RangeAnswer({ question }: { question: ReviewedQuestion }) {
  const [lowest, highest] = rangeBoundsOf(question);
  const value = typeof question.answer === 'number' ? question.answer : null;
  const accepted = isRange(question.answer_key) ? question.answer_key : null;
  const { min_label: minLabel, max_label: maxLabel } = question.settings;
  const scale =
    question.type === 'rating'
      ? `of ${highest} stars`
      : `on a scale of ${lowest}${minLabel ? ` (${minLabel})` : ''} to ${highest}${maxLabel ? ` (${maxLabel})` : ''}`;
  const rangeText = (range: { min: number; max: number }) =>
    range.min === range.max ? String(range.min) : `${range.min} to ${range.max}`;
  return (
    <div className="grid grid-cols-1 gap-2">
      {value === null ? (
        <NotAnswered />
      ) : (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p>
            <span className="text-base font-semibold tabular-nums">{value}</span>{' '}
            <span className="text-muted-foreground">{scale}</span>
          </p>
          {accepted && <Verdict isRight={value >= accepted.min && value <= accepted.max} />}
        </div>
      )}
      {accepted ? (
        <KeyLine label="Accepted range">{rangeText(accepted)}</KeyLine>
      ) : (
        <p className="text-sm text-muted-foreground">No accepted range: this answer is an opinion.</p>
      )}
    </div>
  );
}

function ClockAnswer({ question }: { question: ReviewedQuestion }) {
  const value = typeof question.answer === 'string' && question.answer ? question.answer : null;
  const key = typeof question.answer_key === 'string' ? question.answer_key : null;
  const label = (text: string) => (question.type === 'date' ? calendarDayLabel(text) : text);
  return (
    <div className="grid grid-cols-1 gap-2">
      {value === null ? (
        <NotAnswered />
      ) : (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <time dateTime={value} className="font-medium tabular-nums">
            {label(value)}
          </time>
          {key && <Verdict isRight={value === key} />}
        </div>
      )}
      {key && (
        <KeyLine label="Correct answer">
          <time dateTime={key}>{label(key)}</time>
        </KeyLine>
      )}
    </div>
  );
}

function FileAnswer({ file, url }: { file: AnswerFile; url: string | null }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-border px-3 py-2 text-sm">
      <FileIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{file.name}</span>
      <span className="text-muted-foreground tabular-nums">{fileSizeLabel(file.size)}</span>
      {url && (
        // The server sends answer files as attachments: the link downloads, it never opens them here.
        <a
          href={url}
          download={file.name}
          aria-label={`Download ${file.name}`}
          className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
        >
          <DownloadIcon className="size-4" aria-hidden="true" />
          Download
        </a>
      )}
    </div>
  );
}

// What the AI grader judged a text answer against.
export function RubricNote({ question }: { question: ReviewedQuestion }) {
  if (!question.use_ai || !question.rubric) return null;
  return (
    <div className="grid gap-1">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Rubric</p>
      <p className="rounded-md border border-dashed border-border px-3 py-2 text-sm break-words whitespace-pre-wrap">
        {question.rubric}
      </p>
    </div>
  );
}
