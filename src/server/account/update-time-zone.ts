import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

// The zone the person's browser runs in, so others see meeting times in it too. Sent by the portal
// when the browser's zone differs from the last one it sent; not audited (nobody chose it by hand).
export async function updateTimeZone({ db, userId, timeZone }: { db: Database; userId: string; timeZone: string }) {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}
