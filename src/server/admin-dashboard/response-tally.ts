import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

// The answers the API gave, per minute: how many, and how many were server errors (5xx). System Health
// reads the last hour's error rate from it. With Redis the minutes are shared by every instance (each
// instance adds its own counts every few seconds, so a request costs no round trip); without it there
// is one instance, and the minutes live in its memory.

interface ResponseCounts {
  total: number;
  errors: number;
}

export interface ResponseTally {
  record(statusCode: number): void;
  // The answers of the last 60 minutes, this one included.
  lastHour(now?: number): Promise<ResponseCounts>;
  stop(): Promise<void>;
}

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const FLUSH_MS = 5_000;
// A minute's counts outlive the hour that reads them by a margin.
const KEEP_SECONDS = 2 * 60 * 60;

const minuteOf = (time: number) => Math.floor(time / MINUTE_MS);
const isServerError = (statusCode: number) => statusCode >= 500;

// Counts per minute, in memory: the pending counts of an instance that shares through Redis, or the
// whole tally of a lone instance.
class MinuteCounts {
  readonly minutes = new Map<number, ResponseCounts>();

  add(minute: number, total: number, errors: number) {
    const counts = this.minutes.get(minute);
    if (counts) {
      counts.total += total;
      counts.errors += errors;
    } else {
      this.minutes.set(minute, { total, errors });
    }
  }

  sumSince(firstMinute: number): ResponseCounts {
    const sum = { total: 0, errors: 0 };
    for (const [minute, counts] of this.minutes) {
      if (minute < firstMinute) {
        this.minutes.delete(minute);
        continue;
      }
      sum.total += counts.total;
      sum.errors += counts.errors;
    }
    return sum;
  }
}

export function createResponseTally({
  redis,
  keyPrefix = 'tandem:',
  logger,
  clock = Date.now,
}: {
  redis?: Redis;
  keyPrefix?: string;
  logger?: Pick<Logger, 'warn'>;
  clock?: () => number;
}): ResponseTally {
  const counts = new MinuteCounts();
  const record = (statusCode: number) => counts.add(minuteOf(clock()), 1, isServerError(statusCode) ? 1 : 0);

  if (!redis) {
    return {
      record,
      lastHour: async (now = clock()) => counts.sumSince(minuteOf(now) - HOUR_MINUTES + 1),
      stop: async () => {},
    };
  }

  const keyOf = (minute: number) => `${keyPrefix}responses:${minute}`;
  const flush = async () => {
    if (counts.minutes.size === 0) return;
    const pending = [...counts.minutes];
    counts.minutes.clear();
    const batch = redis.multi();
    for (const [minute, { total, errors }] of pending) {
      batch.hincrby(keyOf(minute), 'total', total);
      if (errors > 0) batch.hincrby(keyOf(minute), 'errors', errors);
      batch.expire(keyOf(minute), KEEP_SECONDS);
    }
    try {
      await batch.exec();
    } catch (error) {
      logger?.warn({ err: error }, 'response tally could not reach Redis');
    }
  };
  const timer = setInterval(() => void flush(), FLUSH_MS);
  timer.unref();

  return {
    record,
    async lastHour(now = clock()) {
      await flush();
      const last = minuteOf(now);
      const batch = redis.multi();
      for (let minute = last - HOUR_MINUTES + 1; minute <= last; minute++)
        batch.hmget(keyOf(minute), 'total', 'errors');
      const answers = (await batch.exec()) ?? [];
      const sum = { total: 0, errors: 0 };
      for (const [error, value] of answers) {
        if (error) throw error;
        const [total, errors] = value as [string | null, string | null];
        sum.total += Number(total ?? 0);
        sum.errors += Number(errors ?? 0);
      }
      return sum;
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
