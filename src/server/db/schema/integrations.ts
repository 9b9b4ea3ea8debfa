import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
