import { asc, inArray } from 'drizzle-orm';
import type { OfferedMilestone } from '~/shared/offered-milestones';
import type { Database } from '../../db/client';
import { offerMilestones } from '../../db/schema';

// The offer as both sides read it (decision 035): hourly terms, or a fixed price's milestones and their
// total. A fixed-price offer keeps no rate or hours.
export interface OfferView {
  rate: number | null;
  weekly_hours: number | null;
  start_date: string;
  total_cents: number | null;
  milestones: OfferedMilestone[];
}

// Each offer's milestones in their order, by application id (none for an hourly offer).
export async function loadOfferMilestones(
  db: Database,
  applicationIds: readonly string[],
): Promise<Map<string, OfferedMilestone[]>> {
  const byApplication = new Map<string, OfferedMilestone[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(offerMilestones)
    .where(inArray(offerMilestones.applicationId, [...applicationIds]))
    .orderBy(asc(offerMilestones.applicationId), asc(offerMilestones.position));
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push({ title: row.title, description: row.description, amount_cents: row.amountCents, due_date: row.dueDate });
    byApplication.set(row.applicationId, list);
  }
  return byApplication;
}

// The offer made on an application, or null before one was made.
export function offerViewOf(
  row: { offerRateCents: number | null; offerWeeklyHours: number | null; offerStartDate: string | null },
  milestones: readonly OfferedMilestone[] = [],
): OfferView | null {
  if (row.offerStartDate == null) return null;
  const isFixedPrice = row.offerRateCents == null;
  return {
    rate: row.offerRateCents == null ? null : row.offerRateCents / 100,
    weekly_hours: row.offerWeeklyHours,
    start_date: row.offerStartDate,
    total_cents: isFixedPrice ? milestones.reduce((total, milestone) => total + milestone.amount_cents, 0) : null,
    milestones: [...milestones],
  };
}
