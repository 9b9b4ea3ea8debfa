import { describe, expect, it } from 'vitest';
import { bump, changelogEntry, levelOf } from './changelog';

const commit = (subject: string, body = '') => ({ hash: `${subject.length}`.padEnd(40, 'a'), subject, body });

describe('semantic versions from the commits', () => {
  it('makes a breaking change major, a feature minor, the rest a patch', () => {
    expect(levelOf([commit('fix(ui): a label'), commit('feat(api)!: tokens are scoped')])).toBe('major');
    expect(levelOf([commit('fix: a label', 'BREAKING CHANGE: the old route is gone')])).toBe('major');
    expect(levelOf([commit('fix: a label'), commit('feat(jobs): close on a date')])).toBe('minor');
    expect(levelOf([commit('fix: a label'), commit('docs: why')])).toBe('patch');
    expect([bump('1.4.2', 'major'), bump('1.4.2', 'minor'), bump('1.4.2', 'patch')]).toEqual([
      '2.0.0',
      '1.5.0',
      '1.4.3',
    ]);
  });
});

describe('a changelog entry', () => {
  it('lists what users see by kind, each commit once and cut at its first clause, then the upgrade notes', () => {
    const entry = changelogEntry({
      version: '1.1.0',
      date: '2026-12-01',
      commits: [
        commit('feat(jobs): jobs close on a date — and why it matters; more'),
        commit('fix(security): sessions end on suspension'),
        commit('refactor(ui): one table'),
        commit('test: more'),
        commit('perf(lists): counters by trigger'),
      ],
      upgrade: {
        previous: '1.0.0',
        migrations: [
          { tag: '0092_job_dates', kind: 'expand', breaks: [] },
          { tag: '0093_drop_photo_file', kind: 'contract', breaks: ['drops column applicant_profiles.photo_file'] },
        ],
        contractReason: 'the old photo column goes',
        newSettings: ['BACKUP_S3_BUCKET'],
      },
    });
    expect(entry.split('\n')).toEqual([
      '## [1.1.0] — 2026-12-01',
      '',
      '### Upgrading from 1.0.0',
      '',
      '- Migrations: 2, of which 1 **contract**: 1.0.0 cannot run on the new schema. Upgrade in a maintenance window (docs/operations.md, Upgrades), after a backup; rolling back means restoring that backup. Why now: the old photo column goes.',
      '  - `0092_job_dates` — expand',
      '  - `0093_drop_photo_file` — contract: drops column applicant_profiles.photo_file',
      '- New settings (deploy/.env.example explains each): `BACKUP_S3_BUCKET`.',
      '',
      '### Security',
      '',
      expect.stringMatching(/^- \*\*security\*\*: sessions end on suspension \(\w{8}\)$/),
      '',
      '### Added',
      '',
      expect.stringMatching(/^- \*\*jobs\*\*: jobs close on a date \(\w{8}\)$/),
      '',
      '### Faster',
      '',
      expect.stringMatching(/^- \*\*lists\*\*: counters by trigger \(\w{8}\)$/),
      '',
    ]);
  });

  it('promises a rolling upgrade and a rollback only when every migration expands', () => {
    const entry = changelogEntry({
      version: '1.0.1',
      date: '2026-12-02',
      commits: [commit('fix: a label')],
      upgrade: {
        previous: '1.0.0',
        migrations: [{ tag: '0092_job_dates', kind: 'expand', breaks: [] }],
        contractReason: undefined,
        newSettings: [],
      },
    });
    expect(entry).toContain(
      '- Migrations: 1, all **expand** — a rolling upgrade (docs/operations.md, Rolling upgrades); 1.0.0 runs on the new schema, so rolling back to it needs no restore.',
    );
  });
});
