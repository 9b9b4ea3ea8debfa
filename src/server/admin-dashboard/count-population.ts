import type { Database } from '../db/client';
import { keepValue, readKept, type SharedCache } from '../platform/shared-cache';
import { countPopulation, type PopulationFigures } from './get-admin-dashboard';

// The dashboard's people counts (workers, sign-ups) read a million users by creation time, a few hundred
// milliseconds that no index shortens. They are kept in the shared cache, every instance reading the same
// copy: fresh for a minute; older, the kept copy answers at once while one new count, of one instance, runs
// behind it (stale while revalidating: readKept), so only the very first dashboard waits for the count.

export const POPULATION_FRESH_MS = 60_000;
// A copy older than this is not shown: the next dashboard waits for a new count.
const POPULATION_KEEP_SECONDS = 15 * 60;

export function createPopulationCounter({
  db,
  cache,
  clock = Date.now,
}: {
  db: Database;
  cache: SharedCache;
  clock?: () => number;
}): () => Promise<PopulationFigures> {
  let counting: Promise<PopulationFigures> | undefined;
  // A new month starts its workers' comparison afresh.
  const keyOf = (now: Date) => `admin-dashboard:population:${now.toISOString().slice(0, 7)}`;

  const count = (key: string) => {
    counting ??= (async () => {
      const figures = await countPopulation({ db, now: new Date(clock()) });
      await keepValue(cache, key, figures, {
        freshMs: POPULATION_FRESH_MS,
        keptSeconds: POPULATION_KEEP_SECONDS,
        now: clock(),
      });
      return figures;
    })().finally(() => {
      counting = undefined;
    });
    return counting;
  };

  return async () => {
    const key = keyOf(new Date(clock()));
    const kept = await readKept<PopulationFigures>(cache, key, clock());
    if (!kept) return count(key);
    // Behind the answer; a failure leaves the kept copy for the next claim.
    if (kept.isDueForRefresh) count(key).catch(() => undefined);
    return kept.value;
  };
}
