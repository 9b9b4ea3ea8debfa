import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config';
import { renderPrometheusConfig, requireTool } from './drill/prometheus';

const run = promisify(execFile);
const deploy = path.resolve(import.meta.dirname, '..', 'deploy');

// deploy/prometheus.yml and deploy/alerts.yml as Prometheus reads them (promtool, Debian's prometheus
// package), and each alert proved on series it must fire on and series it must not (alerts.test.yml).
describe('the Prometheus configuration in deploy/', () => {
  let promtool: string;
  let directory: string;

  beforeAll(async () => {
    promtool = requireTool('promtool', 'prometheus');
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-prometheus-'));
  });
  afterAll(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('loads, with its alert rules, once given the token file it names', async () => {
    const source = await fs.readFile(path.join(deploy, 'prometheus.yml'), 'utf8');
    expect(source).toMatch(/^rule_files:\n {2}- alerts\.yml$/m);
    await fs.writeFile(path.join(directory, 'token'), 'metrics-token', { mode: 0o400 });
    await fs.copyFile(path.join(deploy, 'alerts.yml'), path.join(directory, 'alerts.yml'));
    // Checked as written, the token file where the production file says it is…
    const withToken = source.replace(
      /credentials_file: .*/,
      () => `credentials_file: ${path.join(directory, 'token')}`,
    );
    await fs.writeFile(path.join(directory, 'prometheus.yml'), withToken);
    const { stdout } = await run(promtool, ['check', 'config', path.join(directory, 'prometheus.yml')]);
    expect(stdout).toContain('SUCCESS: 18 rules found');
    // …and as the drill renders it.
    const rendered = renderPrometheusConfig(source, {
      targets: ['127.0.0.1:40001', '127.0.0.1:40002'],
      tokenFile: path.join(directory, 'token'),
      scrapeInterval: '1s',
    });
    expect(rendered).not.toMatch(/^alerting:/m);
    expect(rendered).toContain('- 127.0.0.1:40002\n');
    await fs.writeFile(path.join(directory, 'prometheus.yml'), rendered);
    await run(promtool, ['check', 'config', path.join(directory, 'prometheus.yml')]);
  });

  it('gives every alert a summary and a runbook section in docs/operations.md', async () => {
    const rules = await fs.readFile(path.join(deploy, 'alerts.yml'), 'utf8');
    const runbook = await fs.readFile('docs/operations.md', 'utf8');
    const alerts = rules.split(/^ {6}- alert: /m).slice(1);
    expect(alerts.map((alert) => alert.split('\n')[0])).toEqual([
      'TandemHighErrorRate',
      'TandemSlowRequests',
      'TandemJobsWaiting',
      'TandemJobsFailed',
      'TandemInstanceDown',
      'TandemRedisUnreachable',
      'TandemCertificateExpiring',
      'TandemCertificateExpiresSoon',
      'TandemDiskNearlyFull',
      'TandemDiskFull',
      'TandemDiskFillingUp',
      'TandemPostgresDown',
      'TandemRedisDown',
      'TandemNginxDown',
      'TandemProbeFailing',
      'TandemReplicationLag',
      'TandemBackupTooOld',
      'TandemExporterDown',
    ]);
    for (const alert of alerts) {
      const name = alert.split('\n')[0] ?? '';
      const kebab = name.replace(/[A-Z]/g, (letter, index) => `${index ? '-' : ''}${letter.toLowerCase()}`);
      expect(alert, name).toMatch(/^ {10}summary: ".+"$/m);
      expect(alert, name).toContain(`runbook_url: docs/operations.md#alert-${kebab}\n`);
      // The anchor is a heading of the runbook that says what it means and what to do.
      expect(runbook, name).toContain(`\n### alert-${kebab}\n`);
    }
  });

  it("scrapes the backup service where it listens, as the backup alert's tests name it", async () => {
    const source = await fs.readFile(path.join(deploy, 'prometheus.yml'), 'utf8');
    const target = /- job_name: backup\n {4}static_configs:\n {6}- targets:\n {10}- (\S+)\n/.exec(source)?.[1];
    expect(target).toBe(`backup:${loadConfig({}).BACKUP_METRICS_PORT}`);
    const tests = await fs.readFile(path.join(deploy, 'alerts.test.yml'), 'utf8');
    expect(tests).toContain(`tandem_backup_last_success_timestamp_seconds{job="backup",instance="${target}"}`);
  });

  it('fires each alert on the series it is for, and on no other (promtool test rules)', async () => {
    const { stdout } = await run(promtool, ['test', 'rules', 'alerts.test.yml'], { cwd: deploy });
    expect(stdout).toContain('SUCCESS');
  });
});
