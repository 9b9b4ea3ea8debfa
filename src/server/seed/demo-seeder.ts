import type { Database } from '../db/client';
import type { TaxIdCipher } from '../platform/tax-id-cipher';

// One feature's demo data. Each seeder builds its rows with the factories the tests use and is
// idempotent: it skips what already exists (matched by natural keys such as an email address), so
// running the seed twice changes nothing. Its own file, so seeders and the list of them
// (seed-demo-data.ts) do not import each other.
export interface DemoSeeder {
  name: string;
  // taxIds seals the demo talent's tax identification numbers; only the tax forms' seeder needs it.
  seed(context: { db: Database; taxIds?: TaxIdCipher }): Promise<{ created: number }>;
}
