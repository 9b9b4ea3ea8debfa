import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

export async function revokeSession({ db, sessionId }: { db: Database; sessionId: string }) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}
