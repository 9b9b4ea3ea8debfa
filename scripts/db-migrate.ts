// `npm run db:migrate`: applies pending migrations to the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR). The server does this at every start too.
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/client';
import { exitWhenDataDirectoryInUse } from '../src/server/db/lock-data-directory';
import { migrateDatabase, UnsupportedDatabaseError } from '../src/server/db/migrate';

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config).catch(exitWhenDataDirectoryInUse);
try {
  const { applied, total } = await migrateDatabase(database);
  console.log(
    `Migrated the ${database.driver === 'postgres' ? 'PostgreSQL' : 'embedded'} database: ${applied} applied, ${total} in all.`,
  );
} catch (error) {
  if (!(error instanceof UnsupportedDatabaseError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
