import type { MilestoneRowValues } from '~/client/components/milestone-row-fields';
import { dollarsToCents } from '~/client/lib/dollars';
import { type ApplyToJobInput, applyToJobSchema } from '~/shared/job-board';
import type { EngagementType } from '~/shared/job-texts';
import { answerScreeningQuestions, type ScreeningQuestion, screeningAnswerField } from '~/shared/screening-questions';

// What the apply form holds, as typed: the cover letter, and the proposal in the job's terms — a rate for an
// hourly job; for a fixed-price one a total and, once the applicant splits it, milestones (decision 035's
// rows, amounts in dollars as written, sent as whole cents). The rules are the server's (applyToJobSchema).
export interface ApplyFormValues {
  cover_letter: string;
  proposal_rate: string;
  price: string;
  milestones: MilestoneRowValues[];
  // The job's screening questions' answers, by question id.
  screening_answers: Record<string, string>;
}

export const emptyApplyForm: ApplyFormValues = {
  cover_letter: '',
  proposal_rate: '',
  price: '',
  milestones: [],
  screening_answers: {},
};

// The payload's name of a field as the form names it ('proposal_milestones.1.amount_cents' → 'milestones.1.amount').
export function toApplyFormFieldName(payloadName: string): string {
  if (payloadName === 'proposal_milestones') return 'milestones.root';
  if (payloadName === 'proposal_price_cents') return 'price';
  return payloadName.replace(/^proposal_milestones\./, 'milestones.').replace(/\.amount_cents$/, '.amount');
}

// The form fields a message can land on, in the form's order (the first is focused).
export function applyFormFields(
  engagementType: EngagementType,
  milestoneCount: number,
  questions: readonly ScreeningQuestion[],
): string[] {
  const answers = questions.map((question) => screeningAnswerField(question.id));
  if (engagementType === 'hourly') return ['cover_letter', 'proposal_rate', ...answers];
  const rows = Array.from({ length: milestoneCount }, (_, index) =>
    ['title', 'description', 'amount', 'due_date'].map((field) => `milestones.${index}.${field}`),
  );
  return ['cover_letter', 'price', ...rows.flat(), 'milestones.root', ...answers];
}

type ApplyFormResult =
  | { payload: ApplyToJobInput; problems: null }
  | { payload: null; problems: Record<string, string> };

// The payload when every rule holds, or form field → the first message the server's rules give for it
// ('milestones' for the list as a whole).
export function checkApplyForm(
  values: ApplyFormValues,
  engagementType: EngagementType,
  questions: readonly ScreeningQuestion[] = [],
): ApplyFormResult {
  const rate = values.proposal_rate.trim();
  const price = values.price.trim();
  const isFixed = engagementType === 'fixed';
  const candidate = {
    cover_letter: values.cover_letter,
    ...(isFixed
      ? {
          proposal_price_cents: price === '' ? null : dollarsToCents(price),
          proposal_milestones:
            values.milestones.length === 0
              ? null
              : values.milestones.map((milestone) => ({
                  title: milestone.title,
                  description: milestone.description,
                  amount_cents: dollarsToCents(milestone.amount),
                  due_date: milestone.due_date || undefined,
                })),
        }
      : { proposal_rate: rate === '' ? null : Number(rate) }),
    screening_answers: questions.map((question) => ({
      question_id: question.id,
      answer: values.screening_answers[question.id] ?? '',
    })),
  };
  const parsed = applyToJobSchema.safeParse(candidate);
  const problems: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first, index] = issue.path;
      // An answer's message belongs to its question's field.
      const question = first === 'screening_answers' && typeof index === 'number' ? questions[index] : undefined;
      const field = question
        ? screeningAnswerField(question.id)
        : toApplyFormFieldName(issue.path.map(String).join('.'));
      problems[field === 'milestones.root' ? 'milestones' : field] ??= issue.message;
    }
  }
  // What the server checks against the job: each required question answered.
  const screening = answerScreeningQuestions(questions, candidate.screening_answers);
  for (const [field, message] of Object.entries(screening.problems)) problems[field] ??= message;
  if (parsed.success && Object.keys(problems).length === 0) {
    // A job without questions is applied to as before they existed; the files are the form's to add.
    const { screening_answers, attachment_ids: _files, ...rest } = parsed.data;
    return { payload: questions.length > 0 ? { ...rest, screening_answers } : rest, problems: null };
  }
  return { payload: null, problems };
}
