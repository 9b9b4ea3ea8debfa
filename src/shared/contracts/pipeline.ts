import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { jobApplicationListSchema } from '../jobs';
import { fixedPriceOfferSchema } from '../milestones';
import {
  applicationDetailSchema,
  applicationListQuerySchema,
  applicationNoteSchema,
  applicationRatingSchema,
  assignedTestSchema,
  bulkMoveResultSchema,
  bulkMoveSchema,
  moveApplicationSchema,
  noteSchema,
  offerSchema,
  ratingSchema,
} from '../pipeline';
import { assignTestSchema } from '../test-attempts';

// "a job application": the article reads right, and it is what the company sees.
const applicationParams = idParams('application');

// The company's side of the hiring pipeline: its applications, each one's detail, the moves of
// docs/design.md §5, offers, private notes, ratings and skills tests; and any application for an administrator.
export const pipelineContract = defineContract(
  { name: 'pipeline', tags: ['applications'] },
  {
    list: {
      method: 'GET',
      path: '/api/applications',
      summary: 'Applications to your jobs, newest first, with the count per stage (job_id, status, q, page)',
      query: applicationListQuerySchema,
      responses: { 200: jobApplicationListSchema },
    },
    bulkMove: {
      method: 'POST',
      path: '/api/applications/bulk-move',
      summary: 'Shortlist, move to interviewing or reject several applications; each id gets its outcome',
      body: bulkMoveSchema,
      responses: { 200: bulkMoveResultSchema },
    },
    get: {
      method: 'GET',
      path: '/api/applications/:id',
      summary: 'One application to your jobs: profile, cover letter, history, offer, notes, ratings, tests',
      params: applicationParams,
      responses: { 200: applicationDetailSchema },
    },
    move: {
      method: 'POST',
      path: '/api/applications/:id/move',
      summary: 'Shortlist, move to interviewing or reject (with a reason) an application; 409 when not allowed',
      params: applicationParams,
      body: moveApplicationSchema,
      responses: { 200: applicationDetailSchema },
    },
    offer: {
      method: 'POST',
      path: '/api/applications/:id/offer',
      summary: 'Offer the job: hourly rate, weekly hours and a start date; the applicant accepts or declines',
      params: applicationParams,
      body: offerSchema,
      responses: { 200: applicationDetailSchema },
    },
    fixedPriceOffer: {
      method: 'POST',
      path: '/api/applications/:id/fixed-price-offer',
      summary:
        'Offer a fixed-price job: a total split into milestones (title, description, amount, due date) that add up to it, and a start date',
      params: applicationParams,
      body: fixedPriceOfferSchema,
      responses: { 200: applicationDetailSchema },
    },
    addNote: {
      method: 'POST',
      path: '/api/applications/:id/notes',
      summary: 'Add a private note: only your company’s members read it',
      params: applicationParams,
      body: noteSchema,
      responses: { 201: applicationNoteSchema },
    },
    rate: {
      method: 'PUT',
      path: '/api/applications/:id/rating',
      summary: 'Rate an application 1–5 stars: one rating per reviewer, changed by rating again',
      params: applicationParams,
      body: ratingSchema,
      responses: { 200: applicationRatingSchema },
    },
    assignTest: {
      method: 'POST',
      path: '/api/applications/:id/tests',
      summary:
        'Assign one of your published tests (or a public one) to an applicant of your job; a retake once finished',
      params: applicationParams,
      body: assignTestSchema,
      responses: { 201: assignedTestSchema },
    },
    adminGet: {
      method: 'GET',
      path: '/api/admin/applications/:id',
      summary: 'Any application, as its company sees it (administrators)',
      params: applicationParams,
      responses: { 200: applicationDetailSchema },
    },
  },
);
