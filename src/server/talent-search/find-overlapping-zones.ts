import { gt } from 'drizzle-orm';
import { isIanaTimeZone, utcOffsetMinutes, workingHoursOverlapOfOffsets } from '~/shared/talent';
import type { Database } from '../db/client';
import { talentTimeZones } from '../db/schema';
import type { SharedCache } from '../platform/shared-cache';

// Worked out once an hour for each zone and overlap asked for: offsets only move with daylight saving
// time, and a zone that gains its first profile waits at most this long to be found.
const ZONES_TTL_SECONDS = 10 * 60;
const HOUR_MS = 3_600_000;

// The time zones listed profiles are in whose working day shares at least `hours` with a working day in
// `zone`, at this hour's offsets.
export async function findOverlappingZones({
  db,
  cache,
  zone,
  hours,
  at = new Date(),
}: {
  db: Database;
  cache: SharedCache;
  zone: string;
  hours: number;
  at?: Date;
}): Promise<string[]> {
  const key = `talent-overlap:${Math.floor(at.getTime() / HOUR_MS)}:${hours}:${zone}`;
  const cached = await cache.get<string[]>(key);
  if (cached) return cached;
  const rows = await db
    .select({ name: talentTimeZones.name })
    .from(talentTimeZones)
    .where(gt(talentTimeZones.profileCount, 0));
  const offset = utcOffsetMinutes(zone, at);
  const zones = rows
    .map((row) => row.name)
    // A zone this runtime does not know (written before an update of its time zone data) matches nothing.
    .filter((name) => isIanaTimeZone(name))
    .filter((name) => workingHoursOverlapOfOffsets(offset, utcOffsetMinutes(name, at)) >= hours);
  await cache.set(key, zones, ZONES_TTL_SECONDS);
  return zones;
}
