import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import { findScopedEndpoint, type WebhookActor } from './webhook-views';

// Deletes an endpoint with its secrets and delivery log: nothing more is sent to it, even a retry already queued
// (the worker finds no delivery).
export async function deleteWebhookEndpoint({ db, scope, actorId, ipAddress, id }: WebhookActor & { id: string }) {
  await db.transaction(async (transaction) => {
    const row = await findScopedEndpoint(transaction, scope, id);
    await transaction.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'webhook_endpoint.deleted',
        targetType: 'webhook_endpoint',
        targetId: id,
        details: { url: row.url },
        ipAddress,
      },
    });
  });
}
