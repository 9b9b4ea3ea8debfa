import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { TextGrader } from '../platform/text-grader';
import { closeAttempt, findAttemptsToSweep } from './close-attempt';
import { gradeTextAnswers } from './grade-text-answers';

// Closes the attempts whose deadline passed while nobody was looking (the candidate closed the tab), and
// finishes text grading that a failed grader call left undone. Every instance sweeps; closing re-checks
// under a lock, so each attempt is closed once.
export async function sweepAttempts({
  db,
  grader,
  now = new Date(),
}: {
  db: Database;
  grader: TextGrader;
  now?: Date;
}): Promise<{ closed: number; regraded: number }> {
  const { expired, stalled } = await findAttemptsToSweep({ db, now });
  let closed = 0;
  for (const attemptId of expired) {
    if (await closeAttempt({ db, attemptId, closedBy: 'deadline', grader, now })) closed += 1;
  }
  for (const attemptId of stalled) await gradeTextAnswers({ db, attemptId, grader, now });
  return { closed, regraded: stalled.length };
}

// Runs the sweep every interval until stopped; a failed sweep is logged and the next one tries again.
export function startAttemptSweep({
  db,
  grader,
  logger,
  intervalMs,
}: {
  db: Database;
  grader: TextGrader;
  logger: Pick<FastifyBaseLogger, 'error' | 'info'>;
  intervalMs: number;
}): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepAttempts({ db, grader })
      .then((result) => {
        if (result.closed > 0 || result.regraded > 0) logger.info(result, 'swept test attempts');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'test attempt sweep failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
