import { z } from 'zod';
import { type ApplicationStatus, applicationStatuses } from './applications';
import { singleLine, text } from './text';

// Scorecards: each interviewer rates a job's criteria 1–4 for the stage they interviewed at.
export const SCORECARD_RATING_MIN = 1;
export const SCORECARD_RATING_MAX = 4;

// A job's criteria until its hiring team sets its own.
export const DEFAULT_SCORECARD_CRITERIA = ['Relevant skills', 'Communication', 'Problem solving'] as const;

export const SCORECARD_CRITERIA_MAX = 8;
export const SCORECARD_CRITERION_MAX_LENGTH = 60;
export const SCORECARD_NOTE_MAX_LENGTH = 2_000;

// The stages someone interviews at; a card is for one of them.
export const scorecardStages = ['shortlisted', 'interviewing', 'offered'] as const satisfies ApplicationStatus[];
export type ScorecardStage = (typeof scorecardStages)[number];

// What a 1–4 rating means, for the buttons' names and the summary.
export const scorecardRatingLabels: Record<number, string> = {
  1: 'Strong no',
  2: 'No',
  3: 'Yes',
  4: 'Strong yes',
};

export const scorecardTexts = {
  rating: `Choose a rating from ${SCORECARD_RATING_MIN} to ${SCORECARD_RATING_MAX}.`,
  overallRequired: `Choose an overall rating from ${SCORECARD_RATING_MIN} to ${SCORECARD_RATING_MAX}.`,
  stage: 'Choose the stage you interviewed at: shortlisted, interviewing or offered.',
  noteTooLong: `A note can be at most ${SCORECARD_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  unknownCriterion: (criterion: string) => `“${criterion}” is not one of this job’s scorecard criteria.`,
  missingCriterion: (criterion: string) => `Rate “${criterion}” as well.`,
  ratedTwice: (criterion: string) => `“${criterion}” is rated twice.`,
  criteriaCount: `A scorecard has between 1 and ${SCORECARD_CRITERIA_MAX} criteria.`,
  criterionRequired: 'Name the criterion, or remove it.',
  criterionTooLong: `Keep a criterion to ${SCORECARD_CRITERION_MAX_LENGTH} characters or fewer.`,
  criterionRepeated: 'Each criterion appears once.',
  loadError: 'Failed to load the scorecards. Please try again.',
} as const;

// The criteria of a job as stored: null until someone sets its own.
export const criteriaOf = (stored: string[] | null): string[] =>
  stored && stored.length > 0 ? stored : [...DEFAULT_SCORECARD_CRITERIA];

// The stage a new card is for: where the application is, else the last interview stage it reached.
export function defaultScorecardStage(
  status: ApplicationStatus,
  reached: readonly ApplicationStatus[],
): ScorecardStage {
  if ((scorecardStages as readonly ApplicationStatus[]).includes(status)) return status as ScorecardStage;
  const last = [...reached]
    .reverse()
    .find((stage) => (scorecardStages as readonly ApplicationStatus[]).includes(stage));
  return (last as ScorecardStage | undefined) ?? 'shortlisted';
}

const rating = (message: string) =>
  z.number({ message }).int({ message }).min(SCORECARD_RATING_MIN, { message }).max(SCORECARD_RATING_MAX, { message });

const scorecardNote = () =>
  text().trim().max(SCORECARD_NOTE_MAX_LENGTH, { message: scorecardTexts.noteTooLong }).default('');

// PUT /api/applications/:id/scorecards: the signed-in interviewer's card for a stage (again: edits it).
// Which criteria a job has is the server's check (each of them rated once, no other).
export const fillScorecardSchema = z.object({
  stage: z.enum(scorecardStages, { message: scorecardTexts.stage }),
  ratings: z.array(
    z.object({
      criterion: singleLine().trim().min(1, { message: scorecardTexts.criterionRequired }),
      rating: rating(scorecardTexts.rating),
      note: scorecardNote(),
    }),
  ),
  overall_rating: rating(scorecardTexts.overallRequired),
  note: scorecardNote(),
});
export type FillScorecardInput = z.input<typeof fillScorecardSchema>;

export const scorecardSchema = z.object({
  id: z.string(),
  stage: z.enum(applicationStatuses),
  author_id: z.string(),
  author_name: z.string(),
  // The reader's own card, which filling that stage again edits.
  is_mine: z.boolean(),
  ratings: z.array(z.object({ criterion: z.string(), rating: z.number(), note: z.string() })),
  overall_rating: z.number(),
  note: z.string(),
  updated_at: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

// GET /api/applications/:id/scorecards: the job's criteria, the stage a new card defaults to, every card
// (newest first) and their averages (one decimal; null while there is no card).
export const scorecardSummarySchema = z.object({
  criteria: z.array(z.string()),
  default_stage: z.enum(scorecardStages),
  count: z.number(),
  overall_average: z.number().nullable(),
  criterion_averages: z.array(z.object({ criterion: z.string(), average: z.number(), count: z.number() })),
  scorecards: z.array(scorecardSchema),
  // Whether the reader's role may fill one (a Viewer reads only): the drawer shows the form by it.
  can_fill: z.boolean(),
});
export type ScorecardSummary = z.infer<typeof scorecardSummarySchema>;

// PUT /api/jobs/:id/scorecard-criteria: the labels interviewers rate, in order.
export const scorecardCriteriaSchema = z.object({
  criteria: z
    .array(
      singleLine()
        .trim()
        .min(1, { message: scorecardTexts.criterionRequired })
        .max(SCORECARD_CRITERION_MAX_LENGTH, { message: scorecardTexts.criterionTooLong }),
      { message: scorecardTexts.criteriaCount },
    )
    .min(1, { message: scorecardTexts.criteriaCount })
    .max(SCORECARD_CRITERIA_MAX, { message: scorecardTexts.criteriaCount })
    .refine((criteria) => new Set(criteria.map((criterion) => criterion.toLowerCase())).size === criteria.length, {
      message: scorecardTexts.criterionRepeated,
    }),
});
export type ScorecardCriteriaInput = z.input<typeof scorecardCriteriaSchema>;
