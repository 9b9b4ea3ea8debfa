import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';

const run = promisify(execFile);

// deploy/systemd/ runs Tandem on a plain host (docs/operations.md, "On a plain Debian host"). Debian's
// systemd-analyze reads the units as systemd would, without a running systemd: an unknown setting, a bad value
// or a program that does not exist is a failure, a warning too.

const DIRECTORY = 'deploy/systemd';
const UNITS = [
  'tandem@.service',
  'tandem-migrate.service',
  'tandem-backup.service',
  'tandem-backup.timer',
  'tandem-pgbackrest-full.service',
  'tandem-pgbackrest-full.timer',
  'tandem-pgbackrest-diff.service',
  'tandem-pgbackrest-diff.timer',
];

// Every KEY=value of a unit's [Service] (or other) section, a key set twice kept in order.
function settingsOfUnit(text: string, section: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let current = '';
  for (const line of text.split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) current = header[1] ?? '';
    const match = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (match && current === section) {
      const [, key = '', value = ''] = match;
      settings.set(key, [...(settings.get(key) ?? []), value]);
    }
  }
  return settings;
}

const readUnit = (name: string) => fs.readFile(path.join(DIRECTORY, name), 'utf8');

describe('deploy/systemd', () => {
  it('holds the instance, migration and backup units, and systemd-analyze verify accepts them without a warning', async () => {
    expect((await fs.readdir(DIRECTORY)).sort()).toEqual([...UNITS].sort());
    const files = [...UNITS.map((name) => path.join(DIRECTORY, name)), path.join(DIRECTORY, 'tandem@3000.service')];
    let output: string;
    try {
      const { stdout, stderr } = await run('systemd-analyze', ['verify', ...files]);
      output = `${stdout}${stderr}`;
    } catch (error) {
      const { code, stdout, stderr } = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
      if (code === 'ENOENT') {
        throw new Error(
          'systemd-analyze is not installed, so deploy/systemd cannot be checked: apt-get install systemd',
        );
      }
      throw new Error(`systemd-analyze verify refused deploy/systemd: ${stdout}${stderr}`);
    }
    expect(output).toBe('');
  });

  it('runs each instance as tandem, confined, with the environment file, on the port of its name', async () => {
    for (const name of ['tandem@.service', 'tandem-migrate.service', 'tandem-backup.service']) {
      const service = settingsOfUnit(await readUnit(name), 'Service');
      expect(service.get('User'), name).toEqual(['tandem']);
      expect(service.get('EnvironmentFile')?.[0], name).toBe('/etc/tandem/tandem.env');
      for (const [key, value] of Object.entries({
        NoNewPrivileges: 'yes',
        ProtectSystem: 'strict',
        ProtectHome: 'yes',
        PrivateTmp: 'yes',
        CapabilityBoundingSet: '',
      })) {
        expect(service.get(key), `${name} ${key}`).toEqual([value]);
      }
      expect(service.get('StateDirectory')?.[0]?.split(' '), name).toContain('tandem');
    }
    const instance = settingsOfUnit(await readUnit('tandem@.service'), 'Service');
    expect(instance.get('ExecStart')?.[0]).toMatch(/^\/usr\/bin\/env PORT=%i node .*build\/server\/main\.js$/);
    expect(instance.get('Restart')).toEqual(['on-failure']);
    expect(instance.get('Environment')?.[0]).toContain('DATA_DIR=/var/lib/tandem');
  });

  it('gives an instance 5 s beyond its own shutdown deadline before SIGKILL, as compose does', async () => {
    const { SHUTDOWN_TIMEOUT_MS } = loadConfig({});
    const grace = `${SHUTDOWN_TIMEOUT_MS / 1000 + 5}s`;
    const instance = settingsOfUnit(await readUnit('tandem@.service'), 'Service');
    expect(instance.get('TimeoutStopSec')).toEqual([grace]);
    const compose = await fs.readFile('deploy/compose.yaml', 'utf8');
    expect(compose).toMatch(new RegExp(`\\n {2}stop_grace_period: ${grace}\\n`));
    const runbook = await fs.readFile('docs/operations.md', 'utf8');
    expect(runbook).toContain(`stop_grace_period: ${grace}`);
    expect(runbook).toContain(`TimeoutStopSec=${grace}`);
  });

  it('migrates once before the instances, and backs up nightly off the host with npm run ops -- backups run', async () => {
    const migrate = settingsOfUnit(await readUnit('tandem-migrate.service'), 'Service');
    expect(migrate.get('Type')).toEqual(['oneshot']);
    expect(migrate.get('ExecStart')?.[0]).toContain('build/commands/db-migrate.js');
    expect(settingsOfUnit(await readUnit('tandem@.service'), 'Unit').get('After')?.[0]).toContain(
      'tandem-migrate.service',
    );
    const backup = settingsOfUnit(await readUnit('tandem-backup.service'), 'Service');
    expect(backup.get('ExecStart')?.[0]).toMatch(
      / npm run --silent ops -- backups run --metrics-file \/var\/lib\/prometheus\/node-exporter\/tandem-backup\.prom$/,
    );
    expect(backup.get('ReadWritePaths')).toEqual(['-/var/lib/prometheus/node-exporter']);
    const timer = settingsOfUnit(await readUnit('tandem-backup.timer'), 'Timer');
    expect(timer.get('Unit')).toEqual(['tandem-backup.service']);
    expect(timer.get('Persistent')).toEqual(['true']);
  });

  it('takes pgBackRest full backups weekly and differential ones the other nights, as postgres', async () => {
    for (const type of ['full', 'diff']) {
      const service = settingsOfUnit(await readUnit(`tandem-pgbackrest-${type}.service`), 'Service');
      expect(service.get('User')).toEqual(['postgres']);
      expect(service.get('ExecStart')).toEqual([
        `/usr/bin/pgbackrest --stanza=tandem --type=${type} --log-level-console=info backup`,
      ]);
      const timer = settingsOfUnit(await readUnit(`tandem-pgbackrest-${type}.timer`), 'Timer');
      expect(timer.get('Unit')).toEqual([`tandem-pgbackrest-${type}.service`]);
      expect(timer.get('Persistent')).toEqual(['true']);
    }
  });
});
