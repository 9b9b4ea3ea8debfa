import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webhookMessages } from '../db/schema';

// How long the delivery log keeps a message, its deliveries and their attempts (as Svix and Stripe do).
export const WEBHOOK_LOG_DAYS = 30;

// The retention job's part: messages older than the log keeps go, their deliveries and attempts with them.
export async function forgetWebhookMessages({ db, now = new Date() }: { db: Database; now?: Date }) {
  await db
    .delete(webhookMessages)
    .where(lt(webhookMessages.createdAt, new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000)));
}
