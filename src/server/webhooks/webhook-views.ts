import { and, asc, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import {
  companyWebhookEventTypes,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEventType,
  webhookEventCatalogue,
  webhookEventTypes,
  webhookTexts,
} from '~/shared/webhooks';
import type { Database } from '../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookMessages, webhookSecrets } from '../db/schema';
import { AppError, validationError } from '../platform/errors';
import { decodeKeysetCursor, encodeKeysetCursor, exactMomentOf } from '../platform/keyset-cursor';

// Whose endpoints: a company's, or the platform's (an administrator's, company_id null).
export type WebhookScope = { kind: 'company'; companyId: string } | { kind: 'platform' };

export const scopeCondition = (scope: WebhookScope): SQL =>
  scope.kind === 'company' ? eq(webhookEndpoints.companyId, scope.companyId) : isNull(webhookEndpoints.companyId);

export const eventTypesOf = (scope: WebhookScope): WebhookEventType[] =>
  scope.kind === 'company' ? companyWebhookEventTypes : webhookEventTypes;

// Who changes a scope's endpoints, for the audit log.
export interface WebhookActor {
  db: Database;
  scope: WebhookScope;
  actorId: string;
  ipAddress?: string;
}

// Events the scope may not choose are refused by name: a company endpoint cannot hear payouts.
export function checkEventTypes(scope: WebhookScope, eventTypes: readonly string[]) {
  const allowed = new Set<string>(eventTypesOf(scope));
  if (eventTypes.some((type) => !allowed.has(type))) {
    throw validationError({ event_types: webhookTexts.payoutsArePlatformOnly });
  }
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type SecretRow = Pick<typeof webhookSecrets.$inferSelect, 'secretPrefix' | 'expiresAt'>;

export function webhookEndpointView(row: EndpointRow, secrets: SecretRow[], now = new Date()): WebhookEndpoint {
  const current = secrets.find((secret) => secret.expiresAt === null);
  const previous = secrets.find((secret) => secret.expiresAt && secret.expiresAt.getTime() > now.getTime());
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes.filter((type): type is WebhookEventType => type in webhookEventCatalogue),
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    secret_prefix: current?.secretPrefix ?? '',
    previous_secret_expires_at: previous?.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

// One endpoint of the scope, or 404: another company's is as unknown as one that never was.
export async function findScopedEndpoint(db: Database, scope: WebhookScope, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), scopeCondition(scope)));
  if (!row) throw new AppError('not_found', webhookTexts.notFound);
  return row;
}

export async function secretsOf(db: Database, endpointIds: string[]) {
  if (endpointIds.length === 0) return [];
  return db
    .select({
      endpointId: webhookSecrets.endpointId,
      secretPrefix: webhookSecrets.secretPrefix,
      expiresAt: webhookSecrets.expiresAt,
    })
    .from(webhookSecrets)
    .where(sql`${webhookSecrets.endpointId} = any(${sql.param(endpointIds)}::uuid[])`)
    .orderBy(desc(webhookSecrets.createdAt));
}

export async function describeEndpoint(db: Database, row: EndpointRow): Promise<WebhookEndpoint> {
  return webhookEndpointView(row, await secretsOf(db, [row.id]));
}

// The scope's endpoints, oldest first, and the events they may choose. At most WEBHOOK_ENDPOINTS_MAX exist, so
// this is one page.
export async function findWebhookEndpoints({
  db,
  scope,
}: {
  db: Database;
  scope: WebhookScope;
}): Promise<WebhookEndpointList> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(scopeCondition(scope))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .limit(WEBHOOK_ENDPOINTS_MAX);
  const secrets = await secretsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    endpoints: rows.map((row) =>
      webhookEndpointView(
        row,
        secrets.filter((secret) => secret.endpointId === row.id),
      ),
    ),
    event_types: eventTypesOf(scope).map((type) => ({ type, description: webhookEventCatalogue[type].description })),
  };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookMessages.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  exactCreatedAt: exactMomentOf(webhookDeliveries.createdAt),
};

function deliveryView(row: {
  id: string;
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
}): WebhookDelivery {
  return {
    id: row.id,
    message_id: `msg_${row.messageId}`,
    event_type: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

// An endpoint's deliveries, newest first, a keyset page at a time.
export async function findWebhookDeliveries({
  db,
  scope,
  endpointId,
  status,
  after,
  pageSize,
}: {
  db: Database;
  scope: WebhookScope;
  endpointId: string;
  status?: WebhookDeliveryStatus;
  after?: string;
  pageSize: number;
}): Promise<WebhookDeliveryPage> {
  await findScopedEndpoint(db, scope, endpointId);
  const anchor = after ? decodeKeysetCursor(after) : null;
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        status ? eq(webhookDeliveries.status, status) : undefined,
        anchor
          ? or(
              lt(webhookDeliveries.createdAt, sql`${anchor.createdAt}::timestamptz`),
              and(
                eq(webhookDeliveries.createdAt, sql`${anchor.createdAt}::timestamptz`),
                lt(webhookDeliveries.id, anchor.id),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map(deliveryView),
    next_cursor:
      rows.length > pageSize && last ? encodeKeysetCursor({ createdAt: last.exactCreatedAt, id: last.id }) : null,
  };
}

// One delivery of the endpoint, with the body as posted and every attempt, oldest first.
export async function findWebhookDelivery({
  db,
  scope,
  endpointId,
  deliveryId,
}: {
  db: Database;
  scope: WebhookScope;
  endpointId: string;
  deliveryId: string;
}): Promise<WebhookDeliveryDetail> {
  await findScopedEndpoint(db, scope, endpointId);
  const [row] = await db
    .select({ ...deliveryColumns, payload: webhookMessages.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) throw new AppError('not_found', webhookTexts.deliveryNotFound);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id))
    .limit(100);
  return {
    ...deliveryView(row),
    payload: row.payload,
    attempt_log: attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      response_body: attempt.responseBody,
      replay: attempt.replay,
    })),
  };
}
