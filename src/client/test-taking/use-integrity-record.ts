import { useCallback, useEffect, useRef } from 'react';
import { isApiError } from '~/client/lib/api-client';
import {
  INTEGRITY_EVENTS_MAX,
  INTEGRITY_EVENTS_PER_REQUEST,
  type IntegrityEvent,
  type IntegrityEventType,
} from '~/shared/test-attempts';
import { recordIntegrityEvents } from './api';

// The open record the company sees beside the answers (the candidate is told before starting): when the
// candidate leaves the test's tab or window and comes back, and when they paste into a text answer.
// Collected here and sent in batches every few seconds, and as the page goes away.

const FLUSH_EVERY_MS = 5_000;

export function useIntegrityRecord(attemptId: string) {
  const queue = useRef<IntegrityEvent[]>([]);
  const isAway = useRef(false);
  // The file chooser takes the focus from the window: choosing an answer file is not leaving the test.
  const isChoosingFile = useRef(false);
  const sending = useRef<Promise<void>>(Promise.resolve());

  const add = useCallback((type: IntegrityEventType, questionId?: string) => {
    if (queue.current.length >= INTEGRITY_EVENTS_MAX) return;
    queue.current.push({ type, at: new Date().toISOString(), ...(questionId ? { question_id: questionId } : {}) });
  }, []);

  // Batches go one after another, in order; a batch the network lost goes back to the queue, one the
  // server refused (the test has closed) is dropped.
  const flush = useCallback(() => {
    sending.current = sending.current.then(async () => {
      while (queue.current.length > 0) {
        const batch = queue.current.splice(0, INTEGRITY_EVENTS_PER_REQUEST);
        try {
          await recordIntegrityEvents(attemptId, batch);
        } catch (error) {
          if (!isApiError(error) || error.status >= 500) queue.current.unshift(...batch);
          return;
        }
      }
    });
    return sending.current;
  }, [attemptId]);

  useEffect(() => {
    const leave = () => {
      if (isAway.current || isChoosingFile.current) return;
      isAway.current = true;
      add('focus_lost');
    };
    const back = () => {
      isChoosingFile.current = false;
      if (!isAway.current) return;
      isAway.current = false;
      add('focus_returned');
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') return back();
      // A file chooser never hides the page: this is leaving.
      isChoosingFile.current = false;
      leave();
    };
    // The page may not live to see a promise settle: keepalive lets the request outlive it.
    const onPageHide = () => {
      while (queue.current.length > 0) {
        const batch = queue.current.splice(0, INTEGRITY_EVENTS_PER_REQUEST);
        void recordIntegrityEvents(attemptId, batch, { keepalive: true }).catch(() => undefined);
      }
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    window.addEventListener('pagehide', onPageHide);
    const timer = setInterval(() => {
      if (queue.current.length > 0) void flush();
    }, FLUSH_EVERY_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
      window.removeEventListener('pagehide', onPageHide);
      clearInterval(timer);
      if (queue.current.length > 0) void flush();
    };
  }, [add, attemptId, flush]);

  return {
    recordPaste: useCallback((questionId: string) => add('paste', questionId), [add]),
    choosingFile: useCallback(() => {
      isChoosingFile.current = true;
    }, []),
    flush,
  };
}
