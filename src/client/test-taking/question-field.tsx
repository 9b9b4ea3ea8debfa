import { CheckIcon, LoaderIcon } from 'lucide-react';
import { memo, useId } from 'react';
import { Button } from '~/client/components/ui/button';
import { attemptTexts, type CandidateQuestion } from '~/shared/test-attempts';
import { AnswerEditor } from './answer-editors';
import { FileAnswer } from './file-answer';
import type { SaveStatus } from './use-answer-saver';

// One question of the open test: a fieldset named by the question, its editor, and whether the answer is
// saved — or the server's sentence when it refused it.

const pointsLabel = (question: CandidateQuestion) =>
  question.is_scored ? `${question.points} ${question.points === 1 ? 'point' : 'points'}` : 'Not scored';

function SaveStatusLine({ number, status, onRetry }: { number: number; status?: SaveStatus; onRetry: () => void }) {
  if (status?.state === 'saving') {
    return (
      <span className="inline-flex items-center gap-1 text-muted-foreground">
        <LoaderIcon className="size-3.5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        Saving…
      </span>
    );
  }
  if (status?.state === 'saved') {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-800">
        <CheckIcon className="size-3.5" aria-hidden="true" />
        Saved
      </span>
    );
  }
  if (status?.state === 'failed') {
    return (
      <span role="alert" className="flex flex-wrap items-center gap-x-2 text-destructive">
        {attemptTexts.saveFailed}
        <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={onRetry}>
          Retry<span className="sr-only"> saving the answer to question {number}</span>
        </Button>
      </span>
    );
  }
  return null;
}

// Memoised with stable callbacks taking the question's id: typing in one answer re-renders that one.
export const QuestionField = memo(function QuestionField({
  number,
  question,
  value,
  status,
  uploading,
  onDownload,
  onChange,
  onBlur,
  onPaste,
  onRetry,
  onChoosingFile,
}: {
  number: number;
  question: CandidateQuestion;
  value: unknown;
  status?: SaveStatus;
  uploading: File | null;
  onDownload: (fallbackName: string) => Promise<void>;
  onChange: (questionId: string, value: unknown, options?: { debounce?: boolean }) => void;
  onBlur: (questionId: string) => void;
  onPaste: (questionId: string) => void;
  onRetry: (questionId: string) => void;
  onChoosingFile: () => void;
}) {
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const refusal = status?.state === 'invalid' ? status.message : null;
  const describedBy = refusal ? errorId : undefined;

  return (
    <div className="min-w-0 rounded-lg border border-border bg-background p-4 shadow-sm sm:p-6">
      <fieldset className="min-w-0">
        <legend id={legendId} className="w-full text-base font-medium break-words whitespace-pre-line">
          <span className="text-muted-foreground">{number}. </span>
          {question.question}
        </legend>
        <p className="mt-1 mb-4 text-xs text-muted-foreground">{pointsLabel(question)}</p>
        {question.type === 'file-upload' ? (
          <FileAnswer
            value={value}
            uploading={uploading}
            describedBy={describedBy}
            isInvalid={refusal !== null}
            onDownload={onDownload}
            onChoose={(file) => onChange(question.id, file)}
            onChoosing={onChoosingFile}
          />
        ) : (
          <AnswerEditor
            question={question}
            value={value}
            labelledBy={legendId}
            describedBy={describedBy}
            isInvalid={refusal !== null}
            onChange={(answer, options) => onChange(question.id, answer, options)}
            onBlur={() => onBlur(question.id)}
            onPaste={() => onPaste(question.id)}
          />
        )}
        {refusal && (
          <p id={errorId} className="mt-2 text-sm text-destructive">
            {refusal}
          </p>
        )}
        <div className="mt-3 min-h-5 text-xs">
          <SaveStatusLine number={number} status={status} onRetry={() => onRetry(question.id)} />
        </div>
      </fieldset>
    </div>
  );
});
