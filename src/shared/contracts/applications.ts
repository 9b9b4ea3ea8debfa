import type { ApplicantApplicationAction } from '../applications';
import {
  applicantApplicationListQuerySchema,
  applicantApplicationListSchema,
  applicantApplicationSchema,
  applicantListQuerySchema,
  applicantMeetingListSchema,
  applicantMessageListSchema,
  applicantStatsSchema,
  recommendedJobListSchema,
  recommendedJobsQuerySchema,
} from '../applications';
import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';

const applicationParams = idParams('application');

// A move the applicant makes on their own application: it answers with the application as it now is.
const move = <const Action extends ApplicantApplicationAction>(action: Action, summary: string) => ({
  method: 'POST' as const,
  path: `/api/applicant/applications/:id/${action}` as const,
  summary: `${summary} (409 when the stage does not allow it)`,
  params: applicationParams,
  responses: { 200: applicantApplicationSchema },
});

// The applicant's own data (/api/applicant/*): their applications and the moves they make on them, and
// the dashboard's figures. Every query is scoped to the signed-in applicant.
export const applicationsContract = defineContract(
  { name: 'applications', tags: ['applicant'] },
  {
    list: {
      method: 'GET',
      path: '/api/applicant/applications',
      summary: 'Your applications, newest first, with their stage history, offer and assignment',
      query: applicantApplicationListQuerySchema,
      responses: { 200: applicantApplicationListSchema },
    },
    withdraw: move('withdraw', 'Withdraw your application (any stage before a hire)'),
    acceptOffer: move('accept-offer', 'Accept the offer: you are hired and the assignment is made'),
    declineOffer: move('decline-offer', 'Decline the offer: the application is withdrawn'),
    stats: {
      method: 'GET',
      path: '/api/applicant/stats',
      summary: 'The dashboard cards: applications, interviews, offers, saved jobs, active hours',
      responses: { 200: applicantStatsSchema },
    },
    recommendedJobs: {
      method: 'GET',
      path: '/api/applicant/recommended-jobs',
      summary: 'Open jobs you have not applied to, best match with your profile skills first',
      query: recommendedJobsQuerySchema,
      responses: { 200: recommendedJobListSchema },
    },
    messages: {
      method: 'GET',
      path: '/api/applicant/messages',
      summary: 'Messages written to you, newest first',
      query: applicantListQuerySchema,
      responses: { 200: applicantMessageListSchema },
    },
    meetings: {
      method: 'GET',
      path: '/api/applicant/meetings',
      summary: 'Your meetings still ahead that you have not declined, soonest first, with their join links',
      query: applicantListQuerySchema,
      responses: { 200: applicantMeetingListSchema },
    },
  },
);

// The endpoint of each move, by the action's name in the path.
export const applicationMoves = {
  withdraw: applicationsContract.withdraw,
  'accept-offer': applicationsContract.acceptOffer,
  'decline-offer': applicationsContract.declineOffer,
} as const satisfies Record<ApplicantApplicationAction, unknown>;
