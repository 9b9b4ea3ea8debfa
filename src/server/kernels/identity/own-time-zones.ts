import { eq, sql } from 'drizzle-orm';
import type { Role } from '~/shared/permissions';
import { isIanaTimeZone } from '~/shared/talent';
import type { Database } from '../../db/client';
import { applicantProfiles, users } from '../../db/schema';

// A person's own time zone, in one place per person (docs/decisions/022): an applicant's is their
// profile's (companies read it on the candidate card and Talent Search filters by it), everyone else's
// is users.time_zone. Null until the person chooses one: nothing here guesses.

// The zone as SQL, for a query that selects from users with applicant_profiles left-joined on the user.
export const ownTimeZoneColumn = sql<
  string | null
>`case when ${users.role} = 'applicant' then ${applicantProfiles.timezone} else ${users.timeZone} end`;

// A stored zone this runtime does not know (an older tz database) reads as not set, rather than breaking
// every date written with it.
export const knownTimeZone = (zone: string | null | undefined): string | null =>
  zone && isIanaTimeZone(zone) ? zone : null;

export async function findOwnTimeZone({ db, userId }: { db: Database; userId: string }): Promise<string | null> {
  const [row] = await db
    .select({ zone: ownTimeZoneColumn })
    .from(users)
    .leftJoin(applicantProfiles, eq(applicantProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return knownTimeZone(row?.zone);
}

// Writes the zone where the person's role keeps it; returns the zone it replaced.
export async function writeOwnTimeZone({
  db,
  userId,
  role,
  timeZone,
}: {
  db: Database;
  userId: string;
  role: Role;
  timeZone: string;
}): Promise<{ before: string | null }> {
  const before = await findOwnTimeZone({ db, userId });
  const now = new Date();
  if (role === 'applicant') {
    // The profile row is made at registration; an account from before that gets one here.
    await db
      .insert(applicantProfiles)
      .values({ userId, timezone: timeZone })
      .onConflictDoUpdate({ target: applicantProfiles.userId, set: { timezone: timeZone, updatedAt: now } });
  } else {
    await db.update(users).set({ timeZone, updatedAt: now }).where(eq(users.id, userId));
  }
  return { before };
}
