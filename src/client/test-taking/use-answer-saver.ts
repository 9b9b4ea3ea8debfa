import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '~/client/lib/api-client';

// Saves each answer as the candidate gives it: a choice at once, typing after a pause (or when the field
// loses focus), so a reload or a lost connection costs at most the last few keystrokes. One request per
// question at a time, always the newest value last, so a slow answer cannot overwrite a newer one.

const TYPING_SAVE_DELAY_MS = 600;

export type SaveStatus =
  | { state: 'saving' }
  | { state: 'saved' }
  // The request never got an answer (offline) or the server failed: the value is kept to send again.
  | { state: 'failed' }
  // The server refused the answer, with its sentence (400, or 413/415 for a file).
  | { state: 'invalid'; message: string };

// Refusals about the answer itself; anything else is a failure worth retrying.
const REFUSED_ANSWER_STATUSES = new Set([400, 413, 415]);

interface Entry {
  value: unknown;
  // Changed since the last request went out.
  isDirty: boolean;
  timer?: ReturnType<typeof setTimeout>;
  running?: Promise<void>;
}

export function useAnswerSaver({
  save,
  onClosed,
  savedQuestionIds,
}: {
  // keepalive: the page is going away, and the request must outlive it.
  save: (questionId: string, value: unknown, options?: { keepalive?: boolean }) => Promise<unknown>;
  // A 409: the attempt is closed (the deadline passed, or it was submitted elsewhere); nothing more saves.
  onClosed: (error: Error) => void;
  // The questions the server already has an answer for (a resumed attempt).
  savedQuestionIds: string[];
}) {
  const [statuses, setStatuses] = useState<Record<string, SaveStatus>>(() =>
    Object.fromEntries(savedQuestionIds.map((id) => [id, { state: 'saved' } satisfies SaveStatus])),
  );
  const entries = useRef(new Map<string, Entry>());
  const isClosed = useRef(false);
  const callbacks = useRef({ save, onClosed });
  useEffect(() => {
    callbacks.current = { save, onClosed };
  });

  const setStatus = useCallback(
    (questionId: string, status: SaveStatus) => setStatuses((current) => ({ ...current, [questionId]: status })),
    [],
  );

  const send = useCallback(
    (questionId: string): Promise<void> => {
      const entry = entries.current.get(questionId);
      if (!entry) return Promise.resolve();
      clearTimeout(entry.timer);
      entry.timer = undefined;
      if (entry.running) return entry.running.then(() => send(questionId));
      if (!entry.isDirty || isClosed.current) return Promise.resolve();
      entry.isDirty = false;
      setStatus(questionId, { state: 'saving' });
      const running = callbacks.current
        .save(questionId, entry.value)
        .then(
          () => {
            if (!entry.isDirty) setStatus(questionId, { state: 'saved' });
          },
          (error: unknown) => {
            if (isApiError(error) && error.status === 409) {
              isClosed.current = true;
              callbacks.current.onClosed(error);
            } else if (isApiError(error) && REFUSED_ANSWER_STATUSES.has(error.status)) {
              setStatus(questionId, { state: 'invalid', message: error.fields.answer ?? error.message });
            } else {
              // Kept to send again: on Retry, on the next change, and before submitting.
              entry.isDirty = true;
              setStatus(questionId, { state: 'failed' });
            }
          },
        )
        .finally(() => {
          entry.running = undefined;
        });
      entry.running = running;
      return running;
    },
    [setStatus],
  );

  const change = useCallback(
    (questionId: string, value: unknown, { debounce = false }: { debounce?: boolean } = {}) => {
      const entry = entries.current.get(questionId) ?? { value, isDirty: false };
      entries.current.set(questionId, entry);
      entry.value = value;
      entry.isDirty = true;
      clearTimeout(entry.timer);
      setStatus(questionId, { state: 'saving' });
      if (debounce) entry.timer = setTimeout(() => void send(questionId), TYPING_SAVE_DELAY_MS);
      else void send(questionId);
    },
    [send, setStatus],
  );

  // Everything not yet sent, sent now (before submitting); resolves once every answer is in.
  const flushAll = useCallback(
    () => Promise.all([...entries.current.keys()].map((questionId) => send(questionId))).then(() => undefined),
    [send],
  );

  // Leaving the page mid-pause still sends what was typed: another page of the app, or a reload.
  useEffect(() => {
    const onPageHide = () => {
      for (const [questionId, entry] of entries.current) {
        if (!entry.timer) continue;
        clearTimeout(entry.timer);
        entry.timer = undefined;
        entry.isDirty = false;
        void callbacks.current.save(questionId, entry.value, { keepalive: true }).catch(() => undefined);
      }
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      for (const [questionId, entry] of entries.current) if (entry.timer) void send(questionId);
    };
  }, [send]);

  return {
    statusOf: (questionId: string): SaveStatus | undefined => statuses[questionId],
    change,
    flush: send,
    retry: send,
    flushAll,
  };
}
