import { z } from 'zod';
import { currencySchema } from './fx-rates';

// The talent's earnings (decision 024): what each approved week earns them — its minutes at their pay rate,
// fixed when the company approves it — and how far the money has come since. The company's platform fee
// and tax are charged on top of the work, never taken from the talent's figure. Paying the talent will
// add its stages (paid) and the balance, here and in the summary.

// approved: the company approved the week, its invoice is still to come; invoiced: the company's invoice
// bills it.
export const earningStages = ['approved', 'invoiced'] as const;
export type EarningStage = (typeof earningStages)[number];

export const earningStageLabels: Record<EarningStage, string> = {
  approved: 'Awaiting invoice',
  invoiced: 'Invoiced',
};

export const earningsQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(100).default(20),
});

// What earns: an approved week of hourly work, or a fixed-price milestone released (docs/decisions/035).
export const earningKinds = ['week', 'milestone'] as const;

export const earningsWeekSchema = z.object({
  kind: z.enum(earningKinds),
  // The week's timesheet, or the milestone released; one of the two.
  timesheet_id: z.string().nullable(),
  milestone_id: z.string().nullable(),
  milestone_title: z.string().nullable(),
  assignment_id: z.string(),
  company_name: z.string(),
  role: z.string(),
  // The Sunday the week starts on; null for a milestone.
  week_start: z.string().nullable(),
  // The week's Sunday, or the day the milestone was released: the list is newest first by it.
  earned_on: z.string(),
  // Minutes worked; 0 for a milestone, which is paid for the work, not the time.
  total_minutes: z.number().int(),
  // The week's minutes at the talent's pay rate of each day, fixed at approval; a milestone's amount.
  amount_cents: z.number().int(),
  // The amount's currency: the company's billing currency.
  currency: currencySchema,
  approved_at: z.string().nullable(),
  stage: z.enum(earningStages),
  // The day the company's invoice for the week was issued; null until it is.
  invoiced_on: z.string().nullable(),
  // Where the money is in the ledger (decision 036): pending (with why, and the day it becomes available
  // when that is known) or available to be paid out.
  payout_stage: z.enum(['pending', 'available']),
  pending_reason: z.string().nullable(),
  available_on: z.string().nullable(),
});
export type EarningsWeek = z.infer<typeof earningsWeekSchema>;

export const earningsListSchema = z.object({
  items: z.array(earningsWeekSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type EarningsList = z.infer<typeof earningsListSchema>;

// Every approved week and released milestone of the talent, added up.
export const earningsSummarySchema = z.object({
  weeks: z.number().int(),
  milestones: z.number().int(),
  total_minutes: z.number().int(),
  approved_cents: z.number().int(),
  invoiced_cents: z.number().int(),
  awaiting_invoice_cents: z.number().int(),
  // The same sums a currency at a time, by code: each company pays in its own billing currency, and minor
  // units of two currencies do not add up. The three sums above are those of the only currency when there
  // is one; with several they add up what cannot be added, and the screens read these instead.
  currencies: z.array(
    z.object({
      currency: currencySchema,
      approved_cents: z.number().int(),
      invoiced_cents: z.number().int(),
      awaiting_invoice_cents: z.number().int(),
    }),
  ),
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;
