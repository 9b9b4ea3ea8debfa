import { z } from 'zod';
import { offerAgreementsSchema } from './agreements';
import { candidateCvSchema } from './applicant-cv';
import { applicationStatuses, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './applications';
import { testAttemptStatuses, testTypes } from './assessments';
import type { QueryOf } from './contract';
import type { pipelineContract } from './contracts/pipeline';
import { currencySchema } from './fx-rates';
import { interviewStageSchema, interviewStageTexts } from './interview-stages';
import { applicationSources } from './job-reach';
import { engagementTypes } from './job-texts';
import {
  earliestStartDate,
  jobApplicationListQuerySchema,
  jobStatuses,
  WEEKLY_HOURS_MAX,
  WEEKLY_HOURS_MIN,
} from './jobs';
import { offeredMilestoneSchema } from './offered-milestones';
import { proposalFileSchema } from './proposal-files';
import { screeningAnswerSchema } from './screening-questions';
import { applicantProfileViewSchema } from './talent';
import { unknownPlaceholderMessage, unknownPlaceholders } from './template-placeholders';
import { calendarDate, text } from './text';

// The contract of the company's side of the hiring pipeline: one application as a reviewer
// sees it, the moves, the offer, bulk moves, private notes and ratings. The stages and who may move an
// application where are in ./applications.ts (docs/design.md §5).

export const OFFER_RATE_MIN = 1;
export const OFFER_RATE_MAX = 1_000;
export const NOTE_MAX_LENGTH = 5_000;
export const REJECTION_REASON_MAX_LENGTH = 500;
export const BULK_MOVE_MAX = 100;
export const NOTE_MENTIONS_MAX = 20;

export const pipelineTexts = {
  offerRate: `Enter an hourly rate between $${OFFER_RATE_MIN} and $${OFFER_RATE_MAX.toLocaleString('en-US')}.`,
  offerHours: `Weekly hours must be between ${WEEKLY_HOURS_MIN} and ${WEEKLY_HOURS_MAX}.`,
  offerStartRequired: 'Choose a start date.',
  offerStartPast: 'The start date cannot be in the past.',
  noteRequired: 'Write a note before adding it.',
  noteTooLong: `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  mentionUnknown: 'Mention colleagues by picking them from the list.',
  tooManyMentions: `A note can mention at most ${NOTE_MENTIONS_MAX} colleagues.`,
  rating: `Choose a rating from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars.`,
  reasonTooLong: `The reason can be at most ${REJECTION_REASON_MAX_LENGTH} characters.`,
  reasonOnlyWhenRejecting: 'A reason is given only when rejecting an application.',
  bulkTarget: 'Several applications can be shortlisted, moved to interviewing or rejected at once.',
  selectOne: 'Select at least one application.',
  tooMany: `Select at most ${BULK_MOVE_MAX} applications at a time.`,
  applicationId: 'This application does not exist.',
  loadError: 'Failed to load applications. Please try again.',
  detailLoadError: 'Failed to load this application. Please try again.',
} as const;

// What a rejected applicant reads: the placeholders of message templates ({{first_name}}, …) are filled in
// for each applicant, so one reason, or a template, serves a whole column.
const rejectionReason = () =>
  text()
    .trim()
    .max(REJECTION_REASON_MAX_LENGTH, { message: pipelineTexts.reasonTooLong })
    .superRefine((reason, context) => {
      const unknown = unknownPlaceholders(reason);
      if (unknown.length > 0) context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
    })
    .optional()
    .transform((value) => value || undefined);

// POST /api/applications/:id/move. Any stage may be asked for: the state machine answers a move it
// does not allow with a 409 and a sentence (an offer is made through …/offer, with its terms).
// Into Interviewing, or within it, `stage_id` names one of the job's interview stages (shared/interview-stages.ts).
export const moveApplicationSchema = z
  .object({
    to: z.enum(applicationStatuses, { message: 'Unknown application stage.' }),
    reason: rejectionReason(),
    stage_id: z.uuid({ message: interviewStageTexts.unknownStage }).optional(),
  })
  .refine((input) => input.to === 'rejected' || input.reason === undefined, {
    message: pipelineTexts.reasonOnlyWhenRejecting,
    path: ['reason'],
  })
  .refine((input) => input.to === 'interviewing' || input.stage_id === undefined, {
    message: interviewStageTexts.stageOnlyForInterviewing,
    path: ['stage_id'],
  });
export type MoveApplicationInput = z.input<typeof moveApplicationSchema>;

// The moves several applications can make together: an offer needs its own terms.
const bulkMoveTargets = ['shortlisted', 'interviewing', 'rejected'] as const;
export type BulkMoveTarget = (typeof bulkMoveTargets)[number];

export const bulkMoveSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: pipelineTexts.applicationId }))
      .min(1, { message: pipelineTexts.selectOne })
      .max(BULK_MOVE_MAX, { message: pipelineTexts.tooMany }),
    to: z.enum(bulkMoveTargets, { message: pipelineTexts.bulkTarget }),
    reason: rejectionReason(),
  })
  .refine((input) => input.to === 'rejected' || input.reason === undefined, {
    message: pipelineTexts.reasonOnlyWhenRejecting,
    path: ['reason'],
  });
export type BulkMoveInput = z.input<typeof bulkMoveSchema>;

export const bulkMoveResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['moved', 'skipped', 'not_found']),
      status: z.enum(applicationStatuses).optional(),
      // Why an application was skipped: the sentence of the 409 its move met.
      error: z.string().optional(),
    }),
  ),
  moved: z.number(),
});
export type BulkMoveResult = z.infer<typeof bulkMoveResultSchema>;

// A rate in dollars an hour, whole cents at most.
const isWholeCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

// POST /api/applications/:id/offer: what the applicant accepts or declines. The form and the server
// check the same rules; "not in the past" is judged against the earliest today on Earth.
export const offerSchema = z
  .object({
    rate: z
      .number({ message: pipelineTexts.offerRate })
      .min(OFFER_RATE_MIN, { message: pipelineTexts.offerRate })
      .max(OFFER_RATE_MAX, { message: pipelineTexts.offerRate })
      .refine(isWholeCents, { message: 'Use at most two decimals for the rate.' }),
    weekly_hours: z
      .number({ message: pipelineTexts.offerHours })
      .int({ message: pipelineTexts.offerHours })
      .min(WEEKLY_HOURS_MIN, { message: pipelineTexts.offerHours })
      .max(WEEKLY_HOURS_MAX, { message: pipelineTexts.offerHours }),
    start_date: z.string({ message: pipelineTexts.offerStartRequired }).pipe(calendarDate()),
    // The agreements the talent signs with it (decision 056): template references.
    agreements: offerAgreementsSchema,
  })
  .superRefine((offer, context) => {
    if (offer.start_date < earliestStartDate()) {
      context.addIssue({ code: 'custom', path: ['start_date'], message: pipelineTexts.offerStartPast });
    }
  });
export type OfferInput = z.input<typeof offerSchema>;

export const noteSchema = z.object({
  body: text()
    .trim()
    .min(1, { message: pipelineTexts.noteRequired })
    .max(NOTE_MAX_LENGTH, { message: pipelineTexts.noteTooLong }),
  // Colleagues @mentioned in it, each told of the note: the server checks they may read the pipeline.
  mentions: z
    .array(z.uuid({ message: pipelineTexts.mentionUnknown }), { message: pipelineTexts.mentionUnknown })
    .max(NOTE_MENTIONS_MAX, { message: pipelineTexts.tooManyMentions })
    .default([]),
});
export type NoteInput = z.input<typeof noteSchema>;

export const ratingSchema = z.object({
  rating: z
    .number({ message: pipelineTexts.rating })
    .int({ message: pipelineTexts.rating })
    .min(REVIEW_RATING_MIN, { message: pipelineTexts.rating })
    .max(REVIEW_RATING_MAX, { message: pipelineTexts.rating }),
});

export const applicationRatingSchema = z.object({
  // The signed-in reviewer's own stars, null until they rate.
  mine: z.number().nullable(),
  // Every reviewer's, one decimal; null while nobody has rated.
  average: z.number().nullable(),
  count: z.number(),
});
export type ApplicationRating = z.infer<typeof applicationRatingSchema>;

export const applicationNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  created_at: z.string(),
  // The colleagues the note names as "@Name", to show those highlighted.
  mentions: z.array(z.object({ user_id: z.string(), name: z.string() })),
});
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;

// GET /api/applications/:id: one application as the company's reviewers see it.
export const applicationDetailSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  // Which of the job's interview stages it is in, while Interviewing on a job that has them.
  interview_stage_id: z.string().nullable(),
  job: z.object({
    id: z.string(),
    title: z.string(),
    status: z.enum(jobStatuses),
    openings: z.number(),
    // What the job asked for: an offer starts from these. A fixed-price job is offered as milestones
    // (shared/milestones.ts) that add up to a total, its budget the first guess.
    engagement_type: z.enum(engagementTypes),
    budget_total_cents: z.number().int().nullable(),
    weekly_hours: z.number(),
    start_date: z.string().nullable(),
    // Whose job it is: a message's {{company_name}}.
    company_name: z.string(),
    // The steps its Interviewing is split into, in order (none: one Interviewing stage).
    interview_stages: z.array(interviewStageSchema),
  }),
  // The profile as every company view shows it (shared/talent.ts), and the address to write to.
  // The CV: the company reading the application is one the applicant applied to, so it may download it.
  applicant: applicantProfileViewSchema.extend({ email: z.string(), cv: candidateCvSchema }),
  cover_letter: z.string(),
  proposal_rate: z.number().nullable(),
  // A fixed-price job's proposal: the total, and the milestones it was split into (null: not split).
  proposal_price_cents: z.number().int().nullable(),
  proposal_milestones: z.array(offeredMilestoneSchema).nullable(),
  // The currency of the job's budget, the proposal and the offer: the company's billing currency.
  currency: currencySchema,
  // The job's screening questions as asked, with the applicant's answers.
  screening_answers: z.array(screeningAnswerSchema),
  // Files the applicant attached to the proposal.
  attachments: z.array(proposalFileSchema),
  created_at: z.string(),
  updated_at: z.string(),
  // Where the applicant came from (shared/job-reach.ts), and the member who referred them (null when the
  // source is not a referral, or the member's account is gone).
  source: z.enum(applicationSources),
  referrer_name: z.string().nullable(),
  // Every stage it reached, oldest first, with who moved it (null: nobody recorded).
  history: z.array(
    z.object({
      status: z.enum(applicationStatuses),
      // The interview stage it reached, by the name it had then.
      interview_stage: z.string().nullable(),
      at: z.string(),
      by_name: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  // What the applicant was told when rejected.
  rejection_reason: z.string().nullable(),
  // The offer made (kept after it was accepted or declined): hourly terms, or a fixed price's total and
  // milestones (rate and weekly hours null).
  offer: z
    .object({
      rate: z.number().nullable(),
      weekly_hours: z.number().nullable(),
      start_date: z.string(),
      offered_at: z.string().nullable(),
      total_cents: z.number().int().nullable(),
      milestones: z.array(offeredMilestoneSchema),
    })
    .nullable(),
  hired_at: z.string().nullable(),
  // The assignment the accepted offer made (a fixed price's contract page is /company/contracts/:id).
  assignment_id: z.string().nullable(),
  notes: z.array(applicationNoteSchema),
  rating: applicationRatingSchema,
  // The job's required tests, and those assigned on this application, with the applicant's latest attempt
  // at each (null: not assigned yet).
  test_results: z.array(
    z.object({
      test_id: z.string(),
      test_name: z.string(),
      test_type: z.enum(testTypes),
      pass_rate: z.number(),
      attempt: z
        .object({
          id: z.string(),
          status: z.enum(testAttemptStatuses),
          score: z.number().nullable(),
          passed: z.boolean().nullable(),
          submitted_at: z.string().nullable(),
          // Answers waiting for the company to grade them.
          pending_reviews: z.number(),
        })
        .nullable(),
    }),
  ),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

// GET /api/applications: the company's applications across its jobs.
export const applicationListQuerySchema = jobApplicationListQuerySchema.extend({
  job_id: z.uuid({ message: 'This job does not exist.' }).optional(),
});
// What a caller sends: the coerced fields as their parsed type (decision 019's QueryOf).
export type ApplicationListQuery = QueryOf<typeof pipelineContract.list>;

// POST /api/applications/:id/tests: the assignment made.
export const assignedTestSchema = z.object({ id: z.string() });

// A letter or digit right after "@Name" makes it part of a longer word ("@Al" in "@Alice").
const WORD_GOES_ON = /^[\p{L}\p{N}]/u;

// Where the text names a person as "@Name": the index of each "@" (the composer writes a mention so).
export function mentionPositions(body: string, name: string): number[] {
  const needle = `@${name}`;
  const positions: number[] = [];
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + 1)) {
    if (!WORD_GOES_ON.test(body.slice(at + needle.length))) positions.push(at);
  }
  return positions;
}

export const namesWithAt = (body: string, name: string) => mentionPositions(body, name).length > 0;
