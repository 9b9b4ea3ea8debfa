import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDrillAlertmanagerConfig, renderDrillPrometheusConfig } from './drill/alerting';
import { requireTool } from './drill/prometheus';

const run = promisify(execFile);
const deploy = path.resolve(import.meta.dirname, '..', 'deploy');
const read = (file: string) => fs.readFile(path.join(deploy, file), 'utf8');

// The alerting chain's files as the tools read them (Debian's amtool, blackbox exporter, promtool and
// docker-compose): Alertmanager's routes, the probe's module, the monitoring compose file beside the app's,
// and the files drill:alerts runs (the drill itself, minutes long, is `npm run drill:alerts`).
describe('the alerting chain in deploy/', () => {
  let directory: string;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-alerting-'));
  });
  afterAll(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('has an Alertmanager configuration amtool accepts, paging for `page` and mailing the rest', async () => {
    const amtool = requireTool('amtool', 'prometheus-alertmanager');
    const file = path.join(deploy, 'alertmanager.yml');
    const { stdout } = await run(amtool, ['check-config', file]);
    expect(stdout).toContain('SUCCESS');
    const receiverOf = async (...labels: string[]) =>
      (await run(amtool, ['config', 'routes', 'test', `--config.file=${file}`, ...labels])).stdout.trim();
    expect(await receiverOf('alertname=TandemInstanceDown', 'severity=page')).toBe('page');
    expect(await receiverOf('alertname=TandemJobsFailed', 'severity=ticket')).toBe('ticket');
    // Every alert's severity is one the routes know.
    const severities = new Set([...(await read('alerts.yml')).matchAll(/^ {10}severity: (\S+)$/gm)].map((m) => m[1]));
    expect([...severities].sort()).toEqual(['page', 'ticket']);
  });

  it('has a blackbox module the exporter accepts, and a probe job that uses it', async () => {
    const blackbox = requireTool('prometheus-blackbox-exporter', 'prometheus-blackbox-exporter');
    await run(blackbox, [`--config.file=${path.join(deploy, 'blackbox.yml')}`, '--config.check']);
    const module = /^ {2}(\w+):\n {4}prober: http$/m.exec(await read('blackbox.yml'))?.[1];
    expect(await read('prometheus.yml')).toContain(`module: [${module}]`);
  });

  it('renders for drill:alerts into files promtool and amtool accept: the tandem job alone, the sink as mail server', async () => {
    const tokenFile = path.join(directory, 'token');
    await fs.writeFile(tokenFile, 'metrics-token', { mode: 0o400 });
    await fs.copyFile(path.join(deploy, 'alerts.yml'), path.join(directory, 'alerts.yml'));
    const prometheus = renderDrillPrometheusConfig(await read('prometheus.yml'), {
      target: '127.0.0.1:40001',
      tokenFile,
      scrapeInterval: '1s',
      alertmanager: '127.0.0.1:40002',
    });
    expect([...prometheus.matchAll(/job_name: (\S+)/g)].map((match) => match[1])).toEqual(['tandem']);
    expect(prometheus).toContain('            - 127.0.0.1:40002\n');
    await fs.writeFile(path.join(directory, 'prometheus.yml'), prometheus);
    await run(requireTool('promtool', 'prometheus'), ['check', 'config', path.join(directory, 'prometheus.yml')]);

    const alertmanager = renderDrillAlertmanagerConfig(await read('alertmanager.yml'), {
      smarthost: '127.0.0.1:40003',
    });
    expect(alertmanager).toMatch(/smtp_smarthost: 127\.0\.0\.1:40003 /);
    expect(alertmanager).not.toContain('smtp_auth_password_file');
    await fs.writeFile(path.join(directory, 'alertmanager.yml'), alertmanager);
    await run(requireTool('amtool', 'prometheus-alertmanager'), [
      'check-config',
      path.join(directory, 'alertmanager.yml'),
    ]);
  });

  it('adds the monitoring services to deploy/compose.yaml, pinned and hardened, with the files the configurations name', async () => {
    await fs.mkdir(path.join(directory, 'deploy'), { recursive: true });
    for (const file of ['compose.yaml', 'compose.monitoring.yaml']) {
      await fs.copyFile(path.join(deploy, file), path.join(directory, 'deploy', file));
    }
    const example = await read('.env.example');
    await fs.writeFile(
      path.join(directory, 'deploy/.env'),
      example.replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=drill-password'),
    );
    let resolved: string;
    try {
      ({ stdout: resolved } = await run('docker-compose', [
        '--project-directory',
        path.join(directory, 'deploy'),
        '--file',
        path.join(directory, 'deploy/compose.yaml'),
        '--file',
        path.join(directory, 'deploy/compose.monitoring.yaml'),
        'config',
      ]));
    } catch (error) {
      const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
      if (code === 'ENOENT') throw new Error('docker-compose is not installed: apt-get install docker-compose');
      throw new Error(`docker-compose config refused deploy/compose.monitoring.yaml: ${stderr}`);
    }
    const monitoring = await read('compose.monitoring.yaml');
    const services = [...monitoring.matchAll(/^ {2}([a-z-]+):\n {4}<<: \*hardened$/gm)].map((match) => match[1]);
    expect(services.sort()).toEqual(
      [
        'alertmanager',
        'blackbox-exporter',
        'nginx-exporter',
        'node-exporter',
        'postgres-exporter',
        'prometheus',
        'redis-exporter',
      ].sort(),
    );
    for (const service of services) {
      const block = new RegExp(`\\n {2}${service}:\\n((?: {4}.*\\n)+)`).exec(resolved)?.[1] ?? '';
      expect(block, service).toMatch(/^ {4}image: \S+:v?\d+\.\d+\.\d+$/m);
      expect(block, service).toMatch(/^ {4}read_only: true$/m);
      expect(block, service).toMatch(/^ {4}cap_drop:\n {4}- ALL$/m);
      expect(block, service).toMatch(/^ {4}security_opt:\n {4}- no-new-privileges:true$/m);
      expect(block, service).toMatch(/^ {4}mem_limit: /m);
      expect(block, service).toMatch(/^ {6}options:\n(?: {8}.*\n)*? {8}max-size: /m);
    }
    // Prometheus finds the token where prometheus.yml says, Alertmanager the password where alertmanager.yml says.
    const tokenPath = /credentials_file: (\S+)/.exec(await read('prometheus.yml'))?.[1];
    expect(monitoring).toContain(`- ./metrics-token:${tokenPath}:ro\n`);
    const passwordPath = /smtp_auth_password_file: (\S+)/.exec(await read('alertmanager.yml'))?.[1];
    expect(monitoring).toContain(`- ./alertmanager-smtp-password:${passwordPath}:ro\n`);
    // Every scrape target is a service of the two files (nginx's exporter answers in nginx's network).
    const targets = [...(await read('prometheus.yml')).matchAll(/^ {10}- ([a-z-]+):\d+$/gm)].map((m) => m[1]);
    for (const host of [...targets, /replacement: ([a-z-]+):/.exec(await read('prometheus.yml'))?.[1]]) {
      expect(resolved, `${host}`).toContain(`\n  ${host}:\n`);
    }
  });

  it("reads nginx's stub_status where deploy/nginx.conf serves it, on loopback only", async () => {
    const nginx = await read('nginx.conf');
    const server = /server \{\n\s+listen (127\.0\.0\.1:\d+);[^}]*location = (\/\w+) \{\s*stub_status;/.exec(nginx);
    expect(server).not.toBeNull();
    expect(await read('compose.monitoring.yaml')).toContain(`--nginx.scrape-uri=http://${server?.[1]}${server?.[2]}\n`);
  });
});
