import { addDays, todayInUtc } from '~/shared/job-reach';

// The last day a job takes applications when its company names none: the platform's validity (System
// Settings, 60 days by default) counted from today, UTC (docs/decisions/058).
export const defaultClosingDate = (validityDays: number, now: Date) => addDays(todayInUtc(now), validityDays);
