import type { FastifyBaseLogger, FastifyReply } from 'fastify';

// Work a request starts but does not wait for, so its answer cannot reveal what the work found (a
// password reset for a known address takes longer than for an unknown one). Closing the app waits for
// the tasks still running. Work that must survive a crash belongs on the job queue instead.
export interface BackgroundTasks {
  // Starts the task once the answer has gone out: with the embedded database a query holds the
  // process's only thread, so even starting it earlier would delay the answer.
  runAfterResponse(reply: FastifyReply, name: string, task: () => Promise<unknown>): void;
  // Resolves once every task started so far has finished.
  drain(): Promise<void>;
}

export function createBackgroundTasks(logger: Pick<FastifyBaseLogger, 'error'>): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    runAfterResponse(reply, name, task) {
      const sent = new Promise<void>((resolve) => {
        const start = () => setImmediate(resolve);
        reply.raw.once('finish', start);
        reply.raw.once('close', start);
      });
      const promise = sent
        .then(task)
        .catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
