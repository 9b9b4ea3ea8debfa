import { eq } from 'drizzle-orm';
import { taxTexts } from '~/shared/tax';
import type { Database } from '../db/client';
import { taxRates } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { isoDay } from '../platform/work-calendar';

// A rate not yet in effect may go; one that has taken effect stays, since invoices were issued at it (decision 053).
export async function removeTaxRate({
  db,
  id,
  actorId,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  id: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}): Promise<void> {
  const today = isoDay(now);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for('update');
    if (!row) throw new AppError('not_found', taxTexts.rateNotFound);
    if (row.effectiveFrom <= today) throw new AppError('conflict', taxTexts.ratePast);
    await tx.delete(taxRates).where(eq(taxRates.id, id));
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: 'tax_rate.removed',
        targetType: 'tax_rate',
        targetId: id,
        details: {
          country: row.country,
          name: row.name,
          rate_basis_points: row.rateBasisPoints,
          from: row.effectiveFrom,
        },
        ipAddress,
      },
    });
  });
}
