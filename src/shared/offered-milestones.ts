import { z } from 'zod';

// An offer's milestones as the applicant and the pipeline read them (shared/milestones.ts has the rest of
// fixed-price work). Apart, because applications.ts reads it and milestones.ts reads applications.ts.
export const offeredMilestoneSchema = z.object({
  title: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  due_date: z.string(),
});
export type OfferedMilestone = z.infer<typeof offeredMilestoneSchema>;

// An offer: hourly terms, or a fixed price's milestones (decision 035), from a start date.
export type OfferTerms =
  | { rateCents: number; weeklyHours: number; startDate: string; milestones?: undefined }
  | { rateCents?: undefined; weeklyHours?: undefined; startDate: string; milestones: OfferedMilestone[] };
