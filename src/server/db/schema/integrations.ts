import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { webhookDeliveryStatuses, webhookDisabledReasons } from '~/shared/webhooks';
import { users } from './auth';
import { companies } from './companies';

export const webhookDisabledReason = pgEnum('webhook_disabled_reason', webhookDisabledReasons);
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

// Where a company's events are posted (issue 58); company_id null: a platform endpoint an administrator keeps,
// which hears every company's events. Turned off by a person, or by the delivery worker after persistent failure.
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    eventTypes: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: webhookDisabledReason(),
    disabledAt: timestamp({ withTimezone: true }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_endpoints_company_idx').on(table.companyId, table.createdAt),
    index('webhook_endpoints_created_by_idx').on(table.createdById),
  ],
);

// An endpoint's signing secrets, sealed (platform/tax-id-cipher.ts) since signing needs them back. The current
// one has no expiry; a rotated one signs beside it until expires_at.
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: uuid().primaryKey().defaultRandom(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    sealedSecret: text().notNull(),
    secretPrefix: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('webhook_secrets_endpoint_idx').on(table.endpointId, table.createdAt)],
);

// One event, as posted: its id is every delivery's webhook-id, its payload the body, byte for byte on each attempt.
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    eventType: text().notNull(),
    payload: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_messages_company_idx').on(table.companyId, table.createdAt)],
);

// One message to one endpoint, and where its attempts stand.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: uuid()
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: webhookDeliveryStatus().notNull().default('pending'),
    // Attempts of the automatic schedule so far (a replay does not count against it).
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt, table.id),
    index('webhook_deliveries_message_idx').on(table.messageId),
    check('webhook_deliveries_attempts_check', sql`${table.attempts} >= 0`),
  ],
);

// Every attempt, with what the receiver answered: the delivery log.
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp({ withTimezone: true }).notNull(),
    statusCode: integer(),
    error: text(),
    durationMs: integer().notNull(),
    responseBody: text().notNull().default(''),
    replay: boolean().notNull().default(false),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);

// A company's API key (issue 58): a credential of the company, not of a person. It acts as its own integration
// user (a users row with no membership and no password, named after the key), so what it does is audited as the
// key's and survives whoever made it leaving. Only the key's SHA-256 is kept; after a rotation the replaced key's
// hash works until previous_key_expires_at.
export const companyApiKeys = pgTable(
  'company_api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    integrationUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scopes: text().array().notNull(),
    keyHash: text().notNull(),
    keyPrefix: text().notNull(),
    previousKeyHash: text(),
    previousKeyExpiresAt: timestamp({ withTimezone: true }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('company_api_keys_key_hash_idx').on(table.keyHash),
    uniqueIndex('company_api_keys_previous_key_hash_idx').on(table.previousKeyHash),
    index('company_api_keys_company_idx').on(table.companyId, table.createdAt),
    index('company_api_keys_integration_user_idx').on(table.integrationUserId),
    index('company_api_keys_created_by_idx').on(table.createdById),
  ],
);

// Creates sent with an Idempotency-Key (issue 58): the first answer, kept for a day, is the answer to every repeat
// of the same request by the same caller (platform/idempotency.ts). Keyed by who asked (a user, an integration)
// and the key they chose; the request's fingerprint tells a repeat from a different request reusing the key.
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    callerId: uuid().notNull(),
    key: text().notNull(),
    fingerprint: text().notNull(),
    // Null while the first request runs.
    responseStatus: integer(),
    responseBody: text(),
    responseContentType: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.callerId, table.key] }),
    index('idempotent_requests_created_at_idx').on(table.createdAt),
  ],
);
