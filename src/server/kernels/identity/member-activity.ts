import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sessions, users } from '../../db/schema';

// When a person last used Tandem: the latest request of any of their sessions (written at most once a
// minute), or their last sign-in when every session has gone; null if never. Settings → Team, and the
// members lists of the account manager and the administrators, show it beside each member's role.
// The sign-in fallback reads users under its own name: callers pass `users.id` itself, and an unaliased
// `users` would make it `users.id = users.id`, every user's row (a 500 once a member has no session). The
// column must come table-qualified: every caller selects with a join, which makes Drizzle qualify it.
export function lastActiveAtOf(userId: AnyPgColumn) {
  return sql<Date | null>`coalesce(
    (select max(${sessions.lastSeenAt}) from ${sessions} where ${sessions.userId} = ${userId}),
    (select signed_in.last_sign_in_at from ${users} signed_in where signed_in.id = ${userId})
  )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
}
