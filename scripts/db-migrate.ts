// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR). The server does this at every start too.
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/client';
import { exitWhenDataDirectoryInUse } from '../src/server/db/lock-data-directory';
import { migrateDatabase } from '../src/server/db/migrate';

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config).catch(exitWhenDataDirectoryInUse);
try {
  await migrateDatabase(database);
  console.log(`Migrated the ${database.driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database.`);
} finally {
  await database.close();
}
