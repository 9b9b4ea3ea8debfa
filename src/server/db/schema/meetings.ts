import { sql } from 'drizzle-orm';
import {
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
import { meetingResponses, meetingStatuses, meetingTypes } from '~/shared/meetings';
import { applications } from './applications';
import { users } from './auth';
import { companies } from './companies';

export const meetingType = pgEnum('meeting_type', meetingTypes);
export const meetingStatus = pgEnum('meeting_status', meetingStatuses);
export const meetingResponse = pgEnum('meeting_response', meetingResponses);

export const meetings = pgTable(
  'meetings',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    companyId: uuid().references(() => companies.id, { onDelete: 'cascade' }),
    applicationId: uuid().references(() => applications.id, { onDelete: 'set null' }),
    type: meetingType().notNull(),
    title: text().notNull(),
    notes: text(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    status: meetingStatus().notNull().default('scheduled'),
    cancelReason: text(),
    // The room's secret part of the join link.
    roomToken: text().notNull(),
    // A call the organizer holds elsewhere (Zoom, Google Meet, Teams): the join links, emails and calendar
    // files lead there instead of the room. Null: the room is the way in.
    callLink: text(),
    // iCalendar SEQUENCE: a calendar app replaces its copy when this grows.
    sequence: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('meetings_starts_at_idx').on(table.startsAt),
    index('meetings_company_idx').on(table.companyId),
    uniqueIndex('meetings_room_token_unique').on(table.roomToken),
    // It becomes an href in emails and pages: only https, whatever wrote the row.
    check('meetings_call_link_https', sql`${table.callLink} is null or ${table.callLink} like 'https://%'`),
  ],
);

// Everyone in a meeting, the organizer included, with their answer.
export const meetingParticipants = pgTable(
  'meeting_participants',
  {
    meetingId: uuid()
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    response: meetingResponse().notNull().default('pending'),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.meetingId, table.userId] }),
    index('meeting_participants_user_idx').on(table.userId),
  ],
);

// The private address of a person's iCalendar feed: only a hash of its token is kept.
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
