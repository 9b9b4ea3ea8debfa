import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { jobInvitationSchema } from '../job-board';
import {
  candidateProfileSchema,
  inviteCandidateSchema,
  shortlistQuerySchema,
  shortlistSchema,
  shortlistStateSchema,
  talentQuerySchema,
  talentSearchResultSchema,
  talentSkillsQuerySchema,
  talentSkillsSchema,
} from '../talent-search';

const candidateParams = idParams('candidate');

// Talent Search: a company searches listed applicants, keeps a shortlist and invites a
// candidate to apply to one of its open jobs.
export const talentSearchContract = defineContract(
  { name: 'talentSearch', tags: ['talent search'] },
  {
    search: {
      method: 'GET',
      path: '/api/talent',
      summary: 'Talent Search: listed applicants searched, filtered, sorted and paged, with facet counts',
      query: talentQuerySchema,
      responses: { 200: talentSearchResultSchema },
    },
    skills: {
      method: 'GET',
      path: '/api/talent/skills',
      summary: 'Skills listed applicants name, starting with what was typed: the most common first',
      query: talentSkillsQuerySchema,
      responses: { 200: talentSkillsSchema },
    },
    shortlist: {
      method: 'GET',
      path: '/api/talent/shortlist',
      summary: 'Your company’s shortlist, most recently added first',
      query: shortlistQuerySchema,
      responses: { 200: shortlistSchema },
    },
    candidate: {
      method: 'GET',
      path: '/api/talent/:id',
      summary: 'A candidate’s full profile, with the tests they passed that you may see (public ones and yours)',
      params: candidateParams,
      responses: { 200: candidateProfileSchema },
    },
    addToShortlist: {
      method: 'PUT',
      path: '/api/talent/:id/shortlist',
      summary: 'Add a candidate to your shortlist (adding again changes nothing)',
      params: candidateParams,
      responses: { 200: shortlistStateSchema },
    },
    removeFromShortlist: {
      method: 'DELETE',
      path: '/api/talent/:id/shortlist',
      summary: 'Take a candidate off your shortlist (taking off again changes nothing)',
      params: candidateParams,
      responses: { 200: shortlistStateSchema },
    },
    invite: {
      method: 'POST',
      path: '/api/talent/:id/invitations',
      summary: 'Invite a candidate to apply to one of your open jobs; they are notified with a link to it',
      params: candidateParams,
      body: inviteCandidateSchema,
      responses: { 200: jobInvitationSchema, 201: jobInvitationSchema },
    },
  },
);
