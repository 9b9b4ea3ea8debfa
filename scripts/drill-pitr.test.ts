import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { drillPgbackrestConf, parsePgbackrestConf, secretsConf, summarizeInfo } from './drill/pitr-config';

// drill:pitr runs deploy/pgbackrest.conf's settings against a scratch cluster: what it keeps and what it
// replaces decides whether the drill still proves anything about production's configuration.

const scratch = { root: '/tmp/tandem-drill-pitr-x', dataDirectory: '/tmp/tandem-drill-pitr-x/data', port: 54321 };

describe('drill:pitr configuration', () => {
  it("runs production's settings on a posix repository of its own, with the passphrase outside the file", async () => {
    const deployed = parsePgbackrestConf(await fs.readFile('deploy/pgbackrest.conf', 'utf8'));
    const drill = parsePgbackrestConf(drillPgbackrestConf(deployed, scratch));
    const global = drill.get('global');
    for (const key of [
      'repo1-cipher-type',
      'repo1-retention-full',
      'repo1-retention-diff',
      'compress-type',
      'process-max',
      'start-fast',
      'archive-async',
    ]) {
      expect(global?.get(key), key).toBe(deployed.get('global')?.get(key));
    }
    expect(global?.get('repo1-cipher-type')).toBe('aes-256-cbc');
    expect(global?.get('repo1-type')).toBe('posix');
    expect(global?.get('repo1-path')).toBe('/tmp/tandem-drill-pitr-x/repo');
    expect(global?.get('spool-path')).toBe('/tmp/tandem-drill-pitr-x/spool');
    expect([...(global?.keys() ?? [])].filter((key) => key.startsWith('repo1-s3-'))).toEqual([]);
    expect(global?.has('repo1-cipher-pass')).toBe(false);
    expect(Object.fromEntries(drill.get('tandem') ?? [])).toEqual({
      'pg1-path': '/tmp/tandem-drill-pitr-x/data',
      'pg1-port': '54321',
      'pg1-socket-path': '/tmp/tandem-drill-pitr-x',
    });
    expect(parsePgbackrestConf(secretsConf('s3cret+/=')).get('global')?.get('repo1-cipher-pass')).toBe('s3cret+/=');
  });

  it('refuses a configuration that would not encrypt the repository, and names a line it cannot read', () => {
    const unencrypted = parsePgbackrestConf('[global]\nrepo1-type=s3\n[tandem]\npg1-path=/x\n');
    expect(() => drillPgbackrestConf(unencrypted, scratch)).toThrow('encrypts with nothing, not aes-256-cbc');
    expect(() => parsePgbackrestConf('[global]\nstart-fast = y\n')).toThrow(/^line 2 is neither/);
    expect(() => parsePgbackrestConf('start-fast=y\n')).toThrow(/^line 1 is neither/);
  });
});

// pgbackrest 2.45's `info --output=json` after the drill's full backup and restore (trimmed).
const INFO = `[{"archive":[{"database":{"id":1,"repo-key":1},"id":"15-1","max":"000000020000000000000007",
"min":"000000010000000000000001"}],"backup":[{"archive":{"start":"000000010000000000000005",
"stop":"000000010000000000000006"},"backrest":{"format":5,"version":"2.45"},"database":{"id":1,"repo-key":1},
"error":false,"info":{"delta":59332496,"repository":{"delta":10005728,"size":10005728},"size":59332496},
"label":"20261130-000804F","lsn":{"start":"0/5000028","stop":"0/6000050"},"prior":null,"reference":null,
"timestamp":{"start":1795997284,"stop":1795997286},"type":"full"}],"cipher":"aes-256-cbc",
"db":[{"id":1,"repo-key":1,"system-id":7713749580602663624,"version":"15"}],"name":"tandem",
"repo":[{"cipher":"aes-256-cbc","key":1,"status":{"code":0,"message":"ok"}}],
"status":{"code":0,"lock":{"backup":{"held":false}},"message":"ok"}}]`;

describe('pgbackrest info', () => {
  it("reads a stanza's backups and the WAL its repository holds", () => {
    expect(summarizeInfo(INFO)).toEqual({
      status: 'ok',
      cipher: 'aes-256-cbc',
      backups: [
        {
          label: '20261130-000804F',
          type: 'full',
          seconds: 2,
          stoppedAt: 1795997286,
          databaseBytes: 59332496,
          repositoryBytes: 10005728,
          walStart: '000000010000000000000005',
          walStop: '000000010000000000000006',
        },
      ],
      archiveMin: '000000010000000000000001',
      archiveMax: '000000020000000000000007',
    });
  });

  it('says so when the output is not JSON or lacks the stanza', () => {
    expect(() => summarizeInfo('ERROR: [055]: unable to load info file')).toThrow(
      'pgbackrest info printed no JSON: ERROR: [055]',
    );
    expect(() => summarizeInfo(INFO, 'other')).toThrow('pgbackrest info knows no stanza other');
  });
});
