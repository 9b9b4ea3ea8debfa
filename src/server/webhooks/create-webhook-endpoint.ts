import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { createWebhookEndpointSchema } from '~/shared/webhooks';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookSecretAnswer, webhookTexts } from '~/shared/webhooks';
import { webhookEndpoints } from '../db/schema';
import { AppError } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { insertSecret } from './webhook-secrets';
import { checkWebhookUrl, type WebhookTargetPolicy } from './webhook-target';
import { checkEventTypes, describeEndpoint, scopeCondition, type WebhookActor } from './webhook-views';

// A new endpoint, on, with its first signing secret: the answer is the one time the secret is shown.
export async function createWebhookEndpoint({
  db,
  scope,
  actorId,
  ipAddress,
  cipher,
  policy,
  input,
  now = new Date(),
}: WebhookActor & {
  cipher: TaxIdCipher;
  policy: WebhookTargetPolicy;
  input: z.output<typeof createWebhookEndpointSchema>;
  now?: Date;
}): Promise<WebhookSecretAnswer> {
  checkEventTypes(scope, input.event_types);
  await checkWebhookUrl(input.url, policy);
  return db.transaction(async (transaction) => {
    const [held] = await transaction.select({ total: count() }).from(webhookEndpoints).where(scopeCondition(scope));
    if ((held?.total ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw new AppError('conflict', webhookTexts.tooMany);
    const [row] = await transaction
      .insert(webhookEndpoints)
      .values({
        companyId: scope.kind === 'company' ? scope.companyId : null,
        url: input.url,
        description: input.description,
        eventTypes: [...new Set(input.event_types)],
        createdById: actorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('The webhook endpoint was not stored.');
    const secret = await insertSecret(transaction, cipher, row.id, now);
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId,
        action: 'webhook_endpoint.created',
        targetType: 'webhook_endpoint',
        targetId: row.id,
        details: { url: row.url, event_types: row.eventTypes, platform: scope.kind === 'platform' },
        ipAddress,
      },
    });
    return { endpoint: await describeEndpoint(transaction, row), secret };
  });
}
