import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { users } from './auth';
import { companies } from './companies';
import { meetings, meetingType } from './meetings';

// A company person's or account manager's working week, in their own time zone (docs/decisions/031):
// one row per ISO weekday (1 Monday … 7 Sunday) once they save it; none means the default week.
// Minutes since their local midnight, so a daylight-saving change moves the instants, not the hours.
export const availabilityWeeklyHours = pgTable(
  'availability_weekly_hours',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    isWorking: boolean().notNull(),
    startsMinute: integer().notNull(),
    endsMinute: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.weekday] }),
    check('availability_weekday_iso', sql`${table.weekday} between 1 and 7`),
    check(
      'availability_hours_in_day',
      sql`${table.startsMinute} >= 0 and ${table.startsMinute} < ${table.endsMinute} and ${table.endsMinute} <= 1440`,
    ),
  ],
);

// Whole days a person is away, as dates of their own calendar.
export const availabilityDaysOff = pgTable(
  'availability_days_off',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

// A link that lets one applicant book a meeting with the organizer (and the colleagues they added) at a
// time all of them are free. Used once: meetingId is set when booked; it expires unused at expiresAt.
export const bookingLinks = pgTable(
  'booking_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    organizerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviteeId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    type: meetingType().notNull(),
    title: text(),
    notes: text(),
    callLink: text(),
    durationMinutes: integer().notNull(),
    bufferMinutes: integer().notNull(),
    noticeMinutes: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    meetingId: uuid().references(() => meetings.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The applicant opens theirs; the organizer's are found when their account goes.
    index('booking_links_invitee_idx').on(table.inviteeId),
    index('booking_links_organizer_idx').on(table.organizerId),
    index('booking_links_meeting_idx').on(table.meetingId),
    check('booking_links_call_link_https', sql`${table.callLink} is null or ${table.callLink} like 'https://%'`),
  ],
);

// The organizer's colleagues who must be free too, and who join the meeting booked.
export const bookingLinkHosts = pgTable(
  'booking_link_hosts',
  {
    linkId: uuid()
      .notNull()
      .references(() => bookingLinks.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.userId] }),
    // A person's account removal cascades here.
    index('booking_link_hosts_user_idx').on(table.userId),
  ],
);
