import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { taxTexts } from '~/shared/tax';
import type { AddTaxRate, TaxRate, TaxRateList } from '~/shared/tax-rates';
import type { Database } from '../db/client';
import { taxRates } from '../db/schema';
import { selectRows } from '../db/select-rows';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { isoDay } from '../platform/work-calendar';

// The VAT and GST rates administrators maintain (decision 053). A rate that has taken effect is never changed
// or removed: invoices were issued at it. A change is a new rate from a later day.

type TaxRateRow = typeof taxRates.$inferSelect;

function taxRateView(row: TaxRateRow, currentIds: ReadonlySet<string>, today: string): TaxRate {
  return {
    id: row.id,
    country: row.country,
    name: row.name === 'GST' ? 'GST' : 'VAT',
    rate_basis_points: row.rateBasisPoints,
    effective_from: row.effectiveFrom,
    is_current: currentIds.has(row.id),
    is_scheduled: row.effectiveFrom > today,
  };
}

export async function findTaxRates({
  db,
  page,
  pageSize,
  now = new Date(),
}: {
  db: Database;
  page: number;
  pageSize: number;
  now?: Date;
}): Promise<TaxRateList> {
  const today = isoDay(now);
  const [rows, [total], current] = await Promise.all([
    db
      .select()
      .from(taxRates)
      .orderBy(asc(taxRates.country), desc(taxRates.effectiveFrom))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(taxRates),
    selectRows(
      db,
      z.object({ id: z.string() }),
      sql`select distinct on (country) id from tax_rates where effective_from <= ${today}
          order by country, effective_from desc`,
    ),
  ]);
  const currentIds = new Set(current.map((row) => row.id));
  return {
    items: rows.map((row) => taxRateView(row, currentIds, today)),
    total: total?.total ?? 0,
    page,
    page_size: pageSize,
  };
}

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
    await tx.delete(taxRates).where(and(eq(taxRates.id, id)));
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
