import { emptyMilestoneRow, type MilestoneRowValues } from '~/client/components/milestone-row-fields';
import { centsToDollars, dollarsToCents } from '~/client/lib/dollars';
import type { Currency } from '~/shared/currencies';
import { earliestStartDate } from '~/shared/jobs';
import { type FixedPriceOfferInput, fixedPriceOfferSchema } from '~/shared/milestones';
import { type ApplicationDetail, type OfferInput, offerSchema } from '~/shared/pipeline';

// What the Make Offer form holds: numbers as typed, so an emptied box stays empty rather than 0, and
// the conversions to the API's payload. The rules are the server's (offerSchema), checked before sending.

// The banner's sentence when an offer got no answer from the server.
export const OFFER_FAILURE_TEXT = 'The offer was not sent. Please try again.';

export interface OfferFormValues {
  rate: string;
  weekly_hours: string;
  start_date: string;
}

type OfferFormField = keyof OfferFormValues;
export const offerFormFields: readonly OfferFormField[] = ['rate', 'weekly_hours', 'start_date'];

// An offer starts from what the applicant proposed and what the job asked for.
export function initialOfferValues(application: ApplicationDetail, now = new Date()): OfferFormValues {
  const jobStart = application.job.start_date;
  return {
    rate: application.proposal_rate == null ? '' : String(application.proposal_rate),
    weekly_hours: String(application.job.weekly_hours),
    start_date: jobStart && jobStart >= earliestStartDate(now) ? jobStart : '',
  };
}

const parseNumber = (value: string): number | undefined => (value.trim() === '' ? undefined : Number(value));

type OfferFormResult =
  | { offer: OfferInput; problems: null }
  | { offer: null; problems: Partial<Record<OfferFormField, string>> };

// The payload when every rule holds, or field → the first message the server's rules give for it.
export function checkOfferForm(values: OfferFormValues): OfferFormResult {
  const parsed = offerSchema.safeParse({
    rate: parseNumber(values.rate),
    weekly_hours: parseNumber(values.weekly_hours),
    start_date: values.start_date || undefined,
  });
  if (parsed.success) return { offer: parsed.data, problems: null };
  const problems: Partial<Record<OfferFormField, string>> = {};
  for (const issue of parsed.error.issues) {
    const [field] = issue.path;
    if (typeof field === 'string' && isOfferField(field)) problems[field] ??= issue.message;
  }
  return { offer: null, problems };
}

const isOfferField = (field: string): field is OfferFormField => (offerFormFields as readonly string[]).includes(field);

// ---------------------------------------------------------------- a fixed price (docs/decisions/035)

// A fixed-price offer as typed: the total and each milestone's amount in the company's currency as written
// ("1,250.50"), sent as whole minor units; the rules are the server's (fixedPriceOfferSchema), checked before
// sending.
export type FixedOfferMilestoneValues = MilestoneRowValues;

export interface FixedOfferFormValues {
  total: string;
  start_date: string;
  milestones: FixedOfferMilestoneValues[];
}

export const emptyOfferMilestone: FixedOfferMilestoneValues = emptyMilestoneRow;

// A fixed-price offer starts from what the applicant proposed (their total and milestones), else the
// job's budget with one milestone to fill in; and from the job's start date.
export function initialFixedOfferValues(application: ApplicationDetail, now = new Date()): FixedOfferFormValues {
  const { budget_total_cents: budget, start_date: jobStart } = application.job;
  const total = application.proposal_price_cents ?? budget;
  const proposed = application.proposal_milestones ?? [];
  const { currency } = application;
  return {
    total: total == null ? '' : centsToDollars(total, currency),
    start_date: jobStart && jobStart >= earliestStartDate(now) ? jobStart : '',
    milestones:
      proposed.length === 0
        ? [{ ...emptyOfferMilestone }]
        : proposed.map((milestone) => ({
            title: milestone.title,
            description: milestone.description,
            amount: centsToDollars(milestone.amount_cents, currency),
            due_date: milestone.due_date >= earliestStartDate(now) ? milestone.due_date : '',
          })),
  };
}

// The form's own name of a payload's field ('milestones.1.amount_cents' → 'milestones.1.amount'); a
// message about the whole list goes where useFieldArray keeps it ('milestones.root').
export function toFixedOfferFieldName(payloadName: string): string {
  if (payloadName === 'milestones') return 'milestones.root';
  return payloadName
    .split('.')
    .map((part) => (part === 'total_cents' ? 'total' : part === 'amount_cents' ? 'amount' : part))
    .join('.');
}

// The form fields a server's message can land on, in the form's order (the first is focused).
export function fixedOfferFormFields(milestoneCount: number): string[] {
  const rows = Array.from({ length: milestoneCount }, (_, index) =>
    ['title', 'description', 'amount', 'due_date'].map((field) => `milestones.${index}.${field}`),
  );
  return ['total', 'start_date', ...rows.flat(), 'milestones.root'];
}

type FixedOfferFormResult =
  | { offer: FixedPriceOfferInput; problems: null }
  | { offer: null; problems: Record<string, string> };

// The payload when every rule holds, or form field ('total', 'milestones.1.amount', 'milestones' for the
// list) → the first message the server's rules give for it. Amounts are read in the company's currency.
export function checkFixedOfferForm(values: FixedOfferFormValues, currency: Currency): FixedOfferFormResult {
  const parsed = fixedPriceOfferSchema.safeParse({
    total_cents: dollarsToCents(values.total, currency),
    start_date: values.start_date || undefined,
    milestones: values.milestones.map((milestone) => ({
      title: milestone.title,
      description: milestone.description,
      amount_cents: dollarsToCents(milestone.amount, currency),
      due_date: milestone.due_date || undefined,
    })),
  });
  if (parsed.success) return { offer: parsed.data, problems: null };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = toFixedOfferFieldName(issue.path.map(String).join('.'));
    problems[field === 'milestones.root' ? 'milestones' : field] ??= issue.message;
  }
  return { offer: null, problems };
}
