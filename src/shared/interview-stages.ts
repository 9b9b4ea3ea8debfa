import { z } from 'zod';
import { singleLine } from './text';

// A job's interview stages (Greenhouse's interview plan): the company splits Interviewing into the steps of
// this job's interviews — a phone screen, a technical interview, a final round. An application in
// Interviewing is in exactly one of them (the first when it arrives there); the board has a column per
// stage. A stage may send one of the company's tests as an application enters it (a take-home before the
// technical interview). The applicant reads "Interviewing" whatever the step: the plan is the company's own.

export const INTERVIEW_STAGES_MAX = 8;
export const INTERVIEW_STAGE_NAME_MAX_LENGTH = 60;

export const interviewStageTexts = {
  heading: 'Interview stages',
  hint: 'Split Interviewing into the steps of this job’s interviews, such as a phone screen, a technical interview and a final round. Each becomes a column of the board and can send one of your tests as a candidate enters it; applicants see Interviewing.',
  add: 'Add stage',
  remove: 'Remove stage',
  moveUp: 'Move stage up',
  moveDown: 'Move stage down',
  nameLabel: (position: number) => `Stage ${position}`,
  nameRequired: 'Name the stage, or remove it.',
  nameTooLong: `A stage name is at most ${INTERVIEW_STAGE_NAME_MAX_LENGTH} characters.`,
  duplicateName: 'Two stages have this name. Give each its own.',
  tooMany: `A job has at most ${INTERVIEW_STAGES_MAX} interview stages.`,
  unknownStage: 'This job has no such interview stage any more. Reload the page to see its stages.',
  notInterviewing: 'Only an application in Interviewing moves between interview stages.',
  sameStage: 'This application is in that interview stage already.',
  stageOnlyForInterviewing: 'An interview stage is chosen only when moving to Interviewing.',
  selectLabel: 'Interview stage',
  testLabel: 'Test sent on entering this stage',
  noTest: 'No test',
  testsLoading: 'Loading tests…',
  testsLoadError: 'Your tests could not be loaded, so none can be chosen here. Reload the page to try again.',
} as const;

// A stage as the company writes it; an id it had is kept, so an edit keeps the applications that are in it.
export const interviewStageInputSchema = z.object({
  id: z.uuid().optional(),
  name: singleLine()
    .trim()
    .min(1, { message: interviewStageTexts.nameRequired })
    .max(INTERVIEW_STAGE_NAME_MAX_LENGTH, { message: interviewStageTexts.nameTooLong }),
  // One of the company's live tests, assigned to an application as it enters the stage.
  test_id: z
    .uuid({ message: 'This test does not exist.' })
    .nullish()
    .transform((value) => value ?? null),
});

export const interviewStagesInputSchema = z
  .array(interviewStageInputSchema)
  .max(INTERVIEW_STAGES_MAX, { message: interviewStageTexts.tooMany })
  .superRefine((stages, context) => {
    const seen = new Set<string>();
    stages.forEach((stage, index) => {
      const key = stage.name.toLocaleLowerCase();
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: [index, 'name'], message: interviewStageTexts.duplicateName });
      seen.add(key);
    });
  })
  .default([]);

export const interviewStageSchema = z.object({ id: z.string(), name: z.string(), test_id: z.string().nullable() });
export type InterviewStage = z.infer<typeof interviewStageSchema>;

// Where an application in Interviewing sits: its stage when that is still one of the job's, else the first
// (an application that reached Interviewing before the job had stages); null when the job has none.
export function interviewStageOf(
  stages: readonly InterviewStage[],
  stageId: string | null | undefined,
): InterviewStage | null {
  return stages.find((stage) => stage.id === stageId) ?? stages[0] ?? null;
}
