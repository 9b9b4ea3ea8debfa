import type { DependencyStatus } from '~/shared/health';

export interface ReadinessProbe {
  ping(): Promise<unknown>;
}

export interface Readiness {
  isReady: boolean;
  checks: { database: DependencyStatus; redis: DependencyStatus };
  failure?: string;
}

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

// Ready means every configured dependency answers: the database always, Redis when configured.
export async function checkReadiness({
  database,
  redis,
}: {
  database: ReadinessProbe;
  redis?: ReadinessProbe;
}): Promise<Readiness> {
  const [databaseStatus, redisStatus] = await Promise.all([probe(database), probe(redis)]);
  const down = [databaseStatus === 'down' && 'the database', redisStatus === 'down' && 'Redis'].filter(Boolean);
  return {
    isReady: down.length === 0,
    checks: { database: databaseStatus, redis: redisStatus },
    ...(down.length > 0 && { failure: `Not ready: ${down.join(' and ')} cannot be reached.` }),
  };
}
