// `npm run release -- [major|minor|patch|x.y.z] [--dry-run]`: cuts a release from a clean main. The level
// comes from the commits since the last release unless given (a breaking change is major, a feature minor).
// Writes the CHANGELOG.md entry (the commits, then the upgrade notes: each migration expand or contract),
// records the release in releases.json, sets package.json's version, commits, and tags vX.Y.Z.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { bump, type Commit, changelogEntry, levelOf, type ReleaseLevel } from './release/changelog';
import { classifyMigrationsSince, lastMigrationTag } from './release/migrations';
import { readReleaseLog, writeReleaseLog } from './release/releases';

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const { values, positionals } = parseArgs({ options: { 'dry-run': { type: 'boolean' } }, allowPositionals: true });
const requested = positionals[0];
if (positionals.length > 1 || (requested && !/^(major|minor|patch|\d+\.\d+\.\d+)$/.test(requested))) {
  fail('Usage: npm run release -- [major|minor|patch|x.y.z] [--dry-run]');
}
const dryRun = values['dry-run'] === true;
// Untracked files are not released; changes to tracked ones would be left out of the tag.
if (!dryRun && git('status', '--porcelain', '--untracked-files=no') !== '')
  fail('The work tree has changes: commit them first.');

const log = readReleaseLog();
const previous = log.releases.at(-1);
const range = previous ? [`v${previous.version}..HEAD`] : ['HEAD'];
if (previous && git('tag', '--list', `v${previous.version}`) === '') {
  fail(`There is no tag v${previous.version} here: git fetch --tags, then try again.`);
}
const commits: Commit[] = git('log', '--no-merges', '--format=%H%x1f%s%x1f%b%x1e', ...range)
  .split('\x1e')
  .map((record) => record.trim())
  .filter(Boolean)
  .map((record) => {
    const [hash = '', subject = '', body = ''] = record.split('\x1f');
    return { hash, subject, body };
  })
  .filter((commit) => !commit.subject.startsWith('release: '));
if (commits.length === 0) fail(`Nothing to release: no commit since ${previous?.version}.`);

const current = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }).version;
const version =
  requested && /^\d/.test(requested)
    ? requested
    : bump(current, (requested as ReleaseLevel | undefined) ?? levelOf(commits));
const migrations = classifyMigrationsSince(previous?.lastMigration);
const contracts = previous ? migrations.filter((migration) => migration.kind === 'contract') : [];
const contractReason = log.nextRelease?.contracts;
if (contracts.length > 0 && !contractReason) {
  fail(
    `${contracts.map((migration) => `${migration.tag}: ${migration.breaks.join('; ')}`).join('\n')}\n` +
      `These contract migrations stop ${previous?.version} from running on the new schema. Move them to a later release, or say why this release needs a maintenance window in releases.json ("nextRelease": { "contracts": "…" }).`,
  );
}

const settingsIn = (text: string) => new Set([...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
const settingsNow = settingsIn(fs.readFileSync('deploy/.env.example', 'utf8'));
const settingsBefore = previous ? settingsIn(git('show', `v${previous.version}:deploy/.env.example`)) : settingsNow;
const newSettings = [...settingsNow].filter((name): name is string => !!name && !settingsBefore.has(name));

const date = new Date().toISOString().slice(0, 10);
const entry = changelogEntry({
  version,
  date,
  commits,
  upgrade: { previous: previous?.version, migrations, contractReason, newSettings },
});
if (dryRun) {
  console.log(entry);
  process.exit(0);
}

const CHANGELOG_HEADER = '# Changelog\n';
const changelog = fs.existsSync('CHANGELOG.md') ? fs.readFileSync('CHANGELOG.md', 'utf8') : CHANGELOG_HEADER;
const rest = changelog.slice(changelog.indexOf('\n## [') + 1 || changelog.length);
const header = changelog.slice(0, changelog.length - rest.length).trimEnd();
fs.writeFileSync('CHANGELOG.md', `${header}\n\n${entry}\n${rest ? `${rest.trimEnd()}\n` : ''}`);
const lastMigration = lastMigrationTag() ?? fail('No migration is committed.');
writeReleaseLog({
  releases: [...log.releases, { version, date, lastMigration, contracts: contracts.map((migration) => migration.tag) }],
});
execFileSync('npm', ['version', version, '--no-git-tag-version', '--allow-same-version'], { stdio: 'ignore' });
// The deployment's example names the release it ships with, so a new deployment pins an image from the start.
const ENV_EXAMPLE = 'deploy/.env.example';
fs.writeFileSync(
  ENV_EXAMPLE,
  fs.readFileSync(ENV_EXAMPLE, 'utf8').replace(/^TANDEM_IMAGE_TAG=.*$/m, () => `TANDEM_IMAGE_TAG=${version}`),
);
git('add', 'CHANGELOG.md', 'releases.json', 'package.json', 'package-lock.json', ENV_EXAMPLE);
git('commit', '--quiet', '-m', `release: v${version}`);
// verbatim: git would take the entry's headings (#) for comments and drop them.
git('tag', '--annotate', '--cleanup=verbatim', `v${version}`, '--message', entry);
console.log(`Released ${version}: commit and tag v${version}. Push both: git push origin main v${version}
The image: docker build --build-arg TANDEM_VERSION=${version} -t tandem:${version} .  (compose: TANDEM_IMAGE_TAG=${version} in deploy/.env)`);
