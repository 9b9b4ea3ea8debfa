import { date, index, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fxRateSources } from '~/shared/fx-rates';
import { users } from './auth';

export const fxRateSource = pgEnum('fx_rate_source', fxRateSources);

// Exchange rates with their source (docs/decisions/050): one unit of `base` buys `rate` of `quote` on
// `rateDate`. Each source keeps its own rate for a day, so an import repeated stores nothing twice and a
// rate entered by hand never overwrites the ECB's.
export const fxRates = pgTable(
  'fx_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    base: text().notNull(),
    quote: text().notNull(),
    // Read and written as a decimal string: mode 'string' keeps every digit.
    rate: numeric({ precision: 20, scale: 10, mode: 'string' }).notNull(),
    rateDate: date({ mode: 'string' }).notNull(),
    source: fxRateSource().notNull(),
    // Who imported or entered it; null for the scheduled fetch and the demo data.
    importedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fx_rates_pair_day_source_unique').on(table.base, table.quote, table.rateDate, table.source),
    // The latest rate of a pair: the list and every conversion look it up by pair, newest day first.
    index('fx_rates_pair_latest_idx').on(table.base, table.quote, table.rateDate.desc()),
    // An erasure sets the importer to null.
    index('fx_rates_imported_by_idx').on(table.importedBy),
  ],
);
