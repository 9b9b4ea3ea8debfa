// `npm run build:server`: the production server bundle (vite.server.config.ts), checked to hold no test
// code where it loads at start (scripts/server-bundle-check.ts), then the files it reads from beside its
// own code: the SQL migrations, the common-password list and the CV reader's worker, and the files a new embedded
// database starts from. Then the operator commands the container
// image runs (scripts/operator-commands.ts), bundled the same way into build/commands/.
// `--server-only --out-dir DIR` bundles the server alone into DIR: what src/server/main.test.ts starts.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, type InlineConfig, type Rolldown } from 'vite';
import { INITIAL_FILES_NAME } from '../src/server/db/client';
import { makeInitialFiles } from '../src/server/platform/initial-database-files';
import { builtCommandOf, COMMANDS_DIRECTORY, OPERATOR_COMMANDS } from './operator-commands';
import { findTestCodeInServerBundle } from './server-bundle-check';

async function bundle(config: InlineConfig): Promise<Rolldown.OutputChunk[]> {
  const output = await build({ configFile: 'vite.server.config.ts', logLevel: 'warn', ...config });
  if (Array.isArray(output) || !('output' in output)) throw new Error('The server build gave no single bundle.');
  return output.output.filter((file) => file.type === 'chunk');
}

const { values: options } = parseArgs({
  options: {
    'out-dir': { type: 'string', default: 'build/server' },
    'server-only': { type: 'boolean', default: false },
  },
});
const serverDirectory = options['out-dir'];

const chunks = await bundle({ build: { outDir: serverDirectory } });
const problems = findTestCodeInServerBundle(chunks);
if (problems.length > 0) {
  console.error(`The server bundle loads test code at start (decision 020):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}

// Each file goes beside the chunk that holds the module reading it (import.meta.dirname): which chunk that
// is depends on who else imports the module (the test routes' chunk shares some), so it is looked up.
const filesBesideModules = [
  { module: 'src/server/db/migrate.ts', from: 'src/server/db/migrations', to: 'migrations' },
  {
    module: 'src/server/kernels/identity/passwords.ts',
    from: 'src/server/kernels/identity/common-passwords.txt',
    to: 'common-passwords.txt',
  },
  // The ECB reference rates the demo data and offline machines use (docs/decisions/050).
  {
    module: 'src/server/fx/shipped-ecb-rates.ts',
    from: 'src/server/fx/eurofxref-daily.xml',
    to: 'eurofxref-daily.xml',
  },
  // The IRS's blank forms the talent's tax form is filled into (issue 56).
  {
    module: 'src/server/tax-forms/fill-irs-form.ts',
    from: 'src/server/tax-forms/irs-forms',
    to: 'irs-forms',
  },
  // The CV reader's worker thread: a file of its own, which Node runs as it is (it imports packages only).
  {
    module: 'src/server/talent/read-cv-text.ts',
    from: 'src/server/talent/cv-text-worker.ts',
    to: 'cv-text-worker.ts',
  },
];
// The server holds every such module; a command only some (admin:create checks passwords, db:backup does not).
async function copyFilesBesideModules(built: Rolldown.OutputChunk[], outDir: string, { isEveryOneNeeded = false }) {
  for (const { module, from, to } of filesBesideModules) {
    const chunk = built.find((candidate) => candidate.moduleIds.includes(path.resolve(module)));
    if (!chunk && isEveryOneNeeded)
      throw new Error(`No chunk of the server bundle holds ${module}, which reads ${from}.`);
    if (chunk) await fs.cp(from, path.join(outDir, path.dirname(chunk.fileName), to), { recursive: true });
  }
}
await copyFilesBesideModules(chunks, serverDirectory, { isEveryOneNeeded: true });
await writeInitialDatabaseFiles(chunks, serverDirectory);
const sizes = await Promise.all(
  chunks.map(async ({ fileName }) => `${fileName} ${(await fs.stat(path.join(serverDirectory, fileName))).size} B`),
);
console.log(
  `Built the server: ${path.join(serverDirectory, 'main.js')}, no test code loaded at start (${sizes.join(', ')})`,
);
if (!options['server-only']) await buildOperatorCommands();

// The files a new embedded database starts from (src/server/platform/initial-database-files.ts), beside the chunk that reads
// them. Made once for what they are made of (the migrations, the code that prepares them, the PGlite and
// pg-boss versions), and kept in node_modules/.cache for the next build: making them takes seconds.
async function writeInitialDatabaseFiles(built: Rolldown.OutputChunk[], outDir: string) {
  const reader = path.resolve('src/server/db/client.ts');
  const chunk = built.find((candidate) => candidate.moduleIds.includes(reader));
  if (!chunk) throw new Error(`No chunk of the server bundle holds ${reader}, which reads ${INITIAL_FILES_NAME}.`);
  const hash = createHash('sha256');
  const migrations = 'src/server/db/migrations';
  const sources = [
    ...(await fs.readdir(migrations, { recursive: true, encoding: 'utf8' }))
      .sort()
      .map((file) => path.join(migrations, file)),
    'src/server/platform/initial-database-files.ts',
    'src/server/platform/pg-boss-queue.ts',
    'node_modules/@electric-sql/pglite/package.json',
    'node_modules/pg-boss/package.json',
  ];
  for (const source of sources) {
    if ((await fs.stat(source)).isFile()) hash.update(source).update(await fs.readFile(source));
  }
  const cached = path.join(
    'node_modules/.cache/tandem-build',
    `initial-database-${hash.digest('hex').slice(0, 16)}.tar.gz`,
  );
  const target = path.join(outDir, path.dirname(chunk.fileName), INITIAL_FILES_NAME);
  try {
    await fs.copyFile(cached, target);
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const files = await makeInitialFiles();
  await fs.mkdir(path.dirname(cached), { recursive: true });
  // Under a temporary name first: a build stopped halfway leaves no half-written cache.
  await fs.writeFile(`${cached}.${process.pid}`, files);
  await fs.rename(`${cached}.${process.pid}`, cached);
  await fs.copyFile(cached, target);
}

async function buildOperatorCommands() {
  const commandChunks = await bundle({
    build: {
      ssr: true,
      outDir: COMMANDS_DIRECTORY,
      rolldownOptions: {
        input: Object.fromEntries(
          Object.values(OPERATOR_COMMANDS).map((source) => [path.basename(builtCommandOf(source), '.js'), source]),
        ),
      },
    },
  });
  const testCode = commandChunks
    .flatMap((chunk) => chunk.moduleIds)
    .filter((id) => /\/src\/.*(\/testing\/|\.test\.tsx?$)/.test(id));
  if (testCode.length > 0) {
    console.error(`The operator commands hold test code (decision 020):\n- ${testCode.join('\n- ')}`);
    process.exit(1);
  }
  await copyFilesBesideModules(commandChunks, COMMANDS_DIRECTORY, {});
  console.log(`Built the operator commands: ${Object.values(OPERATOR_COMMANDS).map(builtCommandOf).join(', ')}`);
}
