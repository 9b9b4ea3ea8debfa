import { z } from 'zod';

// Two-sided reviews after work (issue 33 item 3, as Upwork's feedback): when an assignment ends the company
// rates the talent and the talent rates the company, each once. A review is double blind: neither side
// sees the other's until both have written or the window has closed.

export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
export const REVIEW_COMMENT_MAX = 2000;
// From the moment the assignment ends: the time to write (and edit) a review; at its end every review
// written shows.
export const REVIEW_WINDOW_DAYS = 14;

// Who wrote it about whom: the company of the talent, or the talent of the company.
export const reviewSides = ['company_of_talent', 'talent_of_company'] as const;
export type ReviewSide = (typeof reviewSides)[number];

export const writeReviewSchema = z.object({
  rating: z
    .number({ message: 'Choose from 1 to 5 stars.' })
    .int({ message: 'Choose from 1 to 5 stars.' })
    .min(REVIEW_STARS_MIN, { message: 'Choose from 1 to 5 stars.' })
    .max(REVIEW_STARS_MAX, { message: 'Choose from 1 to 5 stars.' }),
  comment: z
    .string({ message: 'Please say a few words about the work.' })
    .trim()
    .min(10, { message: 'Please say a few words about the work (at least 10 characters).' })
    .max(REVIEW_COMMENT_MAX, { message: `Please keep the review under ${REVIEW_COMMENT_MAX} characters.` }),
});
export type WriteReviewInput = z.infer<typeof writeReviewSchema>;

const reviewSchema = z.object({
  id: z.string(),
  side: z.enum(reviewSides),
  rating: z.number().int(),
  comment: z.string(),
  // Who wrote it: the company's name, or the talent's.
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  // Null until both have written or the window has closed.
  revealed_at: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

// One ended assignment's reviews as one side sees them: its own (while it can still change it, and after),
// and the other side's once revealed. Before that the other side's is only known to exist.
export const assignmentReviewsSchema = z.object({
  assignment_id: z.string(),
  // The other side's name: the talent for the company, the company for the talent.
  counterpart_name: z.string(),
  role: z.string(),
  // Null while the assignment has not ended.
  window_closes_at: z.string().nullable(),
  // The viewer may write or change its review now.
  can_write: z.boolean(),
  mine: reviewSchema.nullable(),
  theirs: reviewSchema.nullable(),
  has_their_review: z.boolean(),
});
export type AssignmentReviews = z.infer<typeof assignmentReviewsSchema>;

// A talent's revealed reviews from companies, for a company looking at their profile.
const receivedReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  company_name: z.string(),
  role: z.string(),
  created_at: z.string(),
});
export type ReceivedReview = z.infer<typeof receivedReviewSchema>;

export const receivedReviewListQuerySchema = z.object({
  page: z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1),
  page_size: z.coerce.number({ message: 'The page size must be a whole number.' }).int().min(1).max(50).default(5),
});
export const receivedReviewListSchema = z.object({
  items: z.array(receivedReviewSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ReceivedReviewList = z.infer<typeof receivedReviewListSchema>;

// Stars in tenths, as the profiles keep them (47 is 4.7), from the average of whole stars.
export const ratingTenthsOf = (average: number) => Math.round(average * 10);
// And back: the rating a card shows (4.7), none when nobody has rated yet.
export const ratingOfTenths = (tenths: number | null) => (tenths === null ? null : tenths / 10);

export const starsLabel = (rating: number) => `${rating} ${rating === 1 ? 'star' : 'stars'} out of ${REVIEW_STARS_MAX}`;

export const reviewTexts = {
  assignmentNotFound: 'This assignment does not exist, or it is not yours.',
  notEnded: 'You can review this assignment once it has ended.',
  windowClosed: (closedOn: string) => `Reviews for this assignment closed on ${closedOn}.`,
  alreadyRevealed: 'Your review is already shown and can no longer be changed.',
  reviewNotFound: 'This review does not exist, or it is not shown yet.',
  candidateNotFound: 'This candidate does not exist, or you cannot see their profile.',
  saved: 'Review saved',
  savedHidden: 'It shows to the other side once they write theirs, or when the review window closes.',
  savedRevealed: 'Both of you have written: both reviews now show.',
} as const;
