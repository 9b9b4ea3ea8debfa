import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cvTextStatuses, cvVisibilities } from '~/shared/applicant-cv';
import { availabilities, experienceLevels, regions } from '~/shared/talent';
import { languageLevels } from '~/shared/talent-background';
import { users } from './auth';
import { companies } from './companies';
import { storedFiles } from './files';
import { tsvector } from './jobs';

export const experienceLevel = pgEnum('experience_level', experienceLevels);
export const availability = pgEnum('availability', availabilities);
export const region = pgEnum('region', regions);
export const cvVisibility = pgEnum('cv_visibility', cvVisibilities);
export const cvTextStatus = pgEnum('cv_text_status', cvTextStatuses);

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
    // The uploaded photo in the file store, and its content type.
    photoFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    photoContentType: text(),
    // Before the shared store: a file name under an instance's DATA_DIR/photos, imported at start
    // (import-local-files.ts), then cleared.
    photoFile: text(),
    // The CV in the file store (its name, type and size are the stored file's), who may download it, and
    // its text as the background job read it (talent/extract-cv-text.ts): null until read, and when the
    // job gave up on the file (cvTextStatus 'failed').
    cvFileId: uuid().references(() => storedFiles.id, { onDelete: 'set null' }),
    // Only the companies the applicant deals with, until the applicant opens it to every company.
    cvVisibility: cvVisibility().notNull().default('related_companies'),
    cvTextStatus: cvTextStatus(),
    cvText: text(),
    // Talent Search's figures: the stars companies gave for finished work (tenths: 47 is 4.7) and the
    // hours billed; kept here, beside the fields they sort with, by the features that produce them. The
    // rating and its count come from revealed, not hidden reviews (reviews/recompute-ratings.ts).
    ratingTenths: smallint(),
    reviewCount: integer().notNull().default(0),
    hoursBilled: integer().notNull().default(0),
    // Badges an administrator grants after checking.
    idVerifiedAt: timestamp({ withTimezone: true }),
    backgroundCheckedAt: timestamp({ withTimezone: true }),
    // The last time the applicant was seen signed in (the session's touch): the online dot and the
    // Recent Activity sort.
    lastActiveAt: timestamp({ withTimezone: true }),
    // The background's searchable words, written with its lists (talent/replace-profile-background.ts): the
    // work history's titles, companies and descriptions, the schools and degrees, the certifications and
    // their issuers. Null without any.
    backgroundText: text(),
    // Search: headline and skills weigh more than the summary, and the summary more than the background
    // (talent_document, migrations 0013 and 0045).
    document: tsvector().generatedAlwaysAs(sql`talent_document(headline, skills, summary, background_text)`),
    // The headline and skills alone, with statistics of their own: Best Match puts the profiles whose
    // headline or skills hold the words first, and the planner must know how many do.
    strongDocument: tsvector().generatedAlwaysAs(sql`talent_strong_document(headline, skills)`),
    // The CV's words, beside the document rather than in it: a search matches either (two GIN indexes,
    // OR-ed by a bitmap), and the document of the nine profiles in ten without a CV stays as small as it was.
    cvDocument: tsvector().generatedAlwaysAs(sql`to_tsvector('english'::regconfig, cv_text)`),
    skillKeys: text().array().generatedAlwaysAs(sql`jobs_skill_keys(skills)`),
    // The claimed skills (as skill keys) that a passed test shows: kept by triggers on test attempts and
    // on the skills themselves (migration 0014). Talent Search's Proven Skills sort ranks by them.
    provenSkillKeys: text().array().notNull().default(sql`'{}'::text[]`),
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
    index('applicant_profiles_listed_cv_document_idx')
      .using('gin', table.cvDocument)
      .where(sql`${table.listed} and ${table.cvDocument} is not null`),
    index('applicant_profiles_listed_strong_document_idx')
      .using('gin', table.strongDocument)
      .where(sql`${table.listed}`),
    index('applicant_profiles_listed_skill_keys_idx').using('gin', table.skillKeys).where(sql`${table.listed}`),
    // The sort orders' indexes (rate, rating, last active, and the record among profiles with a proven
    // skill) carry every filter's columns, so that a search walks them without reading the table: they
    // are written in migration 0014, as drizzle cannot declare INCLUDE.
    // Deleting a stored file finds the profile naming it.
    index('applicant_profiles_photo_file_idx').on(table.photoFileId).where(sql`${table.photoFileId} is not null`),
    index('applicant_profiles_cv_file_idx').on(table.cvFileId).where(sql`${table.cvFileId} is not null`),
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
// suggestions of the skills search box. And the range of their hourly rates (migration 0015), which
// only ever widens: every profile with the skill charges within it, so a search by rate for the skill
// starts its walk there instead of passing over everyone above or below.
export const talentSkills = pgTable('talent_skills', {
  key: text().primaryKey(),
  name: text().notNull(),
  profileCount: integer().notNull().default(0),
  minRateCents: integer(),
  maxRateCents: integer(),
});

// The time zones listed profiles are in, with how many are in each (kept by a trigger, migration 0014):
// the working-hours overlap filter works out which of them overlap the company's.
export const talentTimeZones = pgTable('talent_time_zones', {
  name: text().primaryKey(),
  profileCount: integer().notNull().default(0),
});

// The applicant's background, one table per list, each row in the applicant's order (`position`, 0 first).
// Rows belong to the profile: erasing it (kernels/identity/anonymize-account.ts) removes them with it.
// Months are stored as their first day; a null end month means "current".
const backgroundColumns = {
  id: uuid().primaryKey().defaultRandom(),
  applicantId: uuid()
    .notNull()
    .references(() => applicantProfiles.userId, { onDelete: 'cascade' }),
  position: smallint().notNull(),
};

export const applicantWorkHistory = pgTable(
  'applicant_work_history',
  {
    ...backgroundColumns,
    title: text().notNull(),
    company: text().notNull(),
    startMonth: date({ mode: 'string' }).notNull(),
    endMonth: date({ mode: 'string' }),
    description: text(),
  },
  // Each list is read whole, by applicant, in order.
  (table) => [
    uniqueIndex('applicant_work_history_order_idx').on(table.applicantId, table.position),
    check('applicant_work_history_dates', sql`${table.endMonth} >= ${table.startMonth}`),
  ],
);

export const applicantEducation = pgTable(
  'applicant_education',
  {
    ...backgroundColumns,
    school: text().notNull(),
    degree: text().notNull(),
    startYear: smallint().notNull(),
    endYear: smallint(),
  },
  (table) => [
    uniqueIndex('applicant_education_order_idx').on(table.applicantId, table.position),
    check('applicant_education_years', sql`${table.endYear} >= ${table.startYear}`),
  ],
);

export const languageLevel = pgEnum('language_level', languageLevels);

export const applicantLanguages = pgTable(
  'applicant_languages',
  {
    ...backgroundColumns,
    language: text().notNull(),
    level: languageLevel().notNull(),
  },
  (table) => [uniqueIndex('applicant_languages_order_idx').on(table.applicantId, table.position)],
);

export const applicantCertifications = pgTable(
  'applicant_certifications',
  {
    ...backgroundColumns,
    name: text().notNull(),
    issuer: text().notNull(),
    issuedMonth: date({ mode: 'string' }).notNull(),
    expiresMonth: date({ mode: 'string' }),
    credentialUrl: text(),
  },
  (table) => [
    uniqueIndex('applicant_certifications_order_idx').on(table.applicantId, table.position),
    check('applicant_certifications_dates', sql`${table.expiresMonth} >= ${table.issuedMonth}`),
  ],
);

export const applicantPortfolioLinks = pgTable(
  'applicant_portfolio_links',
  {
    ...backgroundColumns,
    title: text().notNull(),
    url: text().notNull(),
    description: text(),
  },
  (table) => [uniqueIndex('applicant_portfolio_links_order_idx').on(table.applicantId, table.position)],
);
