import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client';

// Both drivers (node-postgres and PGlite) answer db.execute with { rows }, which the Database type does not
// say: this is the one place that knows.
async function rowsOf(db: Pick<Database, 'execute'>, query: SQL): Promise<unknown[]> {
  return ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

// The rows of a raw query, parsed by the row's schema: a column the query no longer returns, or returns in
// another type, fails here, where the query is, instead of as a wrong figure further on. The columns of
// row-columns.ts read what the two drivers answer differently (bigint sums, timestamps) as one type.
export async function selectRows<Row extends z.ZodType>(
  db: Pick<Database, 'execute'>,
  row: Row,
  query: SQL,
): Promise<z.output<Row>[]> {
  return z.array(row).parse(await rowsOf(db, query));
}
