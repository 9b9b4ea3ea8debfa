import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/server/config';
import { dockerfileStages, environmentOf, settingsOf } from './deploy-files';
import { PRODUCTION_ENVIRONMENT } from './drill/instance';

const run = promisify(execFile);

// No container runs here: Debian's docker-compose (1.29) reads deploy/compose.yaml as Docker would, and
// the settings it gives the instances go through the server's own configuration check.

const INSTANCES = ['app-a', 'app-b'];
// The release package.json names: deploy/.env.example pins the image to it.
const releaseVersion = (JSON.parse(await fs.readFile('package.json', 'utf8')) as { version: string }).version;

// `docker-compose config` of a copy of deploy/ with this .env: the resolved file, or its refusal.
async function composeConfig(directory: string, envText: string, quiet = false) {
  await fs.writeFile(path.join(directory, 'deploy/.env'), envText);
  try {
    const { stdout } = await run('docker-compose', [
      '--project-directory',
      path.join(directory, 'deploy'),
      '--file',
      path.join(directory, 'deploy/compose.yaml'),
      'config',
      ...(quiet ? ['-q'] : []),
    ]);
    return stdout;
  } catch (error) {
    const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: string };
    if (code === 'ENOENT') {
      throw new Error(
        'docker-compose is not installed, so deploy/compose.yaml cannot be checked: apt-get install docker-compose',
      );
    }
    throw new Error(`docker-compose config refused deploy/compose.yaml: ${stderr}`);
  }
}

// A service's `environment:` block of docker-compose's resolved output (two-space YAML, one key a line).
function environmentOfService(resolved: string, service: string): Record<string, string> {
  const lines = resolved.split('\n');
  const start = lines.indexOf(`  ${service}:`);
  const environment: Record<string, string> = {};
  let isInside = false;
  for (const line of lines.slice(start + 1)) {
    if (/^ {2}\S/.test(line)) break;
    if (line === '    environment:') {
      isInside = true;
      continue;
    }
    if (isInside && !line.startsWith('      ')) break;
    const match = isInside ? /^ {6}([A-Z0-9_]+): (.*)$/.exec(line) : null;
    if (match) environment[match[1] ?? ''] = (match[2] ?? '').replace(/^'(.*)'$/, '$1');
  }
  return environment;
}

// A service's block of docker-compose's resolved output, its own lines only, between newlines.
function blockOfService(resolved: string, service: string): string {
  const lines = resolved.split('\n');
  const start = lines.indexOf(`  ${service}:`);
  const end = lines.findIndex((line, index) => index > start && /^ {0,2}\S/.test(line));
  return `\n${lines.slice(start + 1, end === -1 ? undefined : end).join('\n')}\n`;
}

// The example's double-quoted values, as Compose, systemd and a shell read them (scripts/env-example.test.ts).
const unquoted = (value: string) => value.replace(/^"(.*)"$/, '$1');

// Commented-out examples an operator replaces with a generated value of a shape the server checks.
const generated: Record<string, string> = {
  TAX_ID_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  AGREEMENT_SEAL_P12: randomBytes(48).toString('base64'),
};

// What an operator writes into the empty values of the example.
const filledIn: Record<string, string> = {
  POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  SMTP_URL: 'smtp://tandem:mail-password@mail.example.com:587',
};

describe('deploy/compose.yaml with deploy/.env.example', () => {
  let directory: string;
  let example: string;
  let runtimeEnvironment: Record<string, string>;
  let backupEnvironment: Record<string, string>;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-compose-'));
    await fs.mkdir(path.join(directory, 'deploy'));
    await fs.copyFile('deploy/compose.yaml', path.join(directory, 'deploy/compose.yaml'));
    example = await fs.readFile('deploy/.env.example', 'utf8');
    const stages = await dockerfileStages();
    runtimeEnvironment = environmentOf(stages.find((stage) => /\sAS runtime$/i.test(stage.from))?.instructions ?? []);
    backupEnvironment = {
      ...runtimeEnvironment,
      ...environmentOf(stages.find((stage) => /\sAS backup$/i.test(stage.from))?.instructions ?? []),
    };
  });
  afterAll(async () => {
    await fs.rm(directory, { recursive: true, force: true });
  });

  it('is a valid compose file as the example comes', async () => {
    await composeConfig(directory, example, true);
  });

  it('leaves empty exactly the secrets, and refuses to start an instance until they are filled in', async () => {
    const empty = [...settingsOf(example)].filter(([, value]) => value === '').map(([key]) => key);
    expect(empty.sort()).toEqual(Object.keys(filledIn).sort());
    const environment = environmentOfService(await composeConfig(directory, example), 'app-a');
    let problems: string[] = [];
    try {
      loadConfig({ ...runtimeEnvironment, ...environment });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems.map((problem) => problem.split(' ')[0]).sort()).toEqual(['SESSION_SECRET', 'SMTP_URL']);
  });

  it('gives both instances a production configuration the server accepts, on PostgreSQL and Redis', async () => {
    const filled = example.replace(/^([A-Z][A-Z0-9_]*)=$/gm, (_line, key: string) => `${key}=${filledIn[key] ?? ''}`);
    const resolved = await composeConfig(directory, filled);
    for (const instance of INSTANCES) {
      const config = loadConfig({ ...runtimeEnvironment, ...environmentOfService(resolved, instance) });
      expect(config).toMatchObject({
        NODE_ENV: PRODUCTION_ENVIRONMENT.NODE_ENV,
        DATABASE_URL: `postgres://tandem:${filledIn.POSTGRES_PASSWORD}@postgres:5432/tandem`,
        REDIS_URL: 'redis://redis:6379',
        SESSION_SECRET: filledIn.SESSION_SECRET,
        TRUST_PROXY: 1,
      });
      expect(config.adminEmails).toEqual(['admin@example.com']);
      // Compose reads the quoted value as a shell and systemd do.
      expect(config.MAIL_FROM).toBe('Tandem <no-reply@tandem.example.com>');
    }
    // The instances connect as tandem, which the init script makes (owner of the database tandem, no
    // superuser) with the password the superuser is created with and then loses.
    const postgres = environmentOfService(resolved, 'postgres');
    expect(postgres).toMatchObject({ POSTGRES_USER: 'postgres', POSTGRES_PASSWORD: filledIn.POSTGRES_PASSWORD });
    expect(postgres.POSTGRES_DB).toBeUndefined();
    expect(blockOfService(resolved, 'postgres')).toMatch(
      /- \S+\/deploy\/postgres-init:\/docker-entrypoint-initdb\.d:ro\n/,
    );
    const init = await fs.readFile('deploy/postgres-init/10-tandem-role.sh', 'utf8');
    expect(init).toMatch(/CREATE ROLE tandem LOGIN NOSUPERUSER .*PASSWORD :'password';/);
    expect(init).toContain('CREATE DATABASE tandem OWNER tandem;');
    expect(init).toContain('--set password="$POSTGRES_PASSWORD"');
    // The extensions the migrations create exist before the first start.
    const migrations = await fs.readdir('src/server/db/migrations');
    for (const file of migrations.filter((name) => name.endsWith('.sql'))) {
      const text = await fs.readFile(path.join('src/server/db/migrations', file), 'utf8');
      for (const [, extension] of text.matchAll(/CREATE EXTENSION IF NOT EXISTS (\w+)/gi)) {
        expect(init, `${file} creates ${extension}`).toContain(`CREATE EXTENSION IF NOT EXISTS ${extension};`);
      }
    }
  });

  it('hardens every service: read-only root, no capabilities beyond need, no new privileges, limits, rotated logs', async () => {
    const resolved = await composeConfig(
      directory,
      example.replace(/^POSTGRES_PASSWORD=$/m, () => `POSTGRES_PASSWORD=${filledIn.POSTGRES_PASSWORD}`),
    );
    const services = [...resolved.matchAll(/^ {2}([a-z][\w-]*):$/gm)]
      .map((match) => match[1] ?? '')
      .filter((name) => resolved.indexOf(`  ${name}:`) < resolved.indexOf('\nvolumes:'));
    expect(services).toEqual(expect.arrayContaining([...INSTANCES, 'postgres', 'redis', 'nginx']));
    for (const service of services) {
      const block = blockOfService(resolved, service);
      expect(block, `${service} read_only`).toMatch(/\n {4}read_only: true(\n|$)/);
      expect(block, `${service} cap_drop`).toMatch(/\n {4}cap_drop:\n {4}- ALL\n/);
      expect(block, `${service} no-new-privileges`).toMatch(/\n {4}security_opt:\n {4}- no-new-privileges:true\n/);
      expect(block, `${service} logs`).toMatch(
        /\n {4}logging:\n {6}driver: json-file\n {6}options:\n {8}max-file: '\d+'\n {8}max-size: \d+m\n/,
      );
      expect(block, `${service} memory`).toMatch(/\n {4}mem_limit: \d+[mg]\n/);
      expect(block, `${service} cpus`).toMatch(/\n {4}cpus: [\d.]+\n/);
      expect(block, `${service} restart`).toMatch(/\n {4}restart: unless-stopped\n/);
      // Only nginx's master needs capabilities: to bind 80 and 443 and hand its workers to their user.
      const added = /\n {4}cap_add:\n((?: {4}- \w+\n)+)/.exec(block)?.[1]?.match(/\w+/g) ?? [];
      expect(added.sort(), `${service} cap_add`).toEqual(
        service === 'nginx' ? ['CHOWN', 'NET_BIND_SERVICE', 'SETGID', 'SETUID'] : [],
      );
    }
    // The instances are healthy when ready, and nginx starts once both are.
    for (const instance of INSTANCES) {
      expect(blockOfService(resolved, instance)).toMatch(/\n {4}healthcheck:\n(?: {6}.*\n)*.*\/api\/ready/);
    }
    expect(blockOfService(resolved, 'nginx')).toContain(
      INSTANCES.map((instance) => `      ${instance}:\n        condition: service_healthy\n`).join(''),
    );
  });

  it('explains every setting, and each one (the optional ones too) is one the server or the compose file reads', async () => {
    const compose = await fs.readFile('deploy/compose.yaml', 'utf8');
    const lines = example.split('\n');
    const settings = settingsOf(example, { withCommentedOut: true });
    for (const [key] of settings) {
      const index = lines.findIndex((line) => new RegExp(`^(#\\s*)?${key}=`).test(line));
      // The nearest line above that is not another setting is its explanation.
      const above = lines
        .slice(0, index)
        .reverse()
        .find((line) => !/^(#\s*)?[A-Z][A-Z0-9_]*=/.test(line));
      expect(above, `${key} has no comment above it`).toMatch(/^# \S/);
    }
    const everything = Object.fromEntries(
      [...settings].map(([key, value]) => [key, filledIn[key] ?? generated[key] ?? unquoted(value)]),
    );
    const config = loadConfig({ ...runtimeEnvironment, ...everything }) as unknown as Record<string, unknown>;
    const unread = [...settings.keys()].filter((key) => !(key in config) && !compose.includes(`\${${key}`));
    expect(unread, 'settings nothing reads').toEqual([]);
  });

  it('runs two instances of the image, PostgreSQL 16 with a volume and a health check, Redis, and nginx', async () => {
    const resolved = await composeConfig(
      directory,
      example.replace(/^POSTGRES_PASSWORD=$/m, () => `POSTGRES_PASSWORD=${filledIn.POSTGRES_PASSWORD}`),
    );
    for (const instance of INSTANCES) {
      // The release .env.example names (npm run release keeps it in step with package.json), stamped in the image.
      expect(resolved).toMatch(new RegExp(`\\n  ${instance}:\\n(    .*\\n)*    image: tandem:${releaseVersion}\\n`));
      expect(blockOfService(resolved, instance)).toContain(
        `\n      args:\n        TANDEM_VERSION: ${releaseVersion}\n`,
      );
    }
    expect(resolved).toMatch(/\n {2}postgres:\n( {4}.*\n)* {4}image: postgres:16-bookworm\n/);
    expect(resolved).toMatch(/\n {2}postgres:\n( {4}.*\n)* {4}healthcheck:\n/);
    expect(resolved).toMatch(/- postgres-data:\/var\/lib\/postgresql\/data/);
    expect(resolved).toMatch(/\n {2}redis:\n( {4}.*\n)* {4}image: redis:7-bookworm\n/);
    // nginx with deploy/nginx.conf, and the certificate from a volume, both read-only.
    expect(resolved).toMatch(/- \S+\/deploy\/nginx\.conf:\/etc\/nginx\/nginx\.conf:ro\n/);
    expect(resolved).toMatch(/- tls-certificates:\/etc\/nginx\/tls:ro\n/);
  });

  it("runs the backup service from the image's backup stage, on PostgreSQL, its metrics for Prometheus only", async () => {
    const filled = example.replace(/^([A-Z][A-Z0-9_]*)=$/gm, (_line, key: string) => `${key}=${filledIn[key] ?? ''}`);
    const resolved = await composeConfig(directory, filled);
    const block = blockOfService(resolved, 'backup');
    expect(block).toMatch(/\n {4}build:\n(?: {6,}.*\n)* {6}context: \S+\n(?: {6}.*\n)* {6}target: backup\n/);
    for (const instance of INSTANCES) {
      expect(blockOfService(resolved, instance)).toMatch(
        /\n {4}build:\n(?: {6,}.*\n)* {6}context: \S+\n(?: {6}.*\n)* {6}target: runtime\n/,
      );
    }
    expect(block).toContain('\n    command: npm run --silent ops -- backups serve\n');
    expect(block).toContain('\n    depends_on:\n      postgres:\n        condition: service_healthy\n');
    // Prometheus reaches it on the compose network; nothing outside does.
    expect(block).not.toMatch(/\n {4}ports:/);
    const prometheus = await fs.readFile('deploy/prometheus.yml', 'utf8');
    const config = loadConfig({ ...backupEnvironment, ...environmentOfService(resolved, 'backup') });
    expect(config).toMatchObject({
      DATABASE_URL: `postgres://tandem:${filledIn.POSTGRES_PASSWORD}@postgres:5432/tandem`,
      BACKUP_METRICS_HOST: '0.0.0.0',
    });
    expect(prometheus).toMatch(
      new RegExp(
        `- job_name: backup\\n {4}static_configs:\\n {6}- targets:\\n {10}- backup:${config.BACKUP_METRICS_PORT}\\n`,
      ),
    );
    // The dump waits on a volume (TMPDIR), not in the memory of a tmpfs.
    expect(block).toMatch(new RegExp(`\\n {4}- backup-staging:${backupEnvironment.TMPDIR}:rw\\n`));
  });

  it("names in deploy/nginx.conf's upstream exactly these instances and their port", async () => {
    // deploy/nginx.conf is the proxy's (decision 026), written on another branch: until both are merged the
    // compose file only names its path, and this compares nothing.
    const nginx = await fs.readFile('deploy/nginx.conf', 'utf8').catch(() => undefined);
    if (nginx === undefined) return;
    const upstream = /upstream tandem \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    const servers = [...upstream.matchAll(/^\s*server\s+(\S+)/gm)].map((match) => match[1]);
    expect(servers).toEqual(INSTANCES.map((instance) => `${instance}:${PRODUCTION_ENVIRONMENT.PORT}`));
  });
});
