import type { MilestoneRowValues } from '~/client/components/milestone-row-fields';
import { dollarsToCents } from '~/client/lib/dollars';
import { type ApplyToJobInput, applyToJobSchema } from '~/shared/job-board';
import type { EngagementType } from '~/shared/job-texts';

// What the apply form holds, as typed: the cover letter, and the proposal in the job's terms — a rate for an
// hourly job; for a fixed-price one a total and, once the applicant splits it, milestones (decision 035's
// rows, amounts in dollars as written, sent as whole cents). The rules are the server's (applyToJobSchema).
export interface ApplyFormValues {
  cover_letter: string;
  proposal_rate: string;
  price: string;
  milestones: MilestoneRowValues[];
}

export const emptyApplyForm: ApplyFormValues = { cover_letter: '', proposal_rate: '', price: '', milestones: [] };

// The payload's name of a field as the form names it ('proposal_milestones.1.amount_cents' → 'milestones.1.amount').
export function toApplyFormFieldName(payloadName: string): string {
  if (payloadName === 'proposal_milestones') return 'milestones.root';
  if (payloadName === 'proposal_price_cents') return 'price';
  return payloadName.replace(/^proposal_milestones\./, 'milestones.').replace(/\.amount_cents$/, '.amount');
}

// The form fields a message can land on, in the form's order (the first is focused).
export function applyFormFields(engagementType: EngagementType, milestoneCount: number): string[] {
  if (engagementType === 'hourly') return ['cover_letter', 'proposal_rate'];
  const rows = Array.from({ length: milestoneCount }, (_, index) =>
    ['title', 'description', 'amount', 'due_date'].map((field) => `milestones.${index}.${field}`),
  );
  return ['cover_letter', 'price', ...rows.flat(), 'milestones.root'];
}

type ApplyFormResult =
  | { payload: ApplyToJobInput; problems: null }
  | { payload: null; problems: Record<string, string> };

// The payload when every rule holds, or form field → the first message the server's rules give for it
// ('milestones' for the list as a whole).
export function checkApplyForm(values: ApplyFormValues, engagementType: EngagementType): ApplyFormResult {
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
  };
  const parsed = applyToJobSchema.safeParse(candidate);
  if (parsed.success) return { payload: parsed.data, problems: null };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = toApplyFormFieldName(issue.path.map(String).join('.'));
    problems[field === 'milestones.root' ? 'milestones' : field] ??= issue.message;
  }
  return { payload: null, problems };
}
