import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { availabilities, experienceLevels, regions } from '~/shared/talent';
import { users } from './auth';
import { companies } from './companies';
import { tsvector } from './jobs';

export const experienceLevel = pgEnum('experience_level', experienceLevels);
export const availability = pgEnum('availability', availabilities);
export const region = pgEnum('region', regions);

// An applicant's profile: created empty at registration, filled in by the applicant.
export const applicantProfiles = pgTable(
  'applicant_profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    headline: text(),
    summary: text(),
    hourlyRateCents: integer(),
    skills: text().array().notNull().default([]),
    experienceLevel: experienceLevel(),
    availability: availability(),
    region: region(),
    location: text(),
    timezone: text(),
    // The uploaded photo: a file name under DATA_DIR/photos, and its content type.
    photoFile: text(),
    photoContentType: text(),
    // Talent Search's figures: the stars companies gave for finished work (tenths: 47 is 4.7) and the
    // hours billed; kept here, beside the fields they sort with, by the features that produce them.
    ratingTenths: smallint(),
    hoursBilled: integer().notNull().default(0),
    // Badges an administrator grants after checking.
    idVerifiedAt: timestamp({ withTimezone: true }),
    backgroundCheckedAt: timestamp({ withTimezone: true }),
    // The last time the applicant was seen signed in (the session's touch): the online dot and the
    // Recent Activity sort.
    lastActiveAt: timestamp({ withTimezone: true }),
    // Search: headline and skills weigh more than the summary (talent_document, migration 0013).
    document: tsvector().generatedAlwaysAs(sql`talent_document(headline, skills, summary)`),
    skillKeys: text().array().generatedAlwaysAs(sql`jobs_skill_keys(skills)`),
    // Companies find a profile once everything search and the card rely on is filled in.
    listed: boolean().generatedAlwaysAs(
      sql`headline is not null and summary is not null and hourly_rate_cents is not null and cardinality(skills) > 0 and experience_level is not null and availability is not null and region is not null`,
    ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Talent Search reads listed profiles only.
    index('applicant_profiles_listed_document_idx').using('gin', table.document).where(sql`${table.listed}`),
    index('applicant_profiles_listed_skill_keys_idx').using('gin', table.skillKeys).where(sql`${table.listed}`),
    index('applicant_profiles_listed_rate_idx').on(table.hourlyRateCents, table.userId).where(sql`${table.listed}`),
    index('applicant_profiles_listed_rating_idx')
      .on(sql`${table.ratingTenths} desc nulls last`, sql`${table.hoursBilled} desc`, table.userId)
      .where(sql`${table.listed}`),
    index('applicant_profiles_listed_active_idx')
      .on(sql`${table.lastActiveAt} desc nulls last`, table.userId)
      .where(sql`${table.listed}`),
    check('applicant_profiles_rating_range', sql`${table.ratingTenths} between 10 and 50`),
    check('applicant_profiles_hours_billed', sql`${table.hoursBilled} >= 0`),
  ],
);

// A company's shortlist of candidates.
export const shortlists = pgTable(
  'shortlists',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    applicantId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.applicantId] }),
    index('shortlists_company_created_idx').on(table.companyId, table.createdAt.desc()),
  ],
);

// The skills listed profiles name, with how many name each (kept by a trigger, migration 0013): the
// suggestions of the skills search box.
export const talentSkills = pgTable('talent_skills', {
  key: text().primaryKey(),
  name: text().notNull(),
  profileCount: integer().notNull().default(0),
});
