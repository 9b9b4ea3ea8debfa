import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import {
  assignmentReviewsSchema,
  receivedReviewListQuerySchema,
  receivedReviewListSchema,
  writeReviewSchema,
} from '../reviews';

const assignmentParams = idParams('assignment');

// Reviews after work (shared/reviews.ts): each side reads and writes its review of an ended assignment;
// a company reads a candidate's revealed reviews on their profile. Reporting a review is the Report
// button's (contracts/admin-dashboard.ts, target "review"); an administrator hides one by resolving it.
export const reviewsContract = defineContract(
  { name: 'reviews', tags: ['reviews'] },
  {
    companyAssignmentReviews: {
      method: 'GET',
      path: '/api/company/assignments/:id/reviews',
      summary: 'Your review of the talent on an assignment, and theirs of you once revealed',
      params: assignmentParams,
      responses: { 200: assignmentReviewsSchema },
    },
    writeCompanyReview: {
      method: 'PUT',
      path: '/api/company/assignments/:id/reviews',
      summary:
        'Write or change your review of the talent on an ended assignment (until it is revealed, within 14 days)',
      params: assignmentParams,
      body: writeReviewSchema,
      responses: { 200: assignmentReviewsSchema },
    },
    applicantAssignmentReviews: {
      method: 'GET',
      path: '/api/applicant/assignments/:id/reviews',
      summary: 'Your review of the company on an assignment, and theirs of you once revealed',
      params: assignmentParams,
      responses: { 200: assignmentReviewsSchema },
    },
    writeApplicantReview: {
      method: 'PUT',
      path: '/api/applicant/assignments/:id/reviews',
      summary:
        'Write or change your review of the company on an ended assignment (until it is revealed, within 14 days)',
      params: assignmentParams,
      body: writeReviewSchema,
      responses: { 200: assignmentReviewsSchema },
    },
    candidateReviews: {
      method: 'GET',
      path: '/api/talent/:id/reviews',
      summary: 'A candidate’s revealed reviews from companies, newest first',
      params: idParams('candidate'),
      query: receivedReviewListQuerySchema,
      responses: { 200: receivedReviewListSchema },
    },
  },
);
