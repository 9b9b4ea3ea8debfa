// releases.json: every release cut (version, date, the last migration it ships) — what the release check
// compares the schema with, and what an operator reads to know which release is "the previous one".
import fs from 'node:fs';
import path from 'node:path';
import { classifyMigrationsSince, listMigrations, MIGRATIONS_FOLDER, readSnapshot } from './migrations';
import { findSchemaBreaks } from './schema-compatibility';

export interface Release {
  version: string;
  date: string;
  lastMigration: string;
  // Contract migrations since the release before: it cannot run on this one's schema.
  contracts: string[];
}

export interface ReleaseLog {
  releases: Release[];
  // Set to cut the next release with contract migrations: the maintenance window's reason.
  nextRelease?: { contracts: string };
}

export const RELEASES_FILE = 'releases.json';
const SEMVER = /^\d+\.\d+\.\d+$/;

export const readReleaseLog = (root = '.'): ReleaseLog =>
  JSON.parse(fs.readFileSync(path.join(root, RELEASES_FILE), 'utf8')) as ReleaseLog;

export const writeReleaseLog = (log: ReleaseLog, root = '.') =>
  fs.writeFileSync(path.join(root, RELEASES_FILE), `${JSON.stringify(log, null, 2)}\n`);

const compareVersions = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let part = 0; part < 3; part += 1) {
    const difference = (x[part] ?? 0) - (y[part] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
};

// What stops the newest release from running on this tree's schema, and anything inconsistent in the
// record itself; empty when a rolling upgrade from the newest release is safe.
export function checkReleases(root = '.'): string[] {
  const folder = path.join(root, MIGRATIONS_FOLDER);
  const log = readReleaseLog(root);
  const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  const tags = new Set(listMigrations(folder).map((migration) => migration.tag));
  const problems: string[] = [];
  log.releases.forEach((release, index) => {
    const before = log.releases[index - 1];
    if (!SEMVER.test(release.version)) problems.push(`${release.version} is not a semantic version (x.y.z).`);
    if (before && compareVersions(release.version, before.version) <= 0) {
      problems.push(`${release.version} comes after ${before.version} in ${RELEASES_FILE} but is not newer.`);
    }
    if (!tags.has(release.lastMigration)) {
      problems.push(`${release.version} names migration ${release.lastMigration}, which is not committed.`);
    }
    if (!changelog.includes(`## [${release.version}]`))
      problems.push(`CHANGELOG.md has no entry for ${release.version}.`);
  });
  const newest = log.releases.at(-1);
  if (!newest) return [...problems, `${RELEASES_FILE} lists no release.`];
  if (newest.version !== version) {
    problems.push(
      `package.json says ${version}, the newest release is ${newest.version}: cut releases with npm run release.`,
    );
  }
  const imageTag = /^TANDEM_IMAGE_TAG=(.*)$/m.exec(
    fs.readFileSync(path.join(root, 'deploy/.env.example'), 'utf8'),
  )?.[1];
  if (imageTag !== version) {
    problems.push(
      `deploy/.env.example pins image ${imageTag}, package.json says ${version}: they name the same release.`,
    );
  }
  if (problems.length > 0 || log.nextRelease?.contracts) return problems;
  // The whole distance from the newest release, and each step on the way (hand-written SQL is per file).
  const current = listMigrations(folder).at(-1);
  const released = listMigrations(folder).find((migration) => migration.tag === newest.lastMigration);
  if (!current || !released) return problems;
  const breaks = new Set([
    ...findSchemaBreaks(readSnapshot(folder, released), readSnapshot(folder, current)),
    ...classifyMigrationsSince(newest.lastMigration, folder).flatMap((migration) =>
      migration.breaks.map((what) => `${migration.tag} ${what}`),
    ),
  ]);
  return [...breaks].map(
    (what) =>
      `${what}: release ${newest.version} (the one instances upgrade from) would break on it. Split it: expand now, contract in a release after (docs/operations.md, Upgrades) — or, for a release that needs a maintenance window, say why in ${RELEASES_FILE} as "nextRelease": { "contracts": "…" }.`,
  );
}
