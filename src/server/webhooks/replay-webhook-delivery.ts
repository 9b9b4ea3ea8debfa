import { and, eq } from 'drizzle-orm';
import { webhookTexts } from '~/shared/webhooks';
import { webhookDeliveries } from '../db/schema';
import { AppError } from '../platform/errors';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findScopedEndpoint, type WebhookActor } from './webhook-views';

// Sends a delivery again now, whatever its state: one attempt outside the retry schedule, logged as a replay
// (a receiver fixed after its deliveries failed gets them). The endpoint must be on.
export async function replayWebhookDelivery({
  db,
  scope,
  actorId,
  ipAddress,
  jobs,
  endpointId,
  deliveryId,
  now = new Date(),
}: WebhookActor & { jobs: Pick<JobQueue, 'send'>; endpointId: string; deliveryId: string; now?: Date }) {
  await db.transaction(async (transaction) => {
    const endpoint = await findScopedEndpoint(transaction, scope, endpointId);
    const [delivery] = await transaction
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!delivery) throw new AppError('not_found', webhookTexts.deliveryNotFound);
    if (!endpoint.enabled) throw new AppError('conflict', webhookTexts.replayWhileDisabled);
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'webhook_delivery.replayed',
        targetType: 'webhook_delivery',
        targetId: deliveryId,
        details: { endpoint_id: endpointId },
        ipAddress,
      },
    });
    await jobs.send(
      'deliver-webhook',
      { deliveryId, replay: true },
      { singletonKey: `${deliveryId}:replay:${now.getTime()}`, transaction },
    );
  });
}
