// `npm run seed:talent -- 1000000`: loads that many synthetic, varied applicants with listed profiles
// (src/server/seed/talent-at-scale.ts) into the PostgreSQL database of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/tandem_talent, created and migrated when missing). Running it again
// adds only the applicants not there yet. Prints the time it took and the table and index sizes.
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { runOnServer } from '../src/server/db/postgres-server';
import { seedTalentAtScale } from '../src/server/seed/talent-at-scale';

export const TALENT_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tandem_talent';

// Creates the database when missing and brings its schema up to date.
export async function prepareTalentDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const probe = new pg.Client({ connectionString: server.toString() });
  await probe.connect();
  const found = await probe.query('select 1 from pg_database where datname = $1', [name]);
  await probe.end();
  if (found.rowCount === 0) await runOnServer(server.toString(), `CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  const database = await openDatabase({ url: databaseUrl, poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
}

export async function printTalentSizes(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ name: string; size: string }>(
    `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size from pg_class c
     where c.relname = 'applicant_profiles' or c.relname like 'applicant_profiles_%idx' or c.relname = 'talent_skills'
     order by pg_relation_size(c.oid) desc`,
  );
  await client.end();
  console.log('| table or index | size |\n|---|---:|');
  for (const row of rows) console.log(`| ${row.name} | ${row.size} |`);
}

export async function seedTalent(databaseUrl: string, count: number) {
  await prepareTalentDatabase(databaseUrl);
  const started = performance.now();
  let lastReport = 0;
  const added = await seedTalentAtScale({
    databaseUrl,
    count,
    onProgress: (done) => {
      if (done - lastReport >= 100_000 || done === count) {
        lastReport = done;
        console.log(`  ${done.toLocaleString('en-US')} of ${count.toLocaleString('en-US')}`);
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `added ${added.toLocaleString('en-US')} applicants in ${seconds.toFixed(1)} s (${count.toLocaleString('en-US')} wanted)`,
  );
  return { added, seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 1_000_000);
  if (!Number.isInteger(count) || count < 1) {
    console.error('Give the number of applicants: npm run seed:talent -- 1000000');
    process.exit(1);
  }
  await seedTalent(TALENT_DATABASE_URL, count);
  await printTalentSizes(TALENT_DATABASE_URL);
}
