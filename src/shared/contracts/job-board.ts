import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import {
  applyToJobSchema,
  inviteToJobSchema,
  jobBoardQuerySchema,
  jobInvitationSchema,
  jobListingListSchema,
  jobPostingSchema,
  publicJobListingListSchema,
  publicJobViewSchema,
  savedJobStateSchema,
  savedJobsQuerySchema,
  submittedApplicationSchema,
} from '../job-board';

const jobParams = idParams('job');

// The job board: applicants find, save and apply to jobs; a company invites an applicant to a private
// job; anyone reads an open public job.
export const jobBoardContract = defineContract(
  { name: 'jobBoard', tags: ['job board'] },
  {
    findJobs: {
      method: 'GET',
      path: '/api/applicant/jobs',
      summary: 'Find Jobs: open jobs you may see, searched, filtered, sorted, one page at a time',
      query: jobBoardQuerySchema,
      responses: { 200: jobListingListSchema },
    },
    jobPosting: {
      method: 'GET',
      path: '/api/applicant/jobs/:id',
      summary: 'One job’s whole post and required tests, whether you saved it, and your application',
      params: jobParams,
      responses: { 200: jobPostingSchema },
    },
    savedJobs: {
      method: 'GET',
      path: '/api/applicant/saved-jobs',
      summary: 'The jobs you saved, last saved first',
      query: savedJobsQuerySchema,
      responses: { 200: jobListingListSchema },
    },
    saveJob: {
      method: 'PUT',
      path: '/api/applicant/saved-jobs/:id',
      summary: 'Save a job (saving it again changes nothing)',
      params: jobParams,
      responses: { 200: savedJobStateSchema },
    },
    unsaveJob: {
      method: 'DELETE',
      path: '/api/applicant/saved-jobs/:id',
      summary: 'Remove a job from your saved jobs (removing it again changes nothing)',
      params: jobParams,
      responses: { 200: savedJobStateSchema },
    },
    apply: {
      method: 'POST',
      path: '/api/jobs/:id/applications',
      summary: 'Apply to a job: a cover letter and an optional hourly rate (409 if applied already or not open)',
      params: jobParams,
      body: applyToJobSchema,
      responses: { 201: submittedApplicationSchema },
    },
    invite: {
      method: 'POST',
      path: '/api/jobs/:id/invitations',
      summary: 'Invite an applicant to one of your jobs: a private job is listed for invited applicants only',
      params: jobParams,
      body: inviteToJobSchema,
      // 200 when the applicant was invited already.
      responses: { 200: jobInvitationSchema, 201: jobInvitationSchema },
    },
    publicJobs: {
      method: 'GET',
      path: '/api/public/jobs',
      summary: 'The public job board (/jobs): open public jobs, searched, filtered, sorted, one page at a time',
      query: jobBoardQuerySchema,
      responses: { 200: publicJobListingListSchema },
    },
    publicJob: {
      method: 'GET',
      path: '/api/public/jobs/:id',
      summary: 'An open public job, for its public page (/jobs/:id), and who is reading it (null when signed out)',
      params: jobParams,
      responses: { 200: publicJobViewSchema },
    },
  },
);
