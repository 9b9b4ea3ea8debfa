import { z } from 'zod';
import { singleLine, text } from './text';

// An applicant's background on their profile (issue 33 item 2): work history, education, languages,
// certifications and portfolio links. Each list is saved whole, in the applicant's order
// (PUT /api/applicant/profile/<list> with { items }), and shown in that order wherever the profile is.

export const languageLevels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'native'] as const;
export type LanguageLevel = (typeof languageLevels)[number];
export const languageLevelLabels: Record<LanguageLevel, string> = {
  A1: 'A1 · Beginner',
  A2: 'A2 · Elementary',
  B1: 'B1 · Intermediate',
  B2: 'B2 · Upper intermediate',
  C1: 'C1 · Advanced',
  C2: 'C2 · Proficient',
  native: 'Native',
};

export const backgroundLimits = {
  workHistory: 30,
  education: 10,
  languages: 20,
  certifications: 30,
  portfolio: 20,
  titleLength: 100,
  organisationLength: 150,
  descriptionLength: 2000,
  portfolioDescriptionLength: 500,
  languageLength: 50,
  urlLength: 500,
  earliestYear: 1950,
} as const;

const L = backgroundLimits;

export const backgroundTexts = {
  required: (what: string) => `Enter the ${what}.`,
  tooLong: (what: string, max: number) => `The ${what} can be at most ${max.toLocaleString('en-US')} characters.`,
  tooMany: (what: string, max: number) => `You can add up to ${max} ${what}.`,
  month: 'Enter a month such as 2024-03.',
  monthTooEarly: `Enter a month from ${L.earliestYear} on.`,
  year: `Enter a year from ${L.earliestYear} on, such as 2019.`,
  endBeforeStart: 'The end cannot be before the start.',
  futureStart: 'A finished job cannot start in the future.',
  futureEnd: 'The end month cannot be in the future. For a job you still hold, tick “I currently work here”.',
  farFutureStart: 'The start can be at most a year from now.',
  educationStartTooLate: 'The start year can be at most next year.',
  educationEndTooLate: 'The end year can be at most ten years from now.',
  futureIssued: 'The issue month cannot be in the future.',
  expiresBeforeIssued: 'The expiry cannot be before the issue month.',
  url: 'Enter a web address starting with https:// or http://.',
  languageLevel: 'Choose a level from the list.',
  duplicateLanguage: 'This language is already on your profile.',
  saved: (what: string) => `Your ${what} has been saved.`,
  saveError: 'Failed to save. Please try again.',
} as const;

// Months travel as YYYY-MM; the database keeps their first day.
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const currentMonth = (now = new Date()) =>
  `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

// Months as YYYY-MM compare as text.
const addMonths = (month: string, count: number) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

const requiredLine = (what: string, max: number) =>
  singleLine()
    .trim()
    .min(1, { message: backgroundTexts.required(what) })
    .max(max, { message: backgroundTexts.tooLong(what, max) });

const optionalText = (what: string, max: number) =>
  text()
    .trim()
    .max(max, { message: backgroundTexts.tooLong(what, max) })
    .nullish()
    .transform((value) => value || null);

const month = () =>
  z
    .string({ message: backgroundTexts.month })
    .trim()
    .regex(MONTH, { message: backgroundTexts.month })
    .refine((value) => value >= `${L.earliestYear}-01`, { message: backgroundTexts.monthTooEarly });

const optionalMonth = () =>
  z
    .union([z.literal(''), month()])
    .nullish()
    .transform((value) => value || null);

const year = () =>
  z
    .number({ message: backgroundTexts.year })
    .int({ message: backgroundTexts.year })
    .min(L.earliestYear, { message: backgroundTexts.year })
    .max(9999, { message: backgroundTexts.year });

// Only web pages: a javascript:, data: or file: address would run or read something in the viewer's browser.
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const webAddress = () =>
  singleLine()
    .trim()
    .max(L.urlLength, { message: backgroundTexts.tooLong('address', L.urlLength) })
    .refine(isWebAddress, { message: backgroundTexts.url });

export const workHistoryEntrySchema = z
  .object({
    title: requiredLine('job title', L.titleLength),
    company: requiredLine('company', L.organisationLength),
    start_month: month(),
    end_month: optionalMonth().describe('YYYY-MM; null while the applicant still works there'),
    description: optionalText('description', L.descriptionLength),
  })
  .superRefine((entry, context) => {
    const now = currentMonth();
    if (entry.end_month === null) {
      if (entry.start_month > addMonths(now, 12)) {
        context.addIssue({ code: 'custom', path: ['start_month'], message: backgroundTexts.farFutureStart });
      }
      return;
    }
    if (entry.start_month > now) {
      context.addIssue({ code: 'custom', path: ['start_month'], message: backgroundTexts.futureStart });
    }
    if (entry.end_month < entry.start_month) {
      context.addIssue({ code: 'custom', path: ['end_month'], message: backgroundTexts.endBeforeStart });
    } else if (entry.end_month > now) {
      context.addIssue({ code: 'custom', path: ['end_month'], message: backgroundTexts.futureEnd });
    }
  });
export type WorkHistoryEntry = z.output<typeof workHistoryEntrySchema>;

export const educationEntrySchema = z
  .object({
    school: requiredLine('school', L.organisationLength),
    degree: requiredLine('degree and field of study', L.organisationLength),
    start_year: year(),
    end_year: year()
      .nullish()
      .transform((value) => value ?? null)
      .describe('Null while studying'),
  })
  .superRefine((entry, context) => {
    const thisYear = new Date().getUTCFullYear();
    if (entry.start_year > thisYear + 1) {
      context.addIssue({ code: 'custom', path: ['start_year'], message: backgroundTexts.educationStartTooLate });
    }
    if (entry.end_year === null) return;
    if (entry.end_year < entry.start_year) {
      context.addIssue({ code: 'custom', path: ['end_year'], message: backgroundTexts.endBeforeStart });
    } else if (entry.end_year > thisYear + 10) {
      context.addIssue({ code: 'custom', path: ['end_year'], message: backgroundTexts.educationEndTooLate });
    }
  });
export type EducationEntry = z.output<typeof educationEntrySchema>;

export const languageEntrySchema = z.object({
  language: requiredLine('language', L.languageLength),
  level: z.enum(languageLevels, { message: backgroundTexts.languageLevel }),
});
export type LanguageEntry = z.output<typeof languageEntrySchema>;

export const certificationEntrySchema = z
  .object({
    name: requiredLine('certification', L.organisationLength),
    issuer: requiredLine('issuer', L.organisationLength),
    issued_month: month(),
    expires_month: optionalMonth().describe('YYYY-MM; null when it does not expire'),
    credential_url: z
      .union([z.literal(''), webAddress()])
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((entry, context) => {
    if (entry.issued_month > currentMonth()) {
      context.addIssue({ code: 'custom', path: ['issued_month'], message: backgroundTexts.futureIssued });
    }
    if (entry.expires_month !== null && entry.expires_month < entry.issued_month) {
      context.addIssue({ code: 'custom', path: ['expires_month'], message: backgroundTexts.expiresBeforeIssued });
    }
  });
export type CertificationEntry = z.output<typeof certificationEntrySchema>;

export const portfolioLinkSchema = z.object({
  title: requiredLine('title', L.titleLength),
  url: webAddress(),
  description: optionalText('description', L.portfolioDescriptionLength),
});
export type PortfolioLink = z.output<typeof portfolioLinkSchema>;

const listOf = <Entry extends z.ZodTypeAny>(entry: Entry, what: string, max: number) =>
  z.object({
    items: z.array(entry, { message: `Send the ${what} as a list.` }).max(max, {
      message: backgroundTexts.tooMany(what, max),
    }),
  });

export const updateWorkHistorySchema = listOf(workHistoryEntrySchema, 'jobs', L.workHistory);
export const updateEducationSchema = listOf(educationEntrySchema, 'degrees', L.education);
export const updateLanguagesSchema = listOf(languageEntrySchema, 'languages', L.languages).superRefine(
  ({ items }, context) => {
    items.forEach((item, index) => {
      const isRepeated = items
        .slice(0, index)
        .some((earlier) => earlier.language.toLowerCase() === item.language.toLowerCase());
      if (isRepeated) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'language'],
          message: backgroundTexts.duplicateLanguage,
        });
      }
    });
  },
);
export const updateCertificationsSchema = listOf(certificationEntrySchema, 'certifications', L.certifications);
export const updatePortfolioSchema = listOf(portfolioLinkSchema, 'portfolio links', L.portfolio);

export type UpdateWorkHistoryInput = z.input<typeof updateWorkHistorySchema>;
export type UpdateEducationInput = z.input<typeof updateEducationSchema>;
export type UpdateLanguagesInput = z.input<typeof updateLanguagesSchema>;
export type UpdateCertificationsInput = z.input<typeof updateCertificationsSchema>;
export type UpdatePortfolioInput = z.input<typeof updatePortfolioSchema>;

// What every view of the profile carries: the lists as saved, in order.
export const profileBackgroundSchema = z.object({
  work_history: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      company: z.string(),
      start_month: z.string().describe('YYYY-MM'),
      end_month: z.string().nullable().describe('YYYY-MM; null while the applicant still works there'),
      description: z.string().nullable(),
    }),
  ),
  education: z.array(
    z.object({
      id: z.string(),
      school: z.string(),
      degree: z.string(),
      start_year: z.number(),
      end_year: z.number().nullable(),
    }),
  ),
  languages: z.array(z.object({ id: z.string(), language: z.string(), level: z.enum(languageLevels) })),
  certifications: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      issuer: z.string(),
      issued_month: z.string(),
      expires_month: z.string().nullable(),
      credential_url: z.string().nullable(),
    }),
  ),
  portfolio: z.array(
    z.object({ id: z.string(), title: z.string(), url: z.string(), description: z.string().nullable() }),
  ),
});
export type ProfileBackground = z.infer<typeof profileBackgroundSchema>;

// "Mar 2021", from YYYY-MM.
export function formatMonth(value: string): string {
  const [year, monthNumber] = value.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, monthNumber - 1, 1)),
  );
}

// A profile with none of the lists yet.
export const emptyProfileBackground: ProfileBackground = {
  work_history: [],
  education: [],
  languages: [],
  certifications: [],
  portfolio: [],
};
