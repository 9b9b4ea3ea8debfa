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
