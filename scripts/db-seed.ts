// `npm run db:seed`: loads the demo data into the configured database. Idempotent: what exists is kept.
// With the embedded database, stop the server first: it holds the database (the command says so).
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/client';
import { exitWhenDataDirectoryInUse } from '../src/server/db/lock-data-directory';
import { migrateDatabase } from '../src/server/db/migrate';
import { createTaxIdCipher, taxIdKeysOf } from '../src/server/platform/tax-id-cipher';
import { resolveSecret } from '../src/server/secret';
import { demoSeeders, seedDemoData } from '../src/server/seed/seed-demo-data';

const config = loadConfig(process.env);
if (config.NODE_ENV === 'production') {
  console.error('Demo data is never loaded in production: its accounts have a published password.');
  process.exit(1);
}
const database = await openConfiguredDatabase(config).catch(exitWhenDataDirectoryInUse);
try {
  await migrateDatabase(database);
  // The server's own key, so the demo talent's tax identification numbers open where the server runs.
  const taxIds = createTaxIdCipher(taxIdKeysOf({ config, secret: await resolveSecret(config) }));
  const report = await seedDemoData({ db: database.db, taxIds });
  if (demoSeeders.length === 0) console.log('Migrated; no feature has demo data to load yet.');
  for (const { name, created } of report) console.log(`${name}: ${created} created`);
} finally {
  await database.close();
}
