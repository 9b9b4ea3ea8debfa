import { taxTexts } from '~/shared/tax';
import type { AddTaxRate, TaxRate } from '~/shared/tax-rates';
import type { Database } from '../db/client';
import { taxRates } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { isoDay } from '../platform/work-calendar';
import { taxRateView } from './tax-rate-view';

// A country's rate from a day on (decision 053): today or later, since invoices already issued keep theirs; one a
// country and day. Audit-logged.
export async function addTaxRate({
  db,
  input,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  input: AddTaxRate;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<TaxRate> {
  const today = isoDay(now);
  if (input.effective_from < today) {
    throw new AppError('validation', taxTexts.rateFromToday, { effective_from: taxTexts.rateFromToday });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values({
        country: input.country,
        name: input.name,
        rateBasisPoints: input.rate_basis_points,
        effectiveFrom: input.effective_from,
        createdBy: actorId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('conflict', taxTexts.rateExists, { effective_from: taxTexts.rateExists });
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'tax_rate.added',
        targetType: 'tax_rate',
        targetId: row.id,
        details: {
          country: row.country,
          name: row.name,
          rate_basis_points: row.rateBasisPoints,
          from: row.effectiveFrom,
        },
        ipAddress,
      },
    });
    return taxRateView(row, new Set(row.effectiveFrom <= today ? [row.id] : []), today);
  });
}
