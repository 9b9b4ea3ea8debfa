import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateWebhookEndpointSchema, WebhookEndpoint } from '~/shared/webhooks';
import { webhookEndpoints } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { checkWebhookUrl, type WebhookTargetPolicy } from './webhook-target';
import { checkEventTypes, describeEndpoint, findScopedEndpoint, type WebhookActor } from './webhook-views';

// Changes an endpoint's address, description or events, or turns it off and on. Turned back on, it starts
// afresh: what failed while it was off stays failed until replayed.
export async function updateWebhookEndpoint({
  db,
  scope,
  actorId,
  ipAddress,
  policy,
  id,
  input,
  now = new Date(),
}: WebhookActor & {
  policy: WebhookTargetPolicy;
  id: string;
  input: z.output<typeof updateWebhookEndpointSchema>;
  now?: Date;
}): Promise<WebhookEndpoint> {
  if (input.event_types) checkEventTypes(scope, input.event_types);
  if (input.url !== undefined) await checkWebhookUrl(input.url, policy);
  return db.transaction(async (transaction) => {
    const before = await findScopedEndpoint(transaction, scope, id);
    const turning = input.enabled === undefined || input.enabled === before.enabled ? null : input.enabled;
    const [row] = await transaction
      .update(webhookEndpoints)
      .set({
        url: input.url ?? before.url,
        description: input.description ?? before.description,
        eventTypes: input.event_types ? [...new Set(input.event_types)] : before.eventTypes,
        ...(turning === null
          ? {}
          : turning
            ? { enabled: true, disabledReason: null, disabledAt: null }
            : { enabled: false, disabledReason: 'person' as const, disabledAt: now }),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw new Error('The webhook endpoint was not saved.');
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'webhook_endpoint.updated',
        targetType: 'webhook_endpoint',
        targetId: id,
        details: {
          before: { url: before.url, event_types: before.eventTypes, enabled: before.enabled },
          after: { url: row.url, event_types: row.eventTypes, enabled: row.enabled },
        },
        ipAddress,
      },
    });
    return describeEndpoint(transaction, row);
  });
}
