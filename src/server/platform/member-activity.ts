import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessions, users } from '../db/schema';

// When a person last used Tandem: the latest of their last sign-in and the last request of any of their
// sessions (sessions.last_seen_at), null if never. The members lists (account manager, administrators)
// show it beside each member's role.
export function lastActiveAtOf(userId: AnyPgColumn) {
  return sql<Date | null>`greatest(
    (select ${users.lastSignInAt} from ${users} where ${users.id} = ${userId}),
    (select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${userId})
  )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
}
