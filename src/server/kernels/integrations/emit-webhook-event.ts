import { and, arrayContains, eq, isNull, or } from 'drizzle-orm';
import { type WebhookEventData, type WebhookEventType, webhookEventCatalogue } from '~/shared/webhooks';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookMessages } from '../../db/schema';

// Records an event for the webhook endpoints that chose it (issue 58), in the transaction of the change itself:
// the message and its deliveries exist exactly when the change does. A trigger announces each delivery at commit,
// and the delivery worker posts it (webhooks/announce-webhook-deliveries.ts, webhooks/deliver-webhook.ts).
// companyId null: an event of no company (a payout), which only platform endpoints hear.
export async function emitWebhookEvent<T extends WebhookEventType>({
  db,
  companyId,
  type,
  data,
  now = new Date(),
}: {
  db: Database;
  companyId: string | null;
  type: T;
  data: WebhookEventData<T>;
  now?: Date;
}): Promise<void> {
  const listening = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        companyId
          ? or(eq(webhookEndpoints.companyId, companyId), isNull(webhookEndpoints.companyId))
          : isNull(webhookEndpoints.companyId),
        arrayContains(webhookEndpoints.eventTypes, [type]),
      ),
    );
  if (listening.length === 0) return;
  // The documented shape only: a field an emitter adds by mistake never leaves.
  const payload = JSON.stringify({
    type,
    timestamp: now.toISOString(),
    data: webhookEventCatalogue[type].data.parse(data),
  });
  const [message] = await db
    .insert(webhookMessages)
    .values({ companyId, eventType: type, payload, createdAt: now })
    .returning({ id: webhookMessages.id });
  if (!message) throw new Error('The webhook message was not stored.');
  await db.insert(webhookDeliveries).values(
    listening.map((endpoint) => ({
      messageId: message.id,
      endpointId: endpoint.id,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
