import { earliestStartDate } from '~/shared/jobs';
import { type ApplicationDetail, type OfferInput, offerSchema } from '~/shared/pipeline';

// What the Make Offer form holds: numbers as typed, so an emptied box stays empty rather than 0, and
// the conversions to the API's payload. The rules are the server's (offerSchema), checked before sending.

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
