import { asc, eq } from 'drizzle-orm';
import type { AccountManagerOption } from '~/shared/admin-companies';
import type { Database } from '../db/client';
import { users } from '../db/schema';

// Who Company Management's dropdown offers: every user with the account_manager role, by name. They
// are staff, a few dozen at most.
export async function findAccountManagerOptions({ db }: { db: Database }): Promise<AccountManagerOption[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'account_manager'))
    .orderBy(asc(users.name), asc(users.id));
}
