import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

// Every booking, and every meeting placed or moved by hand, waits here for the others that involve any of
// the same people to commit: their user rows, locked in one order (no two wait on each other), by a lock
// that conflicts only with itself and plain updates, not with the key-share locks of rows that merely
// reference those users (docs/decisions/031). A booking then reads the free times again and sees the
// meeting the other made.
export async function lockMeetingPeople(tx: Database, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .orderBy(asc(users.id))
    .for('no key update');
}
