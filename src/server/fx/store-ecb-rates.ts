import type { FxRateSource } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { fxRates } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { EcbRate } from './ecb-reference-rates';

// Stores the rates of an ECB file (imported by an administrator, fetched on schedule, or shipped with the
// demo data). A rate already stored for its pair, day and source is kept as it is: the ECB does not revise
// a published day, so importing or fetching the same file again stores nothing. Audit-logged with what it
// stored, when it stored anything or an administrator asked.
export async function storeEcbRates({
  db,
  rates,
  source,
  actorId,
  ipAddress,
}: {
  db: Database;
  rates: EcbRate[];
  source: Exclude<FxRateSource, 'manual'>;
  actorId?: string;
  ipAddress?: string;
}): Promise<{ rates: number; stored: number; dates: string[] }> {
  const dates = [...new Set(rates.map((rate) => rate.rateDate))].sort();
  return db.transaction(async (transaction) => {
    let stored = 0;
    // A few hundred rows a statement: the full history since 1999 is some 200,000 rates.
    for (let start = 0; start < rates.length; start += 500) {
      const inserted = await transaction
        .insert(fxRates)
        .values(
          rates.slice(start, start + 500).map((rate) => ({
            base: rate.base,
            quote: rate.quote,
            rate: rate.rate,
            rateDate: rate.rateDate,
            source,
            importedBy: actorId ?? null,
          })),
        )
        .onConflictDoNothing({ target: [fxRates.base, fxRates.quote, fxRates.rateDate, fxRates.source] })
        .returning({ id: fxRates.id });
      stored += inserted.length;
    }
    if (stored > 0 || actorId) {
      await recordAuditEvent({
        db: transaction,
        event: {
          actorId: actorId ?? null,
          action: 'fx_rates.imported',
          targetType: 'fx_rates',
          details: { source, rates: rates.length, stored, first_date: dates[0], last_date: dates.at(-1) },
          ipAddress,
        },
      });
    }
    return { rates: rates.length, stored, dates };
  });
}
