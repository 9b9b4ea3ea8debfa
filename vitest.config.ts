import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// A console.error fails every kind of test (docs/style.md 19).
const failOnConsoleError = 'src/server/testing/fail-on-console-error.ts';

// A node test file that builds a test app or a test database (itself, or through the route fuzz) runs once
// per database kind: PGlite, and PostgreSQL when DATABASE_URL is set (the few onePassFiles below: once).
// Every other file runs once.
const opensTestDatabase = /from '[^']*\/(test-app|test-database|route-fuzz)'/;
// A file that opens embedded databases in directories of its own, from the run's migrated PGlite files
// (pglite-template-files.ts): the PGlite pass, which has them, alone. In no pass it ran initdb itself (~2 s,
// 13 s on a busy machine).
const opensOwnPglite = /from '[^']*\/pglite-template-files'/;

function nodeTestFiles(): { database: string[]; pgliteOnly: string[]; pure: string[] } {
  const database: string[] = [];
  const pgliteOnly: string[] = [];
  const pure: string[] = [];
  for (const root of ['src', 'scripts']) {
    for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.test.ts')) continue;
      const file = path.join(root, entry);
      const text = fs.readFileSync(file, 'utf8');
      if (opensTestDatabase.test(text)) database.push(file);
      else if (opensOwnPglite.test(text)) pgliteOnly.push(file);
      else pure.push(file);
    }
  }
  return { database, pgliteOnly, pure };
}

// Files that start the server as real processes: a minute of one worker, so their project ('boot', first by
// name) starts the run beside the database passes instead of ending it alone.
const bootFiles = ['src/server/main.test.ts'];

const files = nodeTestFiles();

// Files share a worker's loaded modules (the server graph costs seconds to load); what a file changes
// globally is put back after it: stubs, mocks, fake timers (fail-on-console-error.ts), and each file builds
// its own app.
const sharedWorker = {
  environment: 'node',
  isolate: false,
  setupFiles: [failOnConsoleError],
  unstubGlobals: true,
  unstubEnvs: true,
} satisfies TestProjectInlineConfiguration['test'];

// Files whose subject is the HTTP layer, not the database engine, run on one database a run: PostgreSQL when
// there is one, else PGlite. They use the database to sign someone in; what they check (routing, access
// policies, contracts, headers, request logs, metrics, the API document, the live socket) is the same
// on both, and every engine difference a request could meet is covered by the API tests, which run on both.
// The route fuzz alone took 160 s of a worker on PGlite against 43 s on PostgreSQL.
const onePassFiles = [
  ...[1, 2, 3, 4].map((shard) => `src/server/platform/route-fuzz-${shard}.test.ts`),
  // Starts a PostgreSQL cluster and a Redis of its own; the test database only signs people in.
  'src/server/health/dependency-outages.test.ts',
  'src/server/platform/route-policies.test.ts',
  'src/server/platform/route-plumbing.test.ts',
  'src/server/platform/route-contracts.test.ts',
  'src/server/platform/openapi.test.ts',
  'src/server/platform/security-headers.test.ts',
  'src/server/platform/request-log.test.ts',
  'src/server/platform/metrics.test.ts',
  'src/server/platform/web-client.test.ts',
  'src/server/realtime/live-socket.test.ts',
  'src/server/realtime/live-commands.test.ts',
  'src/server/realtime/live-command-policies.test.ts',
  'src/client/lib/live-socket.test.ts',
];
const hasPostgres = Boolean(process.env.DATABASE_URL);

function databaseProject(name: string, databaseUrl: string): TestProjectInlineConfiguration {
  const runsOnePassFiles = databaseUrl !== '' || !hasPostgres;
  const kindFiles = databaseUrl === '' ? [...files.database, ...files.pgliteOnly] : files.database;
  return {
    extends: true,
    test: {
      ...sharedWorker,
      name,
      include: runsOnePassFiles ? kindFiles : kindFiles.filter((file) => !onePassFiles.includes(file)),
      env: { DATABASE_URL: databaseUrl },
      globalSetup: ['src/server/testing/vitest-global-setup.ts'],
      // A file's app (and a PostgreSQL database copy) starts in about a second.
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { '~': path.resolve(import.meta.dirname, 'src') },
  },
  test: {
    // Three on two cores (vitest's default there is one): a worker waiting on PostgreSQL or a server it
    // started leaves a core idle, and a third fills it — the whole run 271 s with two, 259 s with three
    // (one run each, quiet, same clone and warm module cache), as Playwright's third worker did.
    maxWorkers: 3,
    // The durations reporter feeds `npm run test:durations` (docs/testing.md).
    reporters: ['default', './src/server/testing/durations-reporter.ts'],
    // Transformed modules are kept on disk between runs: a file run alone skips transforming the server graph.
    experimental: { fsModuleCache: true },
    // Projects run in name order, longest files first within each: the server processes and the database
    // passes start the run and the short unit files fill its tail.
    projects: [
      {
        extends: true,
        test: {
          ...sharedWorker,
          name: 'boot',
          include: bootFiles,
          // The server bundle, built once for the run.
          globalSetup: ['src/server/testing/boot-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      databaseProject('db-pglite', ''),
      ...(hasPostgres ? [databaseProject('db-postgres', process.env.DATABASE_URL ?? '')] : []),
      {
        extends: true,
        test: {
          // Component tests: the real pages and routes in a simulated browser, the API faked per test
          // (src/client/testing/render-route.tsx).
          name: 'dom',
          include: ['src/**/*.test.tsx'],
          // jsdom, one window per worker (src/client/testing/jsdom-per-worker.ts).
          environment: './src/client/testing/jsdom-per-worker.ts',
          // Like the node files, a worker imports React and the pages once (40 s of the project's 95);
          // setup-dom.ts clears the query cache, toasts and stubs after every test.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          setupFiles: [failOnConsoleError, 'src/client/testing/setup-dom.ts'],
          testTimeout: 15_000,
          // A file's beforeAll may import its pages cold (render-route.tsx preloadPages).
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          ...sharedWorker,
          name: 'unit',
          include: files.pure.filter((file) => !bootFiles.includes(file)),
          testTimeout: 20_000,
        },
      },
    ],
  },
});
