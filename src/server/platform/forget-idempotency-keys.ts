import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotentRequests } from '../db/schema';
import { IDEMPOTENCY_KEEP_MS } from './idempotency';

// The retention job's part: Idempotency-Keys older than a day are forgotten (platform/idempotency.ts).
export async function forgetIdempotencyKeys({ db, now = new Date() }: { db: Database; now?: Date }) {
  await db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)));
}
