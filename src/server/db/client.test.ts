import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { type DatabaseHandle, QUERY_INSIDE_TRANSACTION_MESSAGE } from './client';

// Why a promise was refused: Drizzle wraps a query's error as its cause.
async function refusalOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'answered',
    (error: Error) => (error.cause instanceof Error ? error.cause : error).message,
  );
}

// What db.execute answered, on either driver.
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

describe('a query made inside a transaction but not through it', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  // On PGlite's one connection it would wait for the transaction, which waits for it: the server hung for
  // good. It is refused there at once; PostgreSQL answers it on another of its pool's connections.
  it('is refused with the reason on PGlite, answered on PostgreSQL, and never hangs', async () => {
    const { db } = database;
    const outside = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      return db.execute(sql`select 2 as two`);
    });
    if (database.driver === 'pglite') {
      expect(await refusalOf(outside)).toBe(QUERY_INSIDE_TRANSACTION_MESSAGE);
      // A transaction opened on the database inside another is the same mistake.
      expect(await refusalOf(db.transaction(() => db.transaction(async () => undefined)))).toBe(
        QUERY_INSIDE_TRANSACTION_MESSAGE,
      );
    } else {
      expect(rowsOf(await outside)).toEqual([{ two: 2 }]);
    }
    // The database goes on answering, through its transactions and without.
    expect(rowsOf(await db.transaction((tx) => tx.execute(sql`select 3 as three`)))).toEqual([{ three: 3 }]);
    expect(rowsOf(await db.execute(sql`select 4 as four`))).toEqual([{ four: 4 }]);
    // Work started inside a transaction and left to run after it (not awaited) is no longer inside it
    // once the transaction has ended.
    let later: Promise<unknown> | undefined;
    await db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => db.execute(sql`select 5`));
    });
    expect(await later).toBeTruthy();
  });
});

// The embedded database reads timestamps as text for Drizzle, which parses them itself, and parses them for
// raw queries (pg-boss's), as node-postgres does on PostgreSQL (pglite-text-types.ts).
describe('dates and times', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const query = `select '2026-11-28 10:00:00.123+00'::timestamptz as at,
    array['2026-11-28 10:00:00+00'::timestamptz, '2026-11-29 10:00:00+00'::timestamptz] as ats`;

  it('are text to Drizzle on either driver, and Dates to a raw query with or without values', async () => {
    const [drizzleRow] = rowsOf(await database.db.execute(sql.raw(query))) as Array<Record<string, unknown>>;
    expect(typeof drizzleRow?.at).toBe('string');
    expect(new Date(String(drizzleRow?.at)).toISOString()).toBe('2026-11-28T10:00:00.123Z');

    for (const raw of [await database.runSql(query), await database.runSql(`${query} where $1::int = 1`, [1])]) {
      expect(raw.rows).toEqual([
        {
          at: new Date('2026-11-28T10:00:00.123Z'),
          ats: [new Date('2026-11-28T10:00:00Z'), new Date('2026-11-29T10:00:00Z')],
        },
      ]);
    }
  });

  it('keep their milliseconds through a table Drizzle reads and writes, in and out of a transaction', async () => {
    const at = new Date('2026-11-28T10:00:00.456Z');
    const { db } = database;
    await db.execute(sql`create temporary table moments (at timestamptz not null)`);
    await db.transaction((tx) => tx.execute(sql`insert into moments values (${at.toISOString()})`));
    const read = await db.execute(sql`select at from moments`);
    expect(new Date(String((rowsOf(read)[0] as { at: string }).at)).getTime()).toBe(at.getTime());
    const inTransaction = await db.transaction((tx) => tx.execute(sql`select at from moments`));
    expect(rowsOf(inTransaction)).toEqual(rowsOf(read));
  });
});
