import {
  boolean,
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
import { calendarConnectionStatuses, calendarProviders } from '~/shared/calendar-connections';
import { users } from './auth';
import { meetings } from './meetings';

export const calendarProvider = pgEnum('calendar_provider', calendarProviders);
export const calendarConnectionStatus = pgEnum('calendar_connection_status', calendarConnectionStatuses);

// One account of a person's own calendars (decision 059). Its secret (a CalDAV app password, or a provider's
// OAuth tokens as JSON) is sealed under the platform cipher, bound to the row's id.
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: calendarProvider().notNull(),
    // What the person knows it by: the account's email, or the user name at the server's host.
    accountName: text().notNull(),
    // CalDAV: the address the person gave (server or calendar home); null for the APIs.
    serverUrl: text(),
    username: text(),
    credentialsSealed: text().notNull(),
    // The calendar Tandem writes the person's meetings into (a CalDAV collection URL or an API calendar id);
    // null: Tandem only reads busy times from this account.
    writeCalendarId: text(),
    status: calendarConnectionStatus().notNull().default('active'),
    lastError: text(),
    lastSyncedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('calendar_connections_account_unique').on(table.userId, table.provider, table.accountName),
    // The refresh sweep takes the longest-unsynced first.
    index('calendar_connections_synced_idx').on(table.lastSyncedAt),
  ],
);

// The calendars an account holds, and where the next incremental read of each starts.
export const connectedCalendars = pgTable(
  'connected_calendars',
  {
    connectionId: uuid()
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    // A CalDAV collection URL or an API calendar id.
    calendarId: text().notNull(),
    name: text().notNull(),
    // Whether Tandem may write meetings into it (a read-only or subscribed calendar may not), as the account says.
    writable: boolean().notNull().default(true),
    // Whether its events make the person busy (all do until they say otherwise).
    checksBusy: boolean().notNull().default(true),
    // WebDAV sync-token, Google syncToken or Microsoft deltaLink: the next read asks only for what changed.
    syncToken: text(),
    // CalDAV getctag: unchanged means nothing to read at all.
    ctag: text(),
    syncedAt: timestamp({ withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.calendarId] })],
);

// The busy times read from a person's calendars (their own events, not Tandem's copies): what booking links and
// the scheduler subtract. An event that repeats has one row per occurrence within the window read.
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    connectionId: uuid()
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    calendarId: text().notNull(),
    // The event's href (CalDAV) or id (APIs).
    eventId: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.connectionId, table.calendarId, table.eventId, table.startsAt] }),
    index('calendar_busy_times_range_idx').on(table.connectionId, table.startsAt),
  ],
);

// A Tandem meeting as written into one participant's calendar: where it is, and what was written, so a copy
// moved or declined there is told apart from one Tandem itself changed.
export const calendarEventCopies = pgTable(
  'calendar_event_copies',
  {
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: uuid()
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    calendarId: text().notNull(),
    eventId: text().notNull(),
    etag: text(),
    // The meeting's SEQUENCE, start and length the copy was written with.
    sequence: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    writtenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.meetingId, table.userId] }),
    index('calendar_event_copies_connection_idx').on(table.connectionId, table.calendarId, table.eventId),
    // A person's account removal cascades here.
    index('calendar_event_copies_user_idx').on(table.userId),
  ],
);
