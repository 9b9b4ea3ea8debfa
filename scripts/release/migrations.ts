// The committed migrations as a release sees them: in order, each with its snapshot and SQL, and each
// classified as expand (the release before it runs on what it leaves) or contract (it does not).
import fs from 'node:fs';
import path from 'node:path';
import { findHandWrittenBreaks, findSchemaBreaks, type SchemaSnapshot } from './schema-compatibility';

export const MIGRATIONS_FOLDER = 'src/server/db/migrations';

export interface Migration {
  index: number;
  tag: string;
}

export interface ClassifiedMigration {
  tag: string;
  kind: 'expand' | 'contract';
  // What the release before it would trip over; empty for expand.
  breaks: string[];
}

export function listMigrations(folder = MIGRATIONS_FOLDER): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries.map((entry) => ({ index: entry.idx, tag: entry.tag }));
}

export function readSnapshot(folder: string, migration: Migration): SchemaSnapshot {
  const file = path.join(folder, 'meta', `${String(migration.index).padStart(4, '0')}_snapshot.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SchemaSnapshot;
}

const readSql = (folder: string, migration: Migration) =>
  fs.readFileSync(path.join(folder, `${migration.tag}.sql`), 'utf8');

// The migrations after `sinceTag` (all of them when it is undefined), each classified against the one before.
export function classifyMigrationsSince(
  sinceTag: string | undefined,
  folder = MIGRATIONS_FOLDER,
): ClassifiedMigration[] {
  const migrations = listMigrations(folder);
  const start = sinceTag === undefined ? 0 : migrations.findIndex((migration) => migration.tag === sinceTag) + 1;
  if (start === 0 && sinceTag !== undefined) {
    throw new Error(`No migration ${sinceTag} in ${folder}: a release names a migration that is not committed.`);
  }
  return migrations.slice(start).map((migration, offset) => {
    const previous = migrations[start + offset - 1];
    const breaks = [
      ...(previous ? findSchemaBreaks(readSnapshot(folder, previous), readSnapshot(folder, migration)) : []),
      ...findHandWrittenBreaks(readSql(folder, migration)),
    ];
    return { tag: migration.tag, kind: breaks.length === 0 ? 'expand' : 'contract', breaks };
  });
}

export const lastMigrationTag = (folder = MIGRATIONS_FOLDER) => listMigrations(folder).at(-1)?.tag;
