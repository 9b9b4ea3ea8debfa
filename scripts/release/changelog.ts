// A release's entry in CHANGELOG.md, made from its commits (conventional subjects: `type(scope): subject`)
// and its migrations: what changed for the people who use Tandem, then what the operator must know to
// upgrade — migrations expand or contract, rolling or in a maintenance window, how far back it can roll.
import type { ClassifiedMigration } from './migrations';

export interface Commit {
  hash: string;
  subject: string;
  body: string;
}

export type ReleaseLevel = 'major' | 'minor' | 'patch';

const CONVENTIONAL = /^(?<type>[a-z]+)(?:\((?<scope>[^)]*)\))?(?<breaking>!)?:\s*(?<subject>.+)$/;

const SECTIONS: [string, (type: string, scope: string) => boolean][] = [
  ['Security', (type, scope) => scope.includes('security') || type === 'security'],
  ['Added', (type) => type === 'feat'],
  ['Fixed', (type) => type === 'fix'],
  ['Faster', (type) => type === 'perf'],
];

// The subjects here run long (they say why): the changelog keeps the first clause.
const firstClause = (subject: string) => {
  const clause = subject.split(/ — |; /)[0]?.trim() ?? subject;
  return clause.length > 200 ? `${clause.slice(0, 199)}…` : clause;
};

const isBreaking = (commit: Commit) =>
  CONVENTIONAL.exec(commit.subject)?.groups?.breaking === '!' || /^BREAKING[ -]CHANGE:/m.test(commit.body);

// Semantic versions: a breaking change is major, a feature minor, the rest a patch.
export function levelOf(commits: Commit[]): ReleaseLevel {
  if (commits.some(isBreaking)) return 'major';
  if (commits.some((commit) => CONVENTIONAL.exec(commit.subject)?.groups?.type === 'feat')) return 'minor';
  return 'patch';
}

export function bump(version: string, level: ReleaseLevel): string {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  if (level === 'major') return `${major + 1}.0.0`;
  if (level === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

export function commitSections(commits: Commit[]): string[] {
  const lines: string[] = [];
  const breaking = commits.filter(isBreaking);
  if (breaking.length > 0) {
    lines.push('### Breaking', '');
    for (const commit of breaking) lines.push(`- ${firstClause(commit.subject)} (${commit.hash.slice(0, 8)})`);
    lines.push('');
  }
  const placed = new Set<string>();
  for (const [title, belongs] of SECTIONS) {
    const entries: string[] = [];
    for (const commit of commits) {
      const parts = CONVENTIONAL.exec(commit.subject)?.groups;
      if (!parts || placed.has(commit.hash) || !belongs(parts.type ?? '', parts.scope ?? '')) continue;
      placed.add(commit.hash);
      const scope = parts.scope ? `**${parts.scope}**: ` : '';
      entries.push(`- ${scope}${firstClause(parts.subject ?? '')} (${commit.hash.slice(0, 8)})`);
    }
    if (entries.length > 0) lines.push(`### ${title}`, '', ...entries, '');
  }
  return lines;
}

export interface UpgradeFacts {
  previous: string | undefined;
  migrations: ClassifiedMigration[];
  // Why a release with contract migrations is cut anyway: its maintenance window's reason.
  contractReason: string | undefined;
  newSettings: string[];
}

export function upgradeSection({ previous, migrations, contractReason, newSettings }: UpgradeFacts): string[] {
  const lines = [
    previous ? `### Upgrading from ${previous}` : '### Installing or upgrading from a build before releases',
    '',
  ];
  const contracts = migrations.filter((migration) => migration.kind === 'contract');
  if (migrations.length === 0) {
    lines.push('- No migrations: a rolling upgrade, and rolling back is a rolling upgrade the other way.');
  } else if (!previous) {
    const last = contracts.at(-1);
    lines.push(
      `- Migrations: ${migrations.length}, from ${migrations[0]?.tag} to ${migrations.at(-1)?.tag}, applied at start.`,
      last
        ? `- A build that already applied ${last.tag} upgrades rolling (docs/operations.md, Rolling upgrades); an older one needs a maintenance window: ${contracts.length} migrations before it contract (${contracts.map((migration) => migration.tag).join(', ')}).`
        : '- Every migration expands: any older build upgrades rolling.',
    );
  } else if (contracts.length === 0) {
    lines.push(
      `- Migrations: ${migrations.length}, all **expand** — a rolling upgrade (docs/operations.md, Rolling upgrades); ${previous} runs on the new schema, so rolling back to it needs no restore.`,
    );
  } else {
    lines.push(
      `- Migrations: ${migrations.length}, of which ${contracts.length} **contract**: ${previous} cannot run on the new schema. Upgrade in a maintenance window (docs/operations.md, Upgrades), after a backup; rolling back means restoring that backup. Why now: ${contractReason ?? 'not given'}.`,
    );
  }
  for (const migration of previous ? migrations : []) {
    const breaks = migration.breaks.length > 0 ? `: ${migration.breaks.join('; ')}` : '';
    lines.push(`  - \`${migration.tag}\` — ${migration.kind}${breaks}`);
  }
  if (newSettings.length > 0) {
    lines.push(
      `- New settings (deploy/.env.example explains each): ${newSettings.map((name) => `\`${name}\``).join(', ')}.`,
    );
  }
  lines.push('');
  return lines;
}

export function changelogEntry({
  version,
  date,
  commits,
  upgrade,
}: {
  version: string;
  date: string;
  commits: Commit[];
  upgrade: UpgradeFacts;
}): string {
  return [`## [${version}] — ${date}`, '', ...upgradeSection(upgrade), ...commitSections(commits)].join('\n');
}
