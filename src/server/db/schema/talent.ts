import { integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { availabilities, experienceLevels, regions } from '~/shared/talent';
import { users } from './auth';

export const experienceLevel = pgEnum('experience_level', experienceLevels);
export const availability = pgEnum('availability', availabilities);
export const region = pgEnum('region', regions);

// An applicant's profile: created empty at registration, filled in by the applicant.
export const applicantProfiles = pgTable('applicant_profiles', {
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
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
