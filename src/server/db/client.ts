import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { markConnectFailures } from './connection-failures';
import { type DataDirectoryLock, lockDataDirectory } from './lock-data-directory';
import { NamedStatementClient } from './named-statements';
import { type QueryOptions, readDrizzleTypesAsText } from './pglite-text-types';
import * as schema from './schema';

// Domain code sees one type whichever driver is underneath.
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

type DatabaseDriver = 'pglite' | 'postgres';

// The connections of the database pool: PostgreSQL's pg pool, or PGlite's single connection.
export interface PoolUse {
  max: number;
  inUse: number;
  idle: number;
  // Queries waiting for a connection.
  waiting: number;
}

interface RawResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  // Plain SQL for libraries that bring their own (pg-boss). Without values the text may hold several
  // statements (PGlite only takes those through its simple-query path).
  runSql(text: string, values?: unknown[]): Promise<RawResult>;
  // LISTEN on a channel: PostgreSQL delivers a NOTIFY when its transaction commits, never for a
  // rolled-back one. onConnected runs each time listening (re)starts: NOTIFYs sent while a connection
  // was down are lost, so a listener catches up there. Resolves to a function that stops listening.
  listen(channel: string, onPayload: (payload: string) => void, onConnected?: () => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  // Runs the work while holding a lock by this name that every instance on the database shares (a
  // migration and the demo data: two instances starting together must not both apply them).
  withExclusiveLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  // The embedded database's files as one tarball (PGlite only), which loadDataDir starts a copy from.
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  // The pool's connections now (metrics): PostgreSQL's pool, or PGlite's one connection.
  poolUse(): PoolUse;
  // From now on, every query's time goes to observe (metrics); queries are not timed until asked.
  observeQueries(observe: (seconds: number) => void): void;
  close(): Promise<void>;
}

// Every query passes here on either driver: the one place to time them. Without an observer a query
// costs one extra call; with one, two clock reads.
interface QueryTiming {
  observe?: (seconds: number) => void;
}

function timeQuery<T>(timing: QueryTiming, run: () => Promise<T>): Promise<T> {
  const observe = timing.observe;
  if (!observe) return run();
  const started = performance.now();
  const result = run();
  const finish = () => observe((performance.now() - started) / 1000);
  result.then(finish, finish);
  return result;
}

const namedQuery = NamedStatementClient.prototype.query;

// A pool's client class whose queries are timed. node-postgres answers a pool's query through a
// callback and a transaction's through a promise: both are timed.
function timedClientClass(timing: QueryTiming): typeof pg.Client {
  class TimedClient extends NamedStatementClient {}
  TimedClient.prototype.query = function timedQuery(
    this: pg.Client,
    config: unknown,
    values?: unknown,
    callback?: unknown,
  ) {
    const observe = timing.observe;
    if (!observe) return Reflect.apply(namedQuery, this, [config, values, callback]);
    const started = performance.now();
    const finish = () => observe((performance.now() - started) / 1000);
    const withFinish =
      (done: (...results: unknown[]) => unknown) =>
      (...results: unknown[]) => {
        finish();
        return done(...results);
      };
    if (typeof callback === 'function')
      return Reflect.apply(namedQuery, this, [config, values, withFinish(callback as never)]);
    if (typeof values === 'function') return Reflect.apply(namedQuery, this, [config, withFinish(values as never)]);
    const result: unknown = Reflect.apply(namedQuery, this, [config, values]);
    if (result instanceof Promise) result.then(finish, finish);
    return result;
  } as typeof pg.Client.prototype.query;
  return TimedClient;
}

// Work begun inside one of the embedded database's transactions, and whether that transaction is still open
// (what it left to run later is free once it ends).
const insideTransaction = new AsyncLocalStorage<{ isOpen: boolean }>();

// A query on the database itself, made inside one of its transactions, waits for that transaction to end,
// and the transaction waits for the query: on PGlite's one connection the server hangs for good (a
// settings read on a cache miss, while publishing a job, did). It is refused at once instead, so the
// mistake fails a request and its test rather than stopping every request after it.
export const QUERY_INSIDE_TRANSACTION_MESSAGE =
  'A query on the database made inside a transaction, not through it, would wait for that transaction for ever (PGlite has one connection): pass the transaction instead.';

function unlessInsideTransaction<T>(run: () => Promise<T>): Promise<T> {
  if (insideTransaction.getStore()?.isOpen) return Promise.reject(new Error(QUERY_INSIDE_TRANSACTION_MESSAGE));
  return run();
}

// PGlite as Drizzle and pg-boss use it, with each query timed and what holds its one connection counted:
// a query or a whole transaction, whose own queries then wait for nothing.
function timedPglite(
  client: PGlite,
  timing: QueryTiming,
  withoutDrizzleParsers: (options: QueryOptions) => QueryOptions,
) {
  let holders = 0;
  const hold = async <T>(run: () => Promise<T>): Promise<T> => {
    holders += 1;
    try {
      return await run();
    } finally {
      holders -= 1;
    }
  };
  const wrapped = {
    query: ((query: string, params?: unknown[], options?: QueryOptions) =>
      unlessInsideTransaction(() =>
        hold(() => timeQuery(timing, () => client.query(query, params, withoutDrizzleParsers(options)))),
      )) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) =>
      unlessInsideTransaction(() => hold(() => timeQuery(timing, () => client.exec(...args))))) as PGlite['exec'],
    transaction: (<T>(callback: (transaction: Transaction) => Promise<T>) =>
      unlessInsideTransaction(() =>
        hold(() =>
          client.transaction((transaction) => {
            const timed: Transaction = Object.create(transaction);
            timed.query = ((query: string, params?: unknown[], options?: QueryOptions) =>
              timeQuery(timing, () =>
                transaction.query(query, params, withoutDrizzleParsers(options)),
              )) as Transaction['query'];
            const scope = { isOpen: true };
            return insideTransaction.run(scope, () =>
              callback(timed).finally(() => {
                scope.isOpen = false;
              }),
            );
          }),
        ),
      )) as PGlite['transaction'],
  };
  return { wrapped, holders: () => holders };
}

const LISTEN_RETRY_MS = 1_000;

// A dedicated connection (LISTEN holds its session), reopened after any failure until stopped.
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onConnected: (() => void) | undefined,
  logger: OpenDatabaseOptions['logger'],
): Promise<() => Promise<void>> {
  let isStopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reconnectLater = (error?: unknown) => {
    if (isStopped) return;
    if (error) logger?.error({ err: error }, `listening on ${channel} failed; reconnecting`);
    const failed = client;
    client = undefined;
    failed?.removeAllListeners();
    failed?.end().catch(() => undefined);
    clearTimeout(retry);
    retry = setTimeout(() => void connect().catch(reconnectLater), LISTEN_RETRY_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => client === next && reconnectLater(error));
    next.on('end', () => client === next && reconnectLater());
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    onConnected?.();
  };
  await connect().catch(reconnectLater);
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    await last?.end().catch(() => undefined);
  };
}

interface OpenDatabaseOptions {
  // A PostgreSQL URL; without one the embedded PGlite database is used.
  url?: string;
  // Where PGlite keeps its files; in memory when absent.
  dataDir?: string;
  // PGlite starts from these files (a tarball its dumpDataDir made) instead of an empty database.
  loadDataDir?: Blob;
  // An embedded database already open, used instead of starting one (the test workers keep one between
  // files: testing/test-database.ts).
  pglite?: PGlite;
  logger?: Pick<Logger, 'error'>;
  poolSize?: number;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const timing: QueryTiming = {};
  const observeQueries = (observe: (seconds: number) => void) => {
    timing.observe = observe;
  };
  if (options.url) {
    const pool = new pg.Pool({
      Client: timedClientClass(timing),
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      // A connection's backend keeps its catalog caches and prepared statements (named-statements.ts);
      // pg's default of 10 s idle would drop them after every lull and start cold again.
      idleTimeoutMillis: 5 * 60_000,
    });
    // Without a listener, an idle client's error (a database restart, say) would crash the process. pg-pool
    // hangs the whole client on the error: only what it says is logged.
    pool.on('error', (error) =>
      options.logger?.error(
        { err: { message: error.message, code: (error as { code?: unknown }).code } },
        'idle database connection failed',
      ),
    );
    markConnectFailures(pool);
    const db = drizzleNodePostgres({ client: pool, ...drizzleOptions }) as unknown as Database;
    const url = options.url;
    return {
      db,
      driver: 'postgres',
      runSql: async (text, values) => {
        const result = await pool.query(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      },
      listen: (channel, onPayload, onConnected) => listenOnServer(url, channel, onPayload, onConnected, options.logger),
      withExclusiveLock: async (name, work) => {
        // A session lock lives on one connection: hold one aside while the work uses the others.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock(hashtext($1))', [name]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock(hashtext($1))', [name]);
          }
        } finally {
          holder.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolUse: () => ({
        max: pool.options.max,
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      observeQueries,
      close: () => pool.end(),
    };
  }

  // Files on disk belong to one process at a time (lock-data-directory.ts); an in-memory database is its own.
  let lock: DataDirectoryLock | undefined;
  if (options.dataDir && !options.pglite) {
    lock = await lockDataDirectory(options.dataDir);
    await fs.mkdir(options.dataDir, { recursive: true });
  }
  // pg_trgm: Company Management's search for any part of a name or address (migration 0025).
  // One options object: given as a second argument after an undefined data directory (in memory), the
  // extensions are not loaded and CREATE EXTENSION fails.
  const client =
    options.pglite ??
    new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  try {
    await client.waitReady;
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const { withoutDrizzleParsers, parsedAsPglite } = readDrizzleTypesAsText(client);
  const { wrapped, holders } = timedPglite(client, timing, withoutDrizzleParsers);
  const db = drizzlePglite({ client: wrapped as unknown as PGlite, ...drizzleOptions }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    runSql: async (text, values) => {
      if (values?.length) {
        const result = parsedAsPglite(await wrapped.query<Record<string, unknown>>(text, values));
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      // pg-boss sends several statements at once without values: only exec() takes them.
      const results = await wrapped.exec(text);
      const last = results.at(-1) && parsedAsPglite(results.at(-1) as Results<Record<string, unknown>>);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
    listen: async (channel, onPayload, onConnected) => {
      const unlisten = await client.listen(channel, onPayload);
      onConnected?.();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    // One process owns the embedded database's files (the data directory's lock).
    withExclusiveLock: (_name, work) => work(),
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
    // One connection: in use while a query or transaction holds it, the rest waiting their turn.
    poolUse: () => {
      const held = holders();
      return { max: 1, inUse: Math.min(held, 1), idle: held === 0 ? 1 : 0, waiting: Math.max(held - 1, 0) };
    },
    observeQueries,
    ping: async () => {
      if (client.closed) throw new Error('The embedded database is closed.');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
      await lock?.release();
    },
  };
}

// The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite files in DATA_DIR.
export async function openConfiguredDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATA_DIR'>,
  logger?: OpenDatabaseOptions['logger'],
): Promise<DatabaseHandle & { startedFromInitialFiles: boolean }> {
  const dataDir = config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite');
  // A new embedded database starts from the build's initial files (platform/initial-database-files.ts), when it has them.
  const initialFiles = dataDir && !(await hasDatabaseFiles(dataDir)) ? await readInitialFiles() : undefined;
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE ?? os.availableParallelism() * 2 + 1,
    dataDir,
    loadDataDir: initialFiles,
    logger,
  });
  return Object.assign(handle, { startedFromInitialFiles: initialFiles !== undefined });
}

// The files of a PostgreSQL data directory begin with PG_VERSION.
const hasDatabaseFiles = (dataDir: string) =>
  fs.access(path.join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );

// Beside this module in the built server, where scripts/build-server.ts writes them.
export const INITIAL_FILES_NAME = 'initial-database.tar.gz';

async function readInitialFiles(): Promise<Blob | undefined> {
  try {
    return new Blob([await fs.readFile(path.join(import.meta.dirname, INITIAL_FILES_NAME))]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
