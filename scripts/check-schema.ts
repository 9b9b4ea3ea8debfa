// `npm run check:schema`: fails when src/server/db/schema holds a change no committed migration makes.
// drizzle-kit generate runs against a throwaway copy of the migrations folder, so nothing is left behind:
// a new file there means `npm run db:generate` would write a migration.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import drizzleConfig from '../drizzle.config';

// A guard that costs seconds: drizzle-kit takes about two here.
const GENERATE_TIMEOUT_MS = 60_000;
// drizzle-kit exits 0 even when it fails, so only this sentence says the schema matches.
const NOTHING_TO_MIGRATE = 'No schema changes, nothing to migrate';

const { schema, out, dialect, casing } = drizzleConfig as {
  schema: string;
  out: string;
  dialect: string;
  casing: string;
};
const filesIn = (folder: string) => fs.readdirSync(folder, { recursive: true }).map(String).sort();

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-schema-check-'));
let failure: string | undefined;
try {
  const copy = path.join(scratch, 'migrations');
  fs.cpSync(out, copy, { recursive: true });
  const before = new Set(filesIn(copy));
  const generate = spawnSync(
    process.execPath,
    // drizzle-kit puts './' before the output folder, so it takes it relative to here.
    [
      'node_modules/drizzle-kit/bin.cjs',
      'generate',
      `--dialect=${dialect}`,
      `--schema=${schema}`,
      `--out=${path.relative('.', copy)}`,
      `--casing=${casing}`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: GENERATE_TIMEOUT_MS },
  );
  const added = filesIn(copy).filter((file) => !before.has(file));
  if (added.length > 0) {
    const sql = added.filter((file) => file.endsWith('.sql'));
    failure = [
      `The schema in ${schema} differs from the migrations in ${out}: drizzle-kit generate would write ${added.join(', ')}.`,
      ...sql.map((file) => `\n-- ${file}\n${fs.readFileSync(path.join(copy, file), 'utf8').trim()}`),
      '\nRun `npm run db:generate` and commit the migration, or undo the schema change.',
    ].join('\n');
  } else if (generate.status !== 0 || !generate.stdout.includes(NOTHING_TO_MIGRATE)) {
    // A rename question (drizzle-kit refuses to ask it without a terminal) comes only from a schema change.
    failure = [
      `drizzle-kit generate did not say the schema matches the migrations (${generate.error?.message ?? `exit ${generate.status}`}).`,
      'A schema change that drops or renames a column or table makes it ask a question: run `npm run db:generate` to answer it.',
      // Its own words without the table list it prints first or the stack trace.
      ...`${generate.stdout}\n${generate.stderr}`
        .split('\n')
        .filter((line) => line.trim() && !/ columns \d+ indexes | tables$|^\s+at /.test(line)),
    ].join('\n');
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}

if (failure) {
  console.error(failure);
  process.exit(1);
}
console.log(`The schema matches the migrations in ${out}.`);
