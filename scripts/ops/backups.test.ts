import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { runOps } from './run-ops';

// The backups commands' words: what they refuse before reaching a bucket or a database
// (src/server/db/offsite-backup.test.ts runs them against a bucket and both databases).
async function ops(argv: string[], settings: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, {
    config: () => loadConfig({ NODE_ENV: 'test', ...settings }),
    openDatabase: () => Promise.reject(new Error('the backups commands open no database handle')),
    env: {},
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ops -- backups', () => {
  it('is listed, and each command has its help', async () => {
    const usage = await ops(['--help']);
    for (const action of ['run', 'list', 'fetch', 'serve']) {
      expect(usage.out).toContain(`backups ${action}`);
      const help = await ops(['backups', action, '--help']);
      expect(help.code).toBe(0);
      expect(help.out).toMatch(new RegExp(`^Usage: npm run ops -- backups ${action}`));
    }
  });

  it('refuses, in a sentence, what cannot work', async () => {
    const noIdentity = await ops(['backups', 'fetch', 'latest', '/tmp/restore']);
    expect(noIdentity).toMatchObject({ code: 1 });
    expect(noIdentity.err).toMatch(/^Give the backup \(its key, or latest\), the directory .* and --identity/);
    const noBucket = await ops(['backups', 'list', '--json']);
    expect(noBucket.code).toBe(1);
    expect(JSON.parse(noBucket.out)).toEqual({ error: expect.stringMatching(/^BACKUP_S3_BUCKET is not set/) });
    const noRecipients = await ops(['backups', 'serve'], { BACKUP_S3_BUCKET: 'tandem-backups' });
    expect(noRecipients.code).toBe(1);
    expect(noRecipients.err).toMatch(/^BACKUP_AGE_RECIPIENTS is not set: no backup leaves this host unencrypted/);
    const unknown = await ops(['backups', 'restore']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^There is no command "backups restore"/);
  });

  it('checks the settings with a clear message', () => {
    expect(() => loadConfig({ BACKUP_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /BACKUP_S3_SECRET_ACCESS_KEY and BACKUP_S3_ACCESS_KEY_ID go together/,
    );
    expect(() => loadConfig({ BACKUP_KEEP_DAILY: '-1' })).toThrow(/BACKUP_KEEP_DAILY/);
    expect(() => loadConfig({ BACKUP_S3_PREFIX: '/backups/' })).toThrow(/BACKUP_S3_PREFIX must not start with \//);
    expect(() => loadConfig({ BACKUP_SCHEDULE: '30 2 * *' })).toThrow(/BACKUP_SCHEDULE must be a cron expression/);
    expect(loadConfig({})).toMatchObject({
      BACKUP_S3_PREFIX: 'tandem-backups/',
      BACKUP_SCHEDULE: '30 2 * * *',
      BACKUP_KEEP_DAILY: 7,
      BACKUP_KEEP_WEEKLY: 4,
      BACKUP_KEEP_MONTHLY: 12,
      BACKUP_METRICS_HOST: '127.0.0.1',
      BACKUP_METRICS_PORT: 9465,
    });
  });
});
