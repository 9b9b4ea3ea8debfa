import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

// A code is accepted once: the step is recorded only when it is later than the last one used, in one
// statement, so two instances receiving the same code at once cannot both accept it.
export async function claimTimeStep({
  db,
  userId,
  timeStep,
}: {
  db: Database;
  userId: string;
  timeStep: number;
}): Promise<boolean> {
  const [claimed] = await db
    .update(users)
    .set({ totpLastTimeStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep))))
    .returning({ id: users.id });
  return claimed !== undefined;
}
