import fs from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { PDF_FONT_PACKAGES } from '../src/server/platform/pdf-document';
import { dockerfileStages, environmentOf, instructionsOf } from './deploy-files';
import { INSTANCE_COMMAND, PRODUCTION_ENVIRONMENT, READINESS_PATH } from './drill/instance';
import { builtCommandOf, COMMANDS_DIRECTORY, OPERATOR_COMMANDS } from './operator-commands';

// No container runs on this machine: what the image will do is held here to what the drills run
// (scripts/drill/instance.ts) and to what the built server needs at run time.

async function packageJson(): Promise<{ scripts: Record<string, string>; dependencies: Record<string, string> }> {
  return JSON.parse(await fs.readFile('package.json', 'utf8'));
}

// A stage by its name (FROM … AS name).
async function stageNamed(name: string) {
  const stage = (await dockerfileStages()).find((candidate) => new RegExp(`\\sAS ${name}$`, 'i').test(candidate.from));
  if (!stage) throw new Error(`The Dockerfile has no stage ${name}.`);
  return stage;
}

describe('the container image (Dockerfile)', () => {
  it('builds in one stage with every dependency and runs from another with the production ones', async () => {
    const stages = await dockerfileStages();
    expect(stages.map((stage) => stage.from.split(/\s+AS\s+/i)[1])).toEqual(['build', 'runtime', 'backup', 'server']);
    // A build without --target (the last stage) is the server: the runtime, nothing added.
    expect(stages.at(-1)).toEqual({ from: 'runtime AS server', instructions: [] });
    const [buildStage, runtime] = stages;
    const nodeMajor = (await packageJson()).dependencies.node?.split('.')[0];
    // The pinned Node's major (decision 016) on Debian 12, slim.
    for (const stage of [buildStage, runtime])
      expect(stage?.from).toMatch(new RegExp(`^node:${nodeMajor}-bookworm-slim\\b`));
    expect(instructionsOf(buildStage?.instructions ?? [], 'RUN').join('\n')).toMatch(
      /npm ci\b[^\n]*\n.*npm run build/s,
    );
    const runtimeRuns = instructionsOf(runtime?.instructions ?? [], 'RUN').join('\n');
    expect(runtimeRuns).toMatch(/npm ci --omit=dev/);
    expect(runtimeRuns).not.toMatch(/npm run build/);
    // Only what the build made comes over: no sources, no tests.
    const copies = instructionsOf(runtime?.instructions ?? [], 'COPY');
    expect(copies).toEqual([
      'package.json package-lock.json ./',
      '--from=build /app/build/server build/server',
      '--from=build /app/build/client build/client',
      '--from=build /app/build/prerender build/prerender',
      `--from=build /app/${COMMANDS_DIRECTORY} ${COMMANDS_DIRECTORY}`,
    ]);
  });

  it('starts, checks and configures an instance as the drills do (scripts/drill/instance.ts)', async () => {
    const runtime = (await stageNamed('runtime')).instructions;
    expect(instructionsOf(runtime, 'CMD').map((text) => JSON.parse(text))).toEqual([[...INSTANCE_COMMAND]]);
    const environment = environmentOf(runtime);
    expect(environment).toMatchObject(PRODUCTION_ENVIRONMENT);
    // The pinned Node (npm ci installs it) is the `node` of CMD and HEALTHCHECK.
    expect(environment.PATH).toMatch(/^\/app\/node_modules\/\.bin:/);
    expect(instructionsOf(runtime, 'WORKDIR')).toEqual(['/app']);
    expect(instructionsOf(runtime, 'EXPOSE')).toEqual([PRODUCTION_ENVIRONMENT.PORT]);
    expect(instructionsOf(runtime, 'VOLUME')).toEqual([environment.DATA_DIR]);

    const [healthcheck = ''] = instructionsOf(runtime, 'HEALTHCHECK');
    const [, probe = '[]'] = /\bCMD\s+(\[.*\])$/.exec(healthcheck) ?? [];
    const [program, ...args] = JSON.parse(probe) as string[];
    // Slim images have no curl.
    expect(program).toBe('node');
    expect(args.join(' ')).toContain(`'${READINESS_PATH}'`);
    expect(args.join(' ')).toContain('process.env.PORT');
  });

  it('runs as the unprivileged node user, who owns DATA_DIR', async () => {
    const runtime = (await stageNamed('runtime')).instructions;
    const users = instructionsOf(runtime, 'USER');
    expect(users.at(-1)).toBe('node');
    expect(users.every((user) => !/^(root|0)(:|$)/.test(user))).toBe(true);
    expect(instructionsOf(runtime, 'RUN').join('\n')).toContain(`chown node:node ${environmentOf(runtime).DATA_DIR}`);
  });

  it("points the image's operator commands at their bundles, the same files the project's scripts run", async () => {
    const runtime = (await stageNamed('runtime')).instructions;
    const runs = instructionsOf(runtime, 'RUN').join('\n');
    const { scripts } = await packageJson();
    for (const [script, source] of Object.entries(OPERATOR_COMMANDS)) {
      expect(scripts[script]).toBe(`node --import tsx ${source}`);
      expect(runs).toContain(`"scripts.${script}=node --enable-source-maps ${builtCommandOf(source)}"`);
    }
    // npm start's check for a newer build reads the sources, which the image does not have.
    expect(runs).toContain('npm pkg delete scripts.prestart');
    expect(scripts.start).toBe(INSTANCE_COMMAND.join(' '));
  });

  it("adds to the runtime, for the backup service, pg_dump of the compose file's PostgreSQL major from PGDG", async () => {
    const backup = await stageNamed('backup');
    expect(backup.from).toMatch(/^runtime\s+AS\s+backup$/i);
    const runs = instructionsOf(backup.instructions, 'RUN').join('\n');
    const compose = await fs.readFile('deploy/compose.yaml', 'utf8');
    const postgresMajor = /\n {4}image: postgres:(\d+)-bookworm\n/.exec(compose)?.[1];
    expect(postgresMajor).toBeDefined();
    // An older pg_dump cannot dump a newer server (backup.ts refuses it): the client is the server's major.
    expect([...runs.matchAll(/postgresql-client-(\d+)/g)].map((match) => match[1])).toEqual([postgresMajor]);
    // PGDG's repository, added by Debian's own postgresql-common with the key it ships.
    expect(runs).toMatch(
      /apt-get install -y --no-install-recommends ca-certificates postgresql-common .*\/usr\/share\/postgresql-common\/pgdg\/apt\.postgresql\.org\.sh -y .*apt-get install -y --no-install-recommends postgresql-client-/,
    );
    expect(runs).toContain('rm -rf /var/lib/apt/lists/*');
    // Root only to install; the service runs as node, its dump in a directory node owns.
    const users = instructionsOf(backup.instructions, 'USER');
    expect(users).toEqual(['root', 'node']);
    const { TMPDIR } = environmentOf(backup.instructions);
    expect(runs).toContain(`chown node:node ${TMPDIR}`);
    const [command = '[]'] = instructionsOf(backup.instructions, 'CMD');
    expect(JSON.parse(command)).toEqual(['npm', 'run', '--silent', 'ops', '--', 'backups', 'serve']);
    expect(compose).toContain(`\n    command: ${JSON.parse(command).join(' ')}\n`);
    // Healthy while /metrics answers, on the port the service listens on.
    const [healthcheck = ''] = instructionsOf(backup.instructions, 'HEALTHCHECK');
    expect(healthcheck).toContain("'/metrics'");
    expect(healthcheck).toContain('process.env.BACKUP_METRICS_PORT || 9465');
  });

  it('keeps out of the build what is built, private or a backup (.dockerignore)', async () => {
    const ignored = (await fs.readFile('.dockerignore', 'utf8'))
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining(['node_modules', 'build', 'data', '.env', 'deploy/.env', '**/tandem-backup-*.tar.gz']),
    );
  });
});

// The bare imports of a build's chunks: the packages it loads from node_modules at run time.
async function packagesImportedBy(config: InlineConfig): Promise<{ packages: Set<string>; code: string }> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-bundle-'));
  try {
    const output = await build({
      configFile: 'vite.server.config.ts',
      logLevel: 'silent',
      ...config,
      build: { ...config.build, outDir, write: false },
    });
    if (Array.isArray(output) || !('output' in output)) throw new Error('The build gave no single bundle.');
    const chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
    // The test routes load only with ENABLE_TEST_ROUTES, which production refuses (decision 020).
    const production = chunks.filter(
      (chunk) => !chunk.moduleIds.some((id) => id.endsWith('src/server/testing/test-routes.ts')),
    );
    const builtins = new Set(builtinModules);
    const packages = new Set<string>();
    for (const chunk of production) {
      for (const imported of [...chunk.imports, ...chunk.dynamicImports]) {
        if (imported.startsWith('.') || imported.startsWith('node:') || chunks.some((c) => c.fileName === imported)) {
          continue;
        }
        const name = imported
          .split('/')
          .slice(0, imported.startsWith('@') ? 2 : 1)
          .join('/');
        if (!builtins.has(name)) packages.add(name);
      }
    }
    return { packages, code: production.map((chunk) => chunk.code).join('\n') };
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

describe('the production dependencies (npm ci --omit=dev)', () => {
  it('hold every package the built server and operator commands load at run time', async () => {
    const server = await packagesImportedBy({});
    const commands = await packagesImportedBy({
      build: {
        ssr: true,
        rolldownOptions: {
          input: Object.fromEntries(
            Object.values(OPERATOR_COMMANDS).map((source) => [path.basename(source, '.ts'), source]),
          ),
        },
      },
    });
    // Packages found by path at run time (the PDF fonts) are no imports: each such lookup is named here.
    expect(server.code.match(/createRequire\(import\.meta\.url\)\.resolve\(/g)).toHaveLength(1);
    const needed = new Set([...server.packages, ...commands.packages, ...PDF_FONT_PACKAGES]);
    // The bundle's imports were read at all.
    expect([...needed]).toEqual(expect.arrayContaining(['fastify', 'pg', '@electric-sql/pglite', 'pdfkit']));
    const { dependencies } = await packageJson();
    const missing = [...needed].filter((name) => !(name in dependencies)).sort();
    expect(missing, `${missing.join(', ')}: loaded at run time, so they belong in dependencies`).toEqual([]);
  }, 60_000);
});
