import type { Database } from '../db/client';

// One feature's demo data. Each seeder builds its rows with the factories the tests use and is
// idempotent: it skips what already exists (matched by natural keys such as an email address), so
// running the seed twice changes nothing. Its own file, so seeders and the list of them
// (seed-demo-data.ts) do not import each other.
export interface DemoSeeder {
  name: string;
  seed(context: { db: Database }): Promise<{ created: number }>;
}
