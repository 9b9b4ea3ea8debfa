import { and, eq, sql } from 'drizzle-orm';
import type { EnterFxRateInput, FxRate } from '~/shared/fx-rates';
import type { Database } from '../db/client';
import { fxRates } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findFxRate } from './find-fx-rates';
import { trimRate } from './fx-rate-view';

// An administrator's own rate for a pair and a day (validated by enterFxRateSchema). Entering the same
// pair and day again corrects it: the audit log keeps the rate before and after. The ECB's and an imported
// file's rates of that day stay as they were.
export async function enterFxRate({
  db,
  input,
  actorId,
  ipAddress,
}: {
  db: Database;
  input: EnterFxRateInput;
  actorId: string;
  ipAddress?: string;
}): Promise<FxRate> {
  const rate = trimRate(input.rate);
  const id = await db.transaction(async (transaction) => {
    const samePairAndDay = and(
      eq(fxRates.base, input.base),
      eq(fxRates.quote, input.quote),
      eq(fxRates.rateDate, input.rate_date),
      eq(fxRates.source, 'manual'),
    );
    const [before] = await transaction.select({ rate: fxRates.rate }).from(fxRates).where(samePairAndDay).for('update');
    const [row] = await transaction
      .insert(fxRates)
      .values({
        base: input.base,
        quote: input.quote,
        rate,
        rateDate: input.rate_date,
        source: 'manual',
        importedBy: actorId,
      })
      .onConflictDoUpdate({
        target: [fxRates.base, fxRates.quote, fxRates.rateDate, fxRates.source],
        set: { rate, importedBy: actorId, updatedAt: sql`now()` },
      })
      .returning({ id: fxRates.id });
    if (!row) throw new Error('the rate was neither inserted nor updated');
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'fx_rate.entered',
        targetType: 'fx_rate',
        targetId: row.id,
        details: {
          pair: `${input.base}/${input.quote}`,
          rate_date: input.rate_date,
          before: before ? { rate: trimRate(before.rate) } : null,
          after: { rate },
        },
        ipAddress,
      },
    });
    return row.id;
  });
  return findFxRate({ db, id });
}
