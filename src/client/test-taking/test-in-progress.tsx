import { EyeIcon, TimerIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '~/client/components/ui/alert';
import { ConfirmDialog } from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { notify } from '~/client/components/ui/notify';
import { errorMessage, isApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { type ApplicantAttempt, attemptTexts, isAnswered, type SentAnswer } from '~/shared/test-attempts';
import { downloadAnswerFile, saveAnswer, uploadAnswerFile, useSubmitTest } from './api';
import { COUNTDOWN_WARNINGS, formatCountdown, useCountdown } from './countdown';
import { asUploadable } from './file-answer';
import { QuestionField } from './question-field';
import { useAnswerSaver } from './use-answer-saver';
import { useIntegrityRecord } from './use-integrity-record';

// The open test: every question on one page, each answer saved as it is given, the server's countdown
// in a bar that stays in view, and Submit. At 00:00 what is pending is sent and the test submitted; the
// server closes it at its deadline either way.

const [FIRST_WARNING, LAST_WARNING] = COUNTDOWN_WARNINGS;

const unansweredText = (count: number) => {
  if (count === 0) return 'Every question has an answer.';
  return count === 1 ? '1 question is unanswered.' : `${count} questions are unanswered.`;
};

// The countdown alone re-renders every second, not the questions; at 00:00 it says so once.
function TestClock({
  deadlineAt,
  serverTime,
  receivedAt,
  onZero,
}: {
  deadlineAt: string;
  serverTime: string;
  receivedAt: number;
  onZero: () => void;
}) {
  const { seconds, announcement } = useCountdown({ deadlineAt, serverTime, receivedAt });
  const onZeroRef = useRef(onZero);
  useEffect(() => {
    onZeroRef.current = onZero;
  });
  useEffect(() => {
    if (seconds === 0) onZeroRef.current();
  }, [seconds]);
  return (
    <>
      <p className="flex items-center gap-2">
        <TimerIcon className="size-5 text-muted-foreground" aria-hidden="true" />
        <span
          role="timer"
          aria-label="Time left"
          className={cn(
            'font-mono text-xl font-semibold tabular-nums',
            seconds <= LAST_WARNING ? 'text-destructive' : seconds <= FIRST_WARNING && 'text-amber-700',
          )}
        >
          {formatCountdown(seconds)}
        </span>
        <span className="text-sm text-muted-foreground">left</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

export function TestInProgress({
  attempt,
  receivedAt,
  onTimeUp,
  onClosed,
}: {
  attempt: ApplicantAttempt;
  // When this copy of the attempt arrived (local clock), to read server_time against.
  receivedAt: number;
  // The deadline passed: the server closed the attempt, or the countdown submitted it.
  onTimeUp: () => void;
  // The attempt was closed some other way (submitted in another tab): show it as it is.
  onClosed: () => void;
}) {
  const attemptId = attempt.id;
  const [answers, setAnswers] = useState<Record<string, unknown>>(attempt.answers);
  const [uploading, setUploading] = useState<Record<string, File>>({});
  const [isConfirming, setIsConfirming] = useState(false);
  const [isFinishing, setIsFinishing] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const integrity = useIntegrityRecord(attemptId);
  const submit = useSubmitTest();

  const save = useCallback(
    async (questionId: string, value: unknown, options?: { keepalive?: boolean }) => {
      if (!(value instanceof File)) {
        await saveAnswer(attemptId, questionId, value as SentAnswer, options);
        return;
      }
      setUploading((current) => ({ ...current, [questionId]: value }));
      try {
        const stored = await uploadAnswerFile(attemptId, questionId, asUploadable(value), value.name);
        setAnswers((current) => ({ ...current, [questionId]: stored }));
      } finally {
        setUploading(({ [questionId]: _done, ...rest }) => rest);
      }
    },
    [attemptId],
  );
  const onSaveRefused = useCallback(
    (error: Error) => (error.message === attemptTexts.timeUp ? onTimeUp() : onClosed()),
    [onTimeUp, onClosed],
  );
  const saver = useAnswerSaver({ save, onClosed: onSaveRefused, savedQuestionIds: Object.keys(attempt.answers) });

  // Saves first, then the record, then the submit: the server refuses both once the test is closed.
  const isSubmitting = useRef(false);
  const finish = async ({ byTime }: { byTime: boolean }) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    setIsFinishing(true);
    setSubmitError(null);
    await saver.flushAll();
    await integrity.flush();
    try {
      await submit.mutateAsync(attemptId);
      if (byTime) onTimeUp();
      else notify.success(attemptTexts.submitted);
    } catch (error) {
      const isClosed = isApiError(error) && error.status === 409;
      if (byTime || (isClosed && error.message === attemptTexts.timeUp)) onTimeUp();
      else if (isClosed) onClosed();
      else {
        setSubmitError(errorMessage(error, 'Your test could not be submitted. Check your connection and try again.'));
        isSubmitting.current = false;
        setIsFinishing(false);
      }
    }
    setIsConfirming(false);
  };

  // Stable, so a keystroke re-renders only its own question.
  const { change: saveChange, flush: saveNow, retry: retrySave } = saver;
  const { recordPaste, choosingFile } = integrity;
  const onChange = useCallback(
    (questionId: string, value: unknown, options?: { debounce?: boolean }) => {
      // A file shows as the answer once the server has it.
      if (!(value instanceof File)) setAnswers((current) => ({ ...current, [questionId]: value }));
      saveChange(questionId, value, options);
    },
    [saveChange],
  );
  const onBlur = useCallback((questionId: string) => void saveNow(questionId), [saveNow]);
  const onRetry = useCallback((questionId: string) => void retrySave(questionId), [retrySave]);

  const questions = attempt.questions;
  const answeredCount = questions.filter((question) => isAnswered(answers[question.id])).length;
  const unanswered = questions.length - answeredCount;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="sticky top-16 z-20 -mx-4 border-b border-border bg-background/95 px-4 py-3 backdrop-blur-sm sm:mx-0 sm:rounded-lg sm:border sm:shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1">
          <TestClock
            deadlineAt={attempt.deadline_at ?? attempt.server_time}
            serverTime={attempt.server_time}
            receivedAt={receivedAt}
            onZero={() => void finish({ byTime: true })}
          />
          <p className="text-sm">
            <span className="font-semibold">
              {answeredCount} of {questions.length}
            </span>{' '}
            answered
          </p>
        </div>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div
            className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
            style={{ width: `${questions.length === 0 ? 0 : (answeredCount / questions.length) * 100}%` }}
          />
        </div>
        <p className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
          <EyeIcon className="size-3.5 shrink-0" aria-hidden="true" />
          This test records when you leave its tab and when you paste text.
        </p>
      </div>

      {/* Nothing changes while the last answers go out and the test is submitted. */}
      <div className="grid grid-cols-1 gap-4" inert={isFinishing}>
        {questions.map((question, index) => (
          <QuestionField
            key={question.id}
            number={index + 1}
            question={question}
            value={answers[question.id]}
            status={saver.statusOf(question.id)}
            uploading={uploading[question.id] ?? null}
            onDownload={(fallbackName) => downloadAnswerFile(attemptId, question.id, fallbackName)}
            onChange={onChange}
            onBlur={onBlur}
            onPaste={recordPaste}
            onRetry={onRetry}
            onChoosingFile={choosingFile}
          />
        ))}
      </div>

      {submitError && <Alert variant="destructive">{submitError}</Alert>}
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{unansweredText(unanswered)}</p>
        <Button disabled={isFinishing} onClick={() => setIsConfirming(true)}>
          {isFinishing ? 'Submitting…' : 'Submit Test'}
        </Button>
      </div>

      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={attemptTexts.submitConfirmTitle}
        description={`${attemptTexts.submitConfirm} ${unansweredText(unanswered)}`}
        confirmLabel="Submit Test"
        cancelLabel="Keep Answering"
        pending={isFinishing}
        onConfirm={() => void finish({ byTime: false })}
      />
    </div>
  );
}
