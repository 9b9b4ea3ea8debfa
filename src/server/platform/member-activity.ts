import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessions, users } from '../db/schema';

// When a person last used Tandem: the latest request of any of their sessions (written at most once a
// minute), or their last sign-in when every session has gone; null if never. Settings → Team, and the
// members lists of the account manager and the administrators, show it beside each member's role.
export function lastActiveAtOf(userId: AnyPgColumn) {
  return sql<Date | null>`coalesce(
    (select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${userId}),
    (select ${users.lastSignInAt} from ${users} where ${users.id} = ${userId})
  )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
}
