import { formatDistanceStrict } from 'date-fns';
import { and, eq, gt, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import { paths } from '~/shared/routes';
import type { Database } from '../db/client';
import {
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookMessages,
  webhookSecrets,
} from '../db/schema';
import { companyRecipients } from '../kernels/notices/company-recipients';
import type { Mailer } from '../mail/mailer';
import { webhookEndpointDisabledEmail } from '../mail/templates/webhook-endpoint-disabled';
import type { JobQueue } from '../platform/job-queue';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { TaxIdCipher } from '../platform/tax-id-cipher';
import { webhookSignatureHeader } from './sign-webhook';
import { secretBinding } from './webhook-secrets';
import { postWebhook, type WebhookResponse, type WebhookTargetPolicy } from './webhook-target';

// When a failed delivery is tried again, after each failed attempt: the Standard Webhooks schedule (5 seconds,
// 5 minutes, 30 minutes, 2, 5, 10 and 10 hours), eight attempts over a day and a half.
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
// Under a quick job's expiry (platform/pg-boss-queue.ts), so a slow receiver never looks like a lost worker.
const TIMEOUT_MS = 10_000;

export interface WebhookDeliveryContext {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  cipher: TaxIdCipher;
  policy: WebhookTargetPolicy;
  publicUrl: string;
  // The POST itself: the real one, or a test's.
  post?: typeof postWebhook;
  timeoutMs?: number;
}

// The job `deliver-webhook`: one attempt at one delivery, logged with the receiver's answer. A 2xx succeeds;
// anything else is tried again on the schedule above, each retry queued in the transaction that logs the
// failure. When the last attempt fails and nothing reached the endpoint since the delivery was made, the
// endpoint is turned off and its keepers emailed. A replay is one attempt more, outside the schedule. Sending
// twice is possible (a crash after the POST): receivers tell repeats apart by webhook-id.
export async function deliverWebhook(
  context: WebhookDeliveryContext,
  { deliveryId, replay = false }: { deliveryId: string; replay?: boolean },
  now = new Date(),
): Promise<void> {
  const { db, cipher, policy } = context;
  const [row] = await db
    .select({
      delivery: webhookDeliveries,
      payload: webhookMessages.payload,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Deleted with its endpoint, or settled by another run.
  if (!row) return;
  const { delivery } = row;
  if (!replay) {
    if (delivery.status !== 'pending') return;
    // Queued again by a catch-up while its retry waits: the retry's job does it.
    if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > now.getTime() + 1000) return;
    if (!row.enabled) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, updatedAt: now })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')));
      return;
    }
  }

  const secrets = await db
    .select({ id: webhookSecrets.id, sealed: webhookSecrets.sealedSecret })
    .from(webhookSecrets)
    .where(
      and(
        eq(webhookSecrets.endpointId, delivery.endpointId),
        or(isNull(webhookSecrets.expiresAt), gt(webhookSecrets.expiresAt, now)),
      ),
    );
  const messageId = `msg_${delivery.messageId}`;
  const timestampSeconds = Math.floor(now.getTime() / 1000);
  const response = await (context.post ?? postWebhook)({
    url: row.url,
    body: row.payload,
    policy,
    timeoutMs: context.timeoutMs ?? TIMEOUT_MS,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Tandem-Webhooks/1.0',
      'webhook-id': messageId,
      'webhook-timestamp': String(timestampSeconds),
      'webhook-signature': webhookSignatureHeader({
        secrets: secrets.map((secret) => cipher.open(secret.sealed, secretBinding(secret.id))),
        messageId,
        timestampSeconds,
        body: row.payload,
      }),
    },
  });
  const succeeded = response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;

  await db.transaction(async (transaction) => {
    await transaction.insert(webhookAttempts).values({
      deliveryId,
      attemptedAt: now,
      statusCode: response.statusCode,
      error: succeeded ? null : (response.error ?? `The receiver answered HTTP ${response.statusCode}.`),
      durationMs: response.durationMs,
      responseBody: response.body,
      replay,
    });
    if (replay) {
      await transaction
        .update(webhookDeliveries)
        .set({
          lastStatusCode: response.statusCode,
          updatedAt: now,
          ...(succeeded ? { status: 'succeeded' as const, nextAttemptAt: null } : {}),
        })
        .where(eq(webhookDeliveries.id, deliveryId));
      return;
    }
    const attempts = delivery.attempts + 1;
    const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
    const retryAt = !succeeded && delay !== undefined ? new Date(now.getTime() + delay) : null;
    const [settled] = await transaction
      .update(webhookDeliveries)
      .set({
        attempts,
        lastStatusCode: response.statusCode,
        status: succeeded ? 'succeeded' : retryAt ? 'pending' : 'failed',
        nextAttemptAt: retryAt,
        updatedAt: now,
      })
      // Counted once, if two runs of the same attempt met.
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, 'pending'),
          eq(webhookDeliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!settled || succeeded) return;
    if (retryAt) {
      await context.jobs.send(
        'deliver-webhook',
        { deliveryId },
        { startAfter: retryAt, singletonKey: `${deliveryId}:${attempts}`, transaction },
      );
      return;
    }
    await disableIfNothingGotThrough(context, transaction, { delivery, url: row.url, response, now });
  });
}

// The delivery used its last attempt: if nothing at all reached the endpoint since it was made (a day and a
// half), the endpoint is broken, not having a bad moment. It is turned off, and its keepers told.
async function disableIfNothingGotThrough(
  context: WebhookDeliveryContext,
  transaction: Database,
  {
    delivery,
    url,
    response,
    now,
  }: {
    delivery: typeof webhookDeliveries.$inferSelect;
    url: string;
    response: WebhookResponse;
    now: Date;
  },
) {
  const [gotThrough] = await transaction
    .select({ id: webhookAttempts.id })
    .from(webhookAttempts)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, delivery.endpointId),
        gte(webhookAttempts.attemptedAt, delivery.createdAt),
        gte(webhookAttempts.statusCode, 200),
        lt(webhookAttempts.statusCode, 300),
      ),
    )
    .limit(1);
  if (gotThrough) return;
  const [endpoint] = await transaction
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failures', disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId });
  // Already off: told once.
  if (!endpoint) return;
  const failedFor = formatDistanceStrict(delivery.createdAt, now);
  const lastError = response.error ?? `the receiver answered HTTP ${response.statusCode}.`;
  await recordAuditEvent({
    db: transaction,
    event: {
      actorId: null,
      action: 'webhook_endpoint.disabled',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      details: { url, failed_for: failedFor, last_error: lastError },
    },
  });
  const recipientIds = endpoint.companyId
    ? await companyRecipients({ db: transaction, companyId: endpoint.companyId, permission: 'update:webhook:own' })
    : null;
  if (recipientIds?.length === 0) return;
  const recipients = await transaction
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(recipientIds ? inArray(users.id, recipientIds) : and(eq(users.role, 'admin'), eq(users.status, 'active')));
  const settingsUrl = `${context.publicUrl}${endpoint.companyId ? `${paths.companySettings.path}?tab=integrations` : paths.adminSettings.path}`;
  for (const recipient of recipients) {
    await context.mailer.send(
      recipient.email,
      webhookEndpointDisabledEmail({ name: recipient.name, url, failedFor, lastError, settingsUrl }),
      { transaction },
    );
  }
}
