import { defineContract, fileOf } from '../contract';
import { idParams, malformedIdMessage } from '../contract-schemas';
import {
  applyToJobSchema,
  inviteToJobSchema,
  jobBoardQuerySchema,
  jobFeedQuerySchema,
  jobInvitationSchema,
  jobListingListSchema,
  jobPostingSchema,
  publicJobListingListSchema,
  publicJobViewSchema,
  savedJobStateSchema,
  savedJobsQuerySchema,
  submittedApplicationSchema,
} from '../job-board';
import { jobFeedPaths } from '../job-reach';
import { attachmentTypeList } from '../messaging';
import { uploadedProposalFileSchema } from '../proposal-files';
import { text } from '../text';

const jobParams = idParams('job');
// A malformed file id names no file: 404, like one that does not exist (as a message's attachment).
const applicationFileParams = idParams('application').extend({
  file_id: text()
    .min(1)
    .max(64, { message: malformedIdMessage('file') }),
});

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
    uploadProposalFile: {
      method: 'POST',
      path: '/api/applicant/proposal-files',
      summary:
        'Attach a file to the application you are about to send: the bytes as the body, the name in X-File-Name (the attachment rules of messages: at most 10 MB; 5 files an application). Name it in attachment_ids when you apply, within a day.',
      body: fileOf(...attachmentTypeList),
      responses: { 201: uploadedProposalFileSchema },
    },
    applicantProposalFile: {
      method: 'GET',
      path: '/api/applicant/applications/:id/files/:file_id',
      summary: 'Download a file you attached to your application',
      params: applicationFileParams,
      responses: { 200: fileOf(...attachmentTypeList) },
    },
    companyProposalFile: {
      method: 'GET',
      path: '/api/applications/:id/files/:file_id',
      summary: 'Download a file an applicant attached to their application to your job',
      params: applicationFileParams,
      responses: { 200: fileOf(...attachmentTypeList) },
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
    // Read by Indeed and by feed readers, without a session (decision 058).
    indeedFeed: {
      method: 'GET',
      path: jobFeedPaths.indeed,
      summary:
        'The open public jobs in Indeed’s XML feed format (1,000 a page, newest first); each url carries ?source=indeed',
      query: jobFeedQuerySchema,
      responses: { 200: fileOf('application/xml') },
    },
    rssFeed: {
      method: 'GET',
      path: jobFeedPaths.rss,
      summary:
        'The open public jobs as an RSS 2.0 feed (1,000 a page, newest first, rel="next" to the next); each link carries ?source=feed',
      query: jobFeedQuerySchema,
      responses: { 200: fileOf('application/rss+xml') },
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
