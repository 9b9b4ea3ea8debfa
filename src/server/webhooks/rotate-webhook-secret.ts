import { and, eq, isNull, lte } from 'drizzle-orm';
import { WEBHOOK_SECRET_OVERLAP_HOURS, type WebhookSecretAnswer } from '~/shared/webhooks';
import { webhookEndpoints, webhookSecrets } from '../db/schema';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { insertSecret } from './webhook-secrets';
import { describeEndpoint, findScopedEndpoint, type WebhookActor } from './webhook-views';

const HOUR_MS = 3_600_000;

// A new signing secret. The one it replaces keeps signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS, so a
// receiver verifying either accepts every delivery while it switches; secrets whose overlap ended are dropped.
export async function rotateWebhookSecret({
  db,
  scope,
  actorId,
  ipAddress,
  cipher,
  id,
  now = new Date(),
}: WebhookActor & { cipher: TaxIdCipher; id: string; now?: Date }): Promise<WebhookSecretAnswer> {
  return db.transaction(async (transaction) => {
    const endpoint = await findScopedEndpoint(transaction, scope, id);
    // Two rotations at once would each keep the other's secret: the endpoint's row is the lock.
    await transaction
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    await transaction
      .delete(webhookSecrets)
      .where(and(eq(webhookSecrets.endpointId, id), lte(webhookSecrets.expiresAt, now)));
    const overlapEnds = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS);
    await transaction
      .update(webhookSecrets)
      .set({ expiresAt: overlapEnds })
      .where(and(eq(webhookSecrets.endpointId, id), isNull(webhookSecrets.expiresAt)));
    const secret = await insertSecret(transaction, cipher, id, now);
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'webhook_endpoint.secret_rotated',
        targetType: 'webhook_endpoint',
        targetId: id,
        details: { previous_secret_expires_at: overlapEnds.toISOString() },
        ipAddress,
      },
    });
    return { endpoint: await describeEndpoint(transaction, endpoint), secret };
  });
}
