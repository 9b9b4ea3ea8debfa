import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { startPgBossQueue } from './pg-boss-queue';

// A new embedded database starts from files `npm run build` made (scripts/build-server.ts), beside the
// module that reads them (client.ts, INITIAL_FILES_NAME): the database initdb makes, migrated, with the job
// queue's schema. Making them at each first start took 5 s of a new user's 11 s first `npm start` (initdb
// 3 s, migrations 1.5 s); loading them takes under one. Without them (the sources run through tsx) a new
// database is made as before.

const silentLogger = { error: () => undefined, warn: () => undefined };

// What an app finds after its first start, whatever its data: the schema, and the job queue's tables and queues.
export async function prepareNewDatabase(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const queue = await startPgBossQueue({ database: handle, logger: silentLogger, isWorking: false });
  await queue.stop();
}

// The files of a new in-memory database, prepared, as a gzipped tarball loadDataDir starts from.
export async function makeInitialFiles(): Promise<Uint8Array> {
  const handle = await openDatabase();
  try {
    await prepareNewDatabase(handle);
    // A checkpoint first: the copy starts without replaying the log.
    await handle.runSql('checkpoint');
    const files = await handle.dumpDataDir?.('gzip');
    if (!files) throw new Error('The embedded database cannot dump its files.');
    return new Uint8Array(await files.arrayBuffer());
  } finally {
    await handle.close();
  }
}
