import type { DependencyStatus } from '~/shared/health';

export interface ReadinessProbe {
  ping(): Promise<unknown>;
}

export interface Readiness {
  isReady: boolean;
  checks: { database: DependencyStatus; redis: DependencyStatus };
  failure?: string;
  // Ready, but without Redis: what still works, and what does not until it is back.
  degraded?: string;
}

export const REDIS_DEGRADED_MESSAGE =
  'Degraded: Redis cannot be reached. Writes still succeed; rate limits count in each instance, and live events reach only the tabs connected to it, until Redis is back.';

const CHECK_TIMEOUT_MS = 2_000;

async function probe(dependency: ReadinessProbe | undefined): Promise<DependencyStatus> {
  if (!dependency) return 'not_configured';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      dependency.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

// Ready means the database answers: without it nothing can be served. Redis down is not a reason to take an
// instance out: every instance shares the same Redis, so all would go at once, and each can serve alone
// (rate limits in its own memory, live events to its own tabs) until Redis is back.
export async function checkReadiness({
  database,
  redis,
}: {
  database: ReadinessProbe;
  redis?: ReadinessProbe;
}): Promise<Readiness> {
  const [databaseStatus, redisStatus] = await Promise.all([probe(database), probe(redis)]);
  const isReady = databaseStatus !== 'down';
  return {
    isReady,
    checks: { database: databaseStatus, redis: redisStatus },
    ...(!isReady && { failure: 'Not ready: the database cannot be reached.' }),
    ...(isReady && redisStatus === 'down' && { degraded: REDIS_DEGRADED_MESSAGE }),
  };
}
