import type pg from 'pg';

// How a database that went away shows itself to a request, so that the answer can say so (errors.ts):
// 'unreachable' — no connection could be made: nothing of the request's statement ran there.
// 'lost' — the connection broke under a statement: it may or may not have run.
export type ConnectionFailure = 'unreachable' | 'lost';

const failureKind = Symbol('databaseConnectionFailure');

// pg-pool's wait for a free connection: the pool is busy, the database well (errors.ts answers it 504).
const POOL_WAIT_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

// The server ended the session (a fast or crash shutdown, an administrator's pg_terminate_backend), or the
// connection failed in the middle (class 08).
const LOST_CONNECTION_STATES = new Set(['57P01', '57P02', '08000', '08003', '08006']);

function markUnreachable(error: unknown): unknown {
  if (error instanceof Error && error.message !== POOL_WAIT_TIMEOUT_MESSAGE) {
    Object.defineProperty(error, failureKind, { value: 'unreachable' });
  }
  return error;
}

// Every connection the pool opens passes here (its own query() calls connect() too): a failure to open
// one is the database out of reach — refused, timed out, or the server starting up or shutting down (57P03).
export function markConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (callback?: (...results: unknown[]) => void) => unknown;
  pool.connect = ((callback?: (error: unknown, ...rest: unknown[]) => void) =>
    callback
      ? connect((error: unknown, ...rest: unknown[]) => callback(error ? markUnreachable(error) : error, ...rest))
      : (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
          throw markUnreachable(error);
        })) as typeof pool.connect;
}

export function connectionFailureOf(error: unknown): ConnectionFailure | undefined {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const marked = (cause as { [failureKind]?: ConnectionFailure })[failureKind];
    if (marked) return marked;
    // The embedded database once closed (the process is stopping): nothing ran.
    if (cause.message === 'PGlite is closed') return 'unreachable';
    const code = (cause as { code?: unknown }).code;
    if (cause.message === 'Connection terminated unexpectedly') return 'lost';
    if (typeof code === 'string' && LOST_CONNECTION_STATES.has(code)) return 'lost';
  }
  return undefined;
}
