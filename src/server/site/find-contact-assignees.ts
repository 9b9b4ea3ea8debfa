import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

// Who a contact message can be assigned to: the active administrators, by name.
export async function findContactAssignees({ db }: { db: Database }) {
  const items = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.name), asc(users.id));
  return { items };
}
