// Which off-site backups to keep (docs/operations.md, Backups): the newest backup of each of the last
// `daily` UTC days, `weekly` ISO weeks and `monthly` months, counted back from the newest backup (not from
// the clock: a host whose backups stopped deletes nothing more than it did the day they stopped), and always
// the newest backup itself. Pure: the caller deletes what it returns.

export interface RetentionPolicy {
  daily: number;
  weekly: number;
  monthly: number;
}

export interface Dated {
  key: string;
  takenAt: Date;
}

const DAY_MS = 86_400_000;

// Periods as whole numbers that grow by one from each to the next, so "the last n" is a subtraction.
const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);
// ISO weeks start on Monday; 1970-01-01 was a Thursday, so Monday 1969-12-29 starts week 0.
const isoWeekOf = (at: Date) => Math.floor((dayOf(at) + 3) / 7);
const monthOf = (at: Date) => at.getUTCFullYear() * 12 + at.getUTCMonth();

export function backupsToKeep<T extends Dated>(backups: readonly T[], policy: RetentionPolicy): Set<string> {
  const newestFirst = [...backups].sort(
    (a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.key.localeCompare(a.key),
  );
  const keep = new Set<string>();
  const newest = newestFirst[0];
  if (!newest) return keep;
  keep.add(newest.key);
  for (const [periodOf, count] of [
    [dayOf, policy.daily],
    [isoWeekOf, policy.weekly],
    [monthOf, policy.monthly],
  ] as const) {
    const last = periodOf(newest.takenAt);
    const seen = new Set<number>();
    for (const backup of newestFirst) {
      const period = periodOf(backup.takenAt);
      if (period <= last - count || seen.has(period)) continue;
      seen.add(period);
      keep.add(backup.key);
    }
  }
  return keep;
}

export function backupsToDelete<T extends Dated>(backups: readonly T[], policy: RetentionPolicy): T[] {
  const keep = backupsToKeep(backups, policy);
  return backups.filter((backup) => !keep.has(backup.key));
}
