import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backupsToDelete, backupsToKeep, type RetentionPolicy } from './offsite-backup-retention';
import { offsiteKeyFor, takenAtOfKey } from './offsite-backup-store';

const PREFIX = 'tandem-backups/';
const DEFAULT_POLICY: RetentionPolicy = { daily: 7, weekly: 4, monthly: 12 };

const backupAt = (takenAt: Date) => ({ key: offsiteKeyFor(PREFIX, takenAt), takenAt });
const at = (text: string) => new Date(text);

// Two years of backup times, to the second (the key's resolution), none twice.
const times = fc
  .uniqueArray(fc.integer({ min: Date.UTC(2025, 0, 1) / 1000, max: Date.UTC(2027, 0, 1) / 1000 }), {
    maxLength: 120,
  })
  .map((seconds) => seconds.map((second) => new Date(second * 1000)));
const policies = fc.record({
  daily: fc.integer({ min: 0, max: 10 }),
  weekly: fc.integer({ min: 0, max: 6 }),
  monthly: fc.integer({ min: 0, max: 14 }),
});

// The periods, independently of the implementation: a UTC day, the ISO week's Monday, a UTC month.
const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const mondayKey = (date: Date) => dayKey(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000));
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

// The n periods ending with the newest backup's, as keys, stepping back a period at a time.
function lastPeriods(newest: Date, count: number, kind: 'day' | 'week' | 'month'): Set<string> {
  const keys = new Set<string>();
  for (let step = 0; step < count; step += 1) {
    if (kind === 'month') {
      keys.add(monthKey(new Date(Date.UTC(newest.getUTCFullYear(), newest.getUTCMonth() - step, 1))));
    } else {
      const days = kind === 'day' ? step : step * 7;
      const date = new Date(newest.getTime() - days * 86_400_000);
      keys.add(kind === 'day' ? dayKey(date) : mondayKey(date));
    }
  }
  return keys;
}

describe('off-site backup retention', () => {
  it('keeps the newest of each of the last 7 days, 4 ISO weeks and 12 months, and the newest of all', () => {
    const backups = [
      '2026-11-30T02:30:00Z', // newest (Monday)
      '2026-11-29T02:30:00Z', // Sunday: last day of the previous ISO week, so its newest too
      '2026-11-29T01:00:00Z', // an older one of the same day: deleted
      '2026-11-24T02:30:00Z', // day 7 back: kept
      '2026-11-23T02:30:00Z', // 8th day back, and its ISO week's newest is the 29th: deleted
      '2026-11-16T02:30:00Z', // the 3rd ISO week: kept
      '2026-11-09T02:30:00Z', // the 4th ISO week: kept
      '2026-11-02T02:30:00Z', // the 5th ISO week, and not its month's newest: deleted
      '2026-10-31T02:30:00Z', // newest of October: kept monthly
      '2026-10-15T02:30:00Z', // deleted
      '2025-12-31T02:30:00Z', // December 2025: the 12th month back is Dec 2025 → kept
      '2025-11-30T02:30:00Z', // 13th month back: deleted
    ].map((text) => backupAt(at(text)));
    const deleted = backupsToDelete(backups, DEFAULT_POLICY).map((backup) => backup.takenAt.toISOString());
    expect(deleted.sort()).toEqual(
      [
        '2025-11-30T02:30:00.000Z',
        '2026-10-15T02:30:00.000Z',
        '2026-11-02T02:30:00.000Z',
        '2026-11-23T02:30:00.000Z',
        '2026-11-29T01:00:00.000Z',
      ].sort(),
    );
  });

  it('never deletes the newest backup, even with nothing to keep', () => {
    fc.assert(
      fc.property(times, (dates) => {
        const backups = dates.map(backupAt);
        const keep = backupsToKeep(backups, { daily: 0, weekly: 0, monthly: 0 });
        const newest = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime())[0];
        expect([...keep]).toEqual(newest ? [newest.key] : []);
      }),
    );
  });

  it('keeps exactly the newest of each recent period and the newest backup; deletes the rest', () => {
    fc.assert(
      fc.property(times, policies, (dates, policy) => {
        const backups = dates.map(backupAt);
        const deleted = new Set(backupsToDelete(backups, policy).map((backup) => backup.key));
        const kept = backups.filter((backup) => !deleted.has(backup.key));
        // Disjoint and complete.
        expect(kept.length + deleted.size).toBe(backups.length);
        const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
        const newest = newestFirst[0];
        if (!newest) return;
        const expected = new Set([newest.key]);
        for (const [kind, count, keyOf] of [
          ['day', policy.daily, dayKey],
          ['week', policy.weekly, mondayKey],
          ['month', policy.monthly, monthKey],
        ] as const) {
          const periods = lastPeriods(newest.takenAt, count, kind);
          const seen = new Set<string>();
          for (const backup of newestFirst) {
            const period = keyOf(backup.takenAt);
            if (!periods.has(period) || seen.has(period)) continue;
            seen.add(period);
            expected.add(backup.key);
          }
        }
        expect(new Set(kept.map((backup) => backup.key))).toEqual(expected);
      }),
    );
  });

  it('deletes nothing more when applied again to what it kept (a second run the same day)', () => {
    fc.assert(
      fc.property(times, policies, (dates, policy) => {
        const backups = dates.map(backupAt);
        const keep = backupsToKeep(backups, policy);
        const kept = backups.filter((backup) => keep.has(backup.key));
        expect(backupsToDelete(kept, policy)).toEqual([]);
      }),
    );
  });

  it('reads only Tandem backup names under the prefix: anything else is no backup, so never deleted', () => {
    const takenAt = at('2026-11-30T02:30:05Z');
    expect(takenAtOfKey(offsiteKeyFor(PREFIX, takenAt), PREFIX)).toEqual(takenAt);
    for (const key of [
      'tandem-backups/notes.txt',
      'tandem-backups/tandem-backup-20261130T023005Z.tar.gz',
      'tandem-backups/tandem-backup-20261332T023005Z.tar.gz.age',
      'other/tandem-backup-20261130T023005Z.tar.gz.age',
      'tandem-backups/sub/tandem-backup-20261130T023005Z.tar.gz.age',
    ]) {
      expect(takenAtOfKey(key, PREFIX), key).toBeNull();
    }
    fc.assert(
      fc.property(fc.string(), (name) => {
        const key = `${PREFIX}${name}`;
        const date = takenAtOfKey(key, PREFIX);
        if (date) expect(offsiteKeyFor(PREFIX, date)).toBe(key);
      }),
    );
  });
});
