import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { selectRows } from '../db/select-rows';
import { readShippedEcbRates } from '../fx/shipped-ecb-rates';
import { storeEcbRates } from '../fx/store-ecb-rates';
import type { DemoSeeder } from './demo-seeder';

// Exchange rates for `npm start` with no network (issue 55): the ECB file the project ships, stored as the
// ECB's; the daily fetch adds newer days where the ECB is reachable. Stored once per pair and day.
export const demoFxRatesSeeder: DemoSeeder = {
  name: 'exchange rates',
  async seed({ db }) {
    const { stored } = await storeEcbRates({ db, rates: await readShippedEcbRates(), source: 'ecb' });
    return { created: stored };
  },
};

// The day of the newest rate stored, for the start-up message: the demo says how old its rates are.
export async function newestRateDay({ db }: { db: Database }): Promise<string | null> {
  const [row] = await selectRows(
    db,
    z.object({ day: z.string().nullable() }),
    sql`select max(rate_date)::text as day from fx_rates`,
  );
  return row?.day ?? null;
}
