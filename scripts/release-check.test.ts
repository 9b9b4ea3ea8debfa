import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './release/migrations';
import { checkReleases, readReleaseLog, writeReleaseLog } from './release/releases';
import type { SchemaSnapshot } from './release/schema-compatibility';

const jobsTable = (snapshot: SchemaSnapshot) => {
  const table = snapshot.tables['public.jobs'];
  if (!table) throw new Error('The snapshot has no jobs table.');
  return table;
};

const scratches: string[] = [];
afterEach(() => {
  for (const scratch of scratches.splice(0)) fs.rmSync(scratch, { recursive: true, force: true });
});

// The files the check reads, copied so a case can add a migration of its own.
function copyOfTheRepository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-release-check-'));
  scratches.push(root);
  fs.mkdirSync(path.join(root, 'deploy'));
  for (const file of ['package.json', 'releases.json', 'CHANGELOG.md', 'deploy/.env.example']) {
    fs.copyFileSync(file, path.join(root, file));
  }
  fs.cpSync(MIGRATIONS_FOLDER, path.join(root, MIGRATIONS_FOLDER), { recursive: true });
  return root;
}

// A new migration whose snapshot is the last one changed by `change`, as drizzle-kit would write it.
function addMigration(root: string, tag: string, change: (snapshot: SchemaSnapshot) => void, sql = '') {
  const folder = path.join(root, MIGRATIONS_FOLDER);
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  const index = last.idx + 1;
  const snapshot = JSON.parse(
    fs.readFileSync(path.join(folder, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
  );
  change(snapshot);
  fs.writeFileSync(
    path.join(folder, 'meta', `${String(index).padStart(4, '0')}_snapshot.json`),
    JSON.stringify(snapshot),
  );
  fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  journal.entries.push({ ...last, idx: index, tag, when: last.when + 1 });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
}

describe('the release check', () => {
  it('passes on this tree: the newest release runs on its schema', () => {
    expect(checkReleases()).toEqual([]);
    const command = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/release-check.ts'], {
      encoding: 'utf8',
    });
    expect(command).toMatch(/^Release \d+\.\d+\.\d+ runs on this schema/);
  });

  it('lets a migration through that only adds what the release ignores', () => {
    const root = copyOfTheRepository();
    addMigration(root, '9998_jobs_note', (snapshot) => {
      jobsTable(snapshot).columns.release_note = { name: 'release_note', type: 'text', notNull: false };
    });
    expect(checkReleases(root)).toEqual([]);
  });

  it('stops a contracting migration, or hand-written SQL that contracts, until the release says why', () => {
    const root = copyOfTheRepository();
    addMigration(
      root,
      '9998_drop_job_title',
      (snapshot) => {
        delete jobsTable(snapshot).columns.title;
      },
      'ALTER TABLE "jobs" DROP COLUMN "title";\n-- hand-written\nALTER TABLE jobs ALTER COLUMN description SET NOT NULL;\n',
    );
    const problems = checkReleases(root);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(
      /^drops column jobs\.title: release \d+\.\d+\.\d+ \(the one instances upgrade from\) would break on it/,
    );
    expect(
      problems.filter((problem) => problem.startsWith('9998_drop_job_title drops column jobs.title')),
    ).toHaveLength(1);
    expect(problems[2]).toMatch(/^9998_drop_job_title makes a column NOT NULL in hand-written SQL/);
    writeReleaseLog({ ...readReleaseLog(root), nextRelease: { contracts: 'titles move to job_titles' } }, root);
    expect(checkReleases(root)).toEqual([]);
  });

  it('refuses a record that does not add up', () => {
    const root = copyOfTheRepository();
    const log = readReleaseLog(root);
    const newest = log.releases.at(-1);
    if (!newest) throw new Error('releases.json lists no release');
    writeReleaseLog(
      { releases: [...log.releases, { ...newest, version: '0.0.9', lastMigration: '9999_missing' }] },
      root,
    );
    expect(checkReleases(root)).toEqual([
      `0.0.9 comes after ${newest.version} in releases.json but is not newer.`,
      '0.0.9 names migration 9999_missing, which is not committed.',
      'CHANGELOG.md has no entry for 0.0.9.',
      `package.json says ${newest.version}, the newest release is 0.0.9: cut releases with npm run release.`,
    ]);
  });
});
