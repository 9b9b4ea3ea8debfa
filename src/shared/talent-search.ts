import { z } from 'zod';
import { candidateCvSchema } from './applicant-cv';
import { type TestType, testTypes } from './assessments';
import {
  type Availability,
  availabilities,
  type ExperienceLevel,
  experienceLevels,
  HOURLY_RATE_MAX,
  isIanaTimeZone,
  type Region,
  regions,
} from './talent';
import { languageLevels, profileBackgroundSchema } from './talent-background';
import {
  ONLINE_WINDOW_MINUTES,
  OVERLAP_HOURS_MAX,
  quickSkills,
  TALENT_MAX_SKILL_FILTERS,
  TALENT_PAGE_MAX,
  TALENT_PAGE_SIZE,
  TALENT_PAGE_SIZE_MAX,
  TALENT_QUERY_MAX_LENGTH,
  TALENT_SKILL_FACETS,
  type TalentSort,
  talentBadges,
  talentSorts,
  talentTexts,
} from './talent-search-texts';
import { text } from './text';

// The contract of Talent Search: a company searches listed applicant profiles
// (GET /api/talent), keeps a shortlist (PUT/DELETE /api/talent/:id/shortlist, GET /api/talent/shortlist)
// and invites a shortlisted candidate to apply to one of its open jobs.

export * from './talent-search-texts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

// ?availability=full-time,part-time: each value once.
const listOf = <Value extends string>(values: readonly Value[], message: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? [
            ...new Set(
              value
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean),
            ),
          ]
        : (value ?? []),
    z.array(z.enum(values as [Value, ...Value[]], { message })),
  );

const rate = z.preprocess(
  emptyToUndefined,
  z.coerce
    .number({ message: talentTexts.rateNumber })
    .min(0, { message: talentTexts.rateNumber })
    .max(HOURLY_RATE_MAX, { message: talentTexts.rateNumber })
    .optional(),
);

// GET /api/talent
export const talentQuerySchema = z
  .object({
    // Full text over the headline, the skills and the summary.
    q: text().trim().max(TALENT_QUERY_MAX_LENGTH, { message: talentTexts.queryTooLong }).optional(),
    // Candidates with every one of these skills (case does not matter).
    skills: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean)
              .filter(
                (part, index, parts) =>
                  parts.findIndex((other) => other.toLowerCase() === part.toLowerCase()) === index,
              )
          : (value ?? []),
      z
        .array(z.string().max(40, { message: talentTexts.skillTooLong }))
        .max(TALENT_MAX_SKILL_FILTERS, { message: talentTexts.tooManySkills }),
    ),
    // Dollars per hour, both ends included.
    rate_min: rate,
    rate_max: rate,
    level: z.preprocess(emptyToUndefined, z.enum(experienceLevels, { message: talentTexts.level }).optional()),
    availability: listOf(availabilities, talentTexts.availability),
    region: z.preprocess(emptyToUndefined, z.enum(regions, { message: talentTexts.region }).optional()),
    // Candidates holding every badge asked for.
    badges: listOf(talentBadges, talentTexts.badges),
    // Candidates whose working day shares at least this many hours with one in `overlap_with`.
    overlap_hours: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ message: talentTexts.overlapHours })
        .int({ message: talentTexts.overlapHours })
        .min(1, { message: talentTexts.overlapHours })
        .max(OVERLAP_HOURS_MAX, { message: talentTexts.overlapHours })
        .optional(),
    ),
    overlap_with: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .max(64, { message: talentTexts.overlapWith })
        .refine(isIanaTimeZone, { message: talentTexts.overlapWith })
        .optional(),
    ),
    sort: z.preprocess(emptyToUndefined, z.enum(talentSorts, { message: talentTexts.sort }).default('best_match')),
    page: z.coerce
      .number({ message: talentTexts.pageNumber })
      .int({ message: talentTexts.pageNumber })
      .min(1, { message: talentTexts.pageNumber })
      .max(TALENT_PAGE_MAX, { message: talentTexts.page })
      .default(1),
    page_size: z.coerce
      .number({ message: talentTexts.pageSize })
      .int({ message: talentTexts.pageSize })
      .min(1, { message: talentTexts.pageSize })
      .max(TALENT_PAGE_SIZE_MAX, { message: talentTexts.pageSize })
      .default(TALENT_PAGE_SIZE),
  })
  .refine((query) => query.rate_min === undefined || query.rate_max === undefined || query.rate_min <= query.rate_max, {
    message: talentTexts.rateRange,
    path: ['rate_max'],
  })
  .refine((query) => query.overlap_hours === undefined || query.overlap_with !== undefined, {
    message: talentTexts.overlapNeedsZone,
    path: ['overlap_with'],
  });
// The query string as a client writes it: lists comma-separated.
export type TalentQuery = {
  q?: string;
  skills?: string;
  rate_min?: number;
  rate_max?: number;
  level?: ExperienceLevel;
  availability?: string;
  region?: Region;
  badges?: string;
  overlap_hours?: number;
  overlap_with?: string;
  sort?: TalentSort;
  page?: number;
  page_size?: number;
};
export type TalentFilters = z.output<typeof talentQuerySchema>;

// Where a search's words were found (in a CV, in a background): the text around them, the words marked.
const searchExcerptSchema = z
  .array(z.object({ text: z.string(), is_match: z.boolean() }))
  .describe('A short excerpt around the searched words, split into marked and unmarked parts');
export type SearchExcerpt = z.infer<typeof searchExcerptSchema>;

const candidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string().describe("The profile's headline"),
  photo_url: z.string().nullable(),
  hourly_rate: z.number().describe('US dollars per hour'),
  summary: z.string(),
  skills: z.array(z.string()),
  proven_skills: z.array(z.string()).describe('The skills among `skills` that a passed public test shows'),
  experience_level: z.enum(experienceLevels),
  availability: z.enum(availabilities),
  region: z.enum(regions),
  location: z.string().nullable(),
  timezone: z.string().nullable(),
  rating: z.number().nullable().describe('Average stars out of 5, one decimal; null before the first rating'),
  review_count: z.number().int().describe('How many revealed reviews from companies the rating averages'),
  hours_billed: z.number().int(),
  badges: z.array(z.enum(talentBadges)),
  latest_job: z
    .object({ title: z.string(), company: z.string() })
    .nullable()
    .describe('The first entry of the work history, as the applicant orders it (most recent first by default)'),
  languages: z.array(z.object({ language: z.string(), level: z.enum(languageLevels) })),
  is_online: z.boolean().describe(`Seen in the last ${ONLINE_WINDOW_MINUTES} minutes`),
  is_shortlisted: z.boolean(),
  cv: candidateCvSchema,
  cv_match: z
    .object({
      excerpt: searchExcerptSchema
        .nullable()
        .describe('Null when the candidate shares their CV only with companies they applied to or that invited them'),
    })
    .nullable()
    .describe('Present when the searched words were found in the candidate’s CV'),
  background_match: z
    .object({ excerpt: searchExcerptSchema })
    .nullable()
    .describe(
      'Present when the searched words were found in the candidate’s work history, education or certifications',
    ),
});
export type Candidate = z.infer<typeof candidateSchema>;

const facetSchema = <Value extends z.ZodTypeAny>(value: Value) => z.array(z.object({ value, count: z.number().int() }));

const talentFacetsSchema = z.object({
  skills: facetSchema(z.string()).describe(
    `The ${TALENT_SKILL_FACETS} skills most common in the results, and every quick skill (${quickSkills.join(', ')}) whatever its count`,
  ),
  level: facetSchema(z.enum(experienceLevels)),
  availability: facetSchema(z.enum(availabilities)),
  region: facetSchema(z.enum(regions)),
});
export type TalentFacets = z.infer<typeof talentFacetsSchema>;

export const talentSearchResultSchema = z.object({
  items: z.array(candidateSchema),
  total: z.number().int(),
  // Past TALENT_EXACT_COUNT_MAX matches, the total and the facet counts are estimated from a sample of
  // profiles (two significant figures), as a search engine says "about 280,000 results".
  total_is_estimate: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  facets: talentFacetsSchema,
});
export type TalentSearchResult = z.infer<typeof talentSearchResultSchema>;

// GET /api/talent/:id: the full profile a card opens, with the tests the candidate has passed that the
// company may see (public ones and its own).
const passedTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(testTypes),
  score: z.number().int().describe('Percent'),
  passed_at: z.string().describe('When the attempt was graded'),
});
export const candidateProfileSchema = candidateSchema.extend({
  passed_tests: z.array(passedTestSchema),
  ...profileBackgroundSchema.shape,
});
export type CandidateProfile = z.infer<typeof candidateProfileSchema>;

// GET /api/talent/shortlist
export const shortlistQuerySchema = z.object({
  page: z.coerce.number({ message: talentTexts.pageNumber }).int().min(1).max(TALENT_PAGE_MAX).default(1),
  page_size: z.coerce
    .number({ message: talentTexts.pageSize })
    .int()
    .min(1)
    .max(TALENT_PAGE_SIZE_MAX)
    .default(TALENT_PAGE_SIZE),
});
export const shortlistSchema = z.object({
  items: z.array(candidateSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type Shortlist = z.infer<typeof shortlistSchema>;

// PUT/DELETE /api/talent/:id/shortlist
export const shortlistStateSchema = z.object({ is_shortlisted: z.boolean() });

// GET /api/talent/skills?q=pyt: skills that exist on listed profiles, for the filter's suggestions.
export const talentSkillsQuerySchema = z.object({
  q: text().trim().max(40, { message: talentTexts.skillTooLong }).default(''),
});
export const talentSkillsSchema = z.object({ items: z.array(z.string()) });

// POST /api/talent/:id/invitations
export const inviteCandidateSchema = z.object({
  job_id: z.string().uuid({ message: 'Choose one of your open jobs.' }),
});

export type { Availability, ExperienceLevel, Region, TestType };
