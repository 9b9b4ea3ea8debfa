import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CvTextAnswer, CvTextLimits, CvTextRequest } from './cv-text-worker';

// The limits of reading one CV. A real CV is a few pages and a few thousand words; these leave room.
export const CV_TEXT_LIMITS: CvTextLimits & { timeoutMs: number; maxHeapMb: number } = {
  maxPages: 30,
  // About twenty pages of dense text: what search and its excerpts need, and a bounded index entry.
  maxChars: 60_000,
  maxDocumentXmlBytes: 20 * 1024 * 1024,
  maxZipEntries: 2_000,
  timeoutMs: 20_000,
  maxHeapMb: 256,
};

const WORKER_FILE = path.join(import.meta.dirname, 'cv-text-worker.ts');

// Reads a CV's text in a worker thread with its own heap limit, ended after the time limit: whatever the
// file does (a PDF that loops, a zip bomb), the answer is text or a reason, and the server goes on.
export function readCvText({
  bytes,
  contentType,
  limits = CV_TEXT_LIMITS,
}: {
  bytes: Uint8Array;
  contentType: string;
  limits?: typeof CV_TEXT_LIMITS;
}): Promise<CvTextAnswer> {
  const request: CvTextRequest = { purpose: 'cv-text', bytes, contentType, limits };
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    let isSettled = false;
    const settle = (answer: CvTextAnswer) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle({ ok: false, reason: `still reading after ${limits.timeoutMs} ms` }),
      limits.timeoutMs,
    );
    worker.on('message', (answer: CvTextAnswer) => settle(answer));
    worker.on('error', (error) => settle({ ok: false, reason: `the reader failed (${error.message})` }));
    worker.on('exit', (code) => settle({ ok: false, reason: `the reader stopped (exit code ${code})` }));
  });
}
