import { applicationTexts } from './application-texts';
import type { JobBoardQuery, MyApplication, PublicJobListingList } from './job-board';
import { formatJobBudget, jobTexts } from './job-texts';

// The job board's constants, texts and formats: kept apart from its zod schemas (job-board.ts re-exports
// them) so the public job board shows them without shipping zod (decision 005).

export const jobBoardSorts = ['newest', 'best_match', 'highest_rate'] as const;
export type JobBoardSort = (typeof jobBoardSorts)[number];
export const jobBoardSortLabels: Record<JobBoardSort, string> = {
  newest: 'Newest',
  best_match: 'Best Match',
  highest_rate: 'Highest Rate',
};

export const JOB_BOARD_PAGE_SIZE = 20;
export const JOB_BOARD_PAGE_SIZE_MAX = 50;
export const COVER_LETTER_MAX_LENGTH = 5000;
export const PROPOSAL_RATE_MAX = 10_000;
// A card shows the start of the description, cut at a word.
const JOB_EXCERPT_LENGTH = 220;

// Texts of docs/spec/portal-and-public-site.md §5 and §8 (word for word, from applicationTexts and jobTexts) and
// the board's own.
export const jobBoardTexts = {
  loadErrorTitle: jobTexts.loadErrorTitle,
  loadError: jobTexts.loadError,
  coverLetterRequired: applicationTexts.coverLetterRequired,
  submitted: applicationTexts.submitted,
  submitErrorTitle: applicationTexts.submitErrorTitle,
  submitError: applicationTexts.submitError,
  saved: applicationTexts.saved,
  unsaved: applicationTexts.unsaved,
  alreadyApplied: applicationTexts.alreadyApplied,
  jobNotOpen: applicationTexts.jobNotOpen,
  applyNow: 'Apply Now',
  applied: 'Applied',
  // Answered for a job the caller may not see as much as for one that never existed.
  jobNotFound: applicationTexts.jobNotFound,
  saveErrorTitle: 'Error saving job',
  saveError: 'Failed to update your saved jobs. Please try again.',
  coverLetterTooLong: `A cover letter can be at most ${COVER_LETTER_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  proposalRate: `The proposal rate must be between $1 and $${PROPOSAL_RATE_MAX.toLocaleString('en-US')} an hour.`,
  // A fixed-price job's proposal (decision 035, from the applicant's side).
  rateForFixedPrice: 'This job has a fixed price: propose a total, not an hourly rate.',
  priceForHourly: 'This job is paid by the hour: propose a rate, not a total price.',
  milestonesNeedPrice: 'Enter the total price the milestones add up to.',
  milestoneDuePast: 'A milestone cannot be due in the past.',
  rateRange: 'The minimum cannot be higher than the maximum.',
  rateNumber: 'Enter an amount in dollars, such as 40.',
  engagementType: 'Choose hourly or fixed price.',
  timezone: jobTexts.timezone,
  applicantNotFound: 'This applicant does not exist.',
  // The public board's description (its meta description and sharing card).
  boardDescription:
    'Browse open remote jobs from companies hiring on Tandem: search by skill, pay, engagement type and time zone, and apply with a free account.',
  invitationArchived: 'An archived job cannot take invitations.',
} as const;

// One search however it is written, as the browser sends it (JobBoardQuery) or as the server parsed it: the
// public board's page hands over the results it was rendered with under this key, and the browser uses them
// only for the same search.
export function jobBoardSearchKey(query: Omit<JobBoardQuery, 'skills'> & { skills?: string | string[] }): string {
  const skills = Array.isArray(query.skills) ? query.skills : (query.skills ?? '').split(',');
  return JSON.stringify([
    query.q?.trim() ?? '',
    query.engagement_type ?? null,
    query.rate_min ?? null,
    query.rate_max ?? null,
    skills.map((skill) => skill.trim().toLowerCase()).filter(Boolean),
    query.timezone ?? null,
    query.sort ?? 'newest',
    query.page ?? 1,
    query.page_size ?? JOB_BOARD_PAGE_SIZE,
  ]);
}

// What the server rendered /jobs from, handed to the browser with the page.
export interface JobBoardPageData {
  search: string;
  list: PublicJobListingList;
}

// The start of a description, cut at a word, with an ellipsis when cut.
export function excerptOf(description: string, length = JOB_EXCERPT_LENGTH): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

// The one line a card gives the pay: '$60–80/hr', or '$5,000 fixed'.
export function formatListingBudget(job: Parameters<typeof formatJobBudget>[0]): string {
  const budget = formatJobBudget(job);
  if (budget === '—') return 'Budget not given';
  return job.engagement_type === 'fixed' ? `${budget} fixed price` : budget;
}

// Whether the caller can apply now: an open job they have not applied to.
export const canApplyTo = (job: { status: string; application: MyApplication | null }) =>
  job.status === 'open' && job.application === null;
