import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

// The rows of a raw query, typed by the caller. Both drivers (node-postgres and PGlite) answer
// db.execute with { rows }, which the Database type does not say: this is the one place that knows.
export async function selectRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
