import { z } from 'zod';
import { type ProfileBackground, profileBackgroundSchema } from './talent-background';
import {
  availabilities,
  experienceLevels,
  HOURLY_RATE_MAX,
  HOURLY_RATE_MIN,
  isIanaTimeZone,
  PROFILE_HEADLINE_MAX_LENGTH,
  PROFILE_LOCATION_MAX_LENGTH,
  PROFILE_MAX_SKILLS,
  PROFILE_SKILL_MAX_LENGTH,
  PROFILE_SUMMARY_MAX_LENGTH,
  profileTexts,
  regions,
} from './talent-texts';
import { singleLine, text } from './text';

// The contract of applicant profiles and talent search (docs/design.md §4).
export * from './talent-texts';

// Optional text: trimmed, and empty means "not given" (stored as null).
// A headline or a location is one line; a summary may have several.
const optionalText = (max: number, message: string, field = text) =>
  field()
    .trim()
    .max(max, { message })
    .nullish()
    .transform((value) => value || null);

// One of `values`; empty means "not chosen" (stored as null).
const optionalChoice = <const Value extends string>(values: readonly Value[], message: string) =>
  z
    .enum(['', ...values] as ['', ...Value[]], { message })
    .nullish()
    .transform((value) => (value ? (value as Value) : null));

// Dollars on the wire, cents in the database: at most two decimals.
const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

// PUT /api/applicant/profile replaces the profile's fields; a field left out or empty is cleared.
export const updateApplicantProfileSchema = z.object({
  headline: optionalText(PROFILE_HEADLINE_MAX_LENGTH, profileTexts.headlineTooLong, singleLine),
  summary: optionalText(PROFILE_SUMMARY_MAX_LENGTH, profileTexts.summaryTooLong),
  hourly_rate: z
    .number({ message: profileTexts.hourlyRate })
    .min(HOURLY_RATE_MIN, { message: profileTexts.hourlyRate })
    .max(HOURLY_RATE_MAX, { message: profileTexts.hourlyRate })
    .refine(hasAtMostTwoDecimals, { message: profileTexts.hourlyRateCents })
    .nullish()
    .transform((value) => value ?? null),
  skills: z
    .array(
      singleLine()
        .trim()
        .min(1, { message: profileTexts.skillBlank })
        .max(PROFILE_SKILL_MAX_LENGTH, { message: profileTexts.skillTooLong }),
      { message: profileTexts.tooManySkills },
    )
    .max(PROFILE_MAX_SKILLS, { message: profileTexts.tooManySkills })
    .nullish()
    // A skill is kept once, whatever its case (as a job's skill tags).
    .transform((skills) =>
      (skills ?? []).filter(
        (skill, index, all) => all.findIndex((other) => other.toLowerCase() === skill.toLowerCase()) === index,
      ),
    ),
  experience_level: optionalChoice(experienceLevels, profileTexts.experienceLevel),
  availability: optionalChoice(availabilities, profileTexts.availability),
  region: optionalChoice(regions, profileTexts.region),
  location: optionalText(PROFILE_LOCATION_MAX_LENGTH, profileTexts.locationTooLong, singleLine),
  timezone: text()
    .trim()
    .refine((value) => value === '' || isIanaTimeZone(value), { message: profileTexts.timezone })
    .nullish()
    .transform((value) => value || null),
});
export type UpdateApplicantProfileInput = z.input<typeof updateApplicantProfileSchema>;
export type ApplicantProfileFields = z.output<typeof updateApplicantProfileSchema>;

// The parts of a profile the completeness meter counts, in the form's order, with the names it shows.
export const profileCompletenessFields = [
  ['headline', 'Headline'],
  ['summary', 'Summary'],
  ['hourly_rate', 'Hourly rate'],
  ['skills', 'Skills'],
  ['experience_level', 'Experience level'],
  ['availability', 'Availability'],
  ['region', 'Region'],
  ['location', 'Location'],
  ['timezone', 'Time zone'],
  ['photo_url', 'Photo'],
  ['work_history', 'Work history'],
  ['education', 'Education'],
  ['languages', 'Languages'],
  // Evidence of the work itself: either kind counts, as not every trade has certificates.
  ['portfolio_or_certifications', 'Portfolio or certifications'],
] as const;

type CompletenessInput = ApplicantProfileFields & { photo_url: string | null } & ProfileBackground;

export function profileCompleteness(profile: CompletenessInput): { percent: number; missing: string[] } {
  const parts = { ...profile, portfolio_or_certifications: [...profile.portfolio, ...profile.certifications] };
  const missing = profileCompletenessFields
    .filter(([field]) => {
      const value = parts[field];
      return value === null || value === '' || (Array.isArray(value) && value.length === 0);
    })
    .map(([, name]) => name);
  const total = profileCompletenessFields.length;
  return { percent: Math.round(((total - missing.length) / total) * 100), missing };
}

// What a company (or an administrator) sees of an applicant: GET /api/applicants/:id/profile.
export const applicantProfileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  summary: z.string().nullable(),
  hourly_rate: z.number().nullable().describe('US dollars per hour'),
  skills: z.array(z.string()),
  experience_level: z.enum(experienceLevels).nullable(),
  availability: z.enum(availabilities).nullable(),
  region: z.enum(regions).nullable(),
  location: z.string().nullable(),
  timezone: z.string().nullable().describe('An IANA time zone, e.g. Europe/Berlin'),
  photo_url: z.string().nullable(),
  ...profileBackgroundSchema.shape,
});
export type ApplicantProfileView = z.infer<typeof applicantProfileViewSchema>;

// The applicant's own profile: what companies see, plus how complete it is.
export const applicantProfileSchema = applicantProfileViewSchema.extend({
  completeness: z.object({
    percent: z.number().int().min(0).max(100),
    missing: z.array(z.string()).describe('The names of the parts still empty, e.g. "Photo"'),
  }),
  updated_at: z.string(),
});
export type ApplicantProfile = z.infer<typeof applicantProfileSchema>;
