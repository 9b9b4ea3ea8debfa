import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import {
  addHiringTeamMemberSchema,
  hiringTeamMemberSchema,
  hiringTeamSchema,
  pipelineMemberListSchema,
  pipelineMemberQuerySchema,
  removeHiringTeamMemberQuerySchema,
} from '../hiring-team';
import { scorecardCriteriaSchema } from '../scorecards';

const jobParams = idParams('job');

// A job's hiring team and scorecard criteria, and the colleagues who may join a team or be @mentioned.
export const hiringTeamContract = defineContract(
  { name: 'hiringTeam', tags: ['jobs'] },
  {
    get: {
      method: 'GET',
      path: '/api/jobs/:id/hiring-team',
      summary: 'A job’s hiring team (empty: every member who may read applications hears of it) and its criteria',
      params: jobParams,
      responses: { 200: hiringTeamSchema },
    },
    add: {
      method: 'POST',
      path: '/api/jobs/:id/hiring-team',
      summary: 'Put a colleague who may read applications on a job’s hiring team; they are notified',
      params: jobParams,
      body: addHiringTeamMemberSchema,
      responses: { 201: hiringTeamMemberSchema },
    },
    remove: {
      method: 'DELETE',
      path: '/api/jobs/:id/hiring-team',
      summary: 'Take a colleague off a job’s hiring team (user_id)',
      params: jobParams,
      query: removeHiringTeamMemberQuerySchema,
      responses: { 204: noContent },
    },
    setCriteria: {
      method: 'PUT',
      path: '/api/jobs/:id/scorecard-criteria',
      summary: 'Set what interviewers rate 1–4 on a job’s scorecards (1–8 short labels)',
      params: jobParams,
      body: scorecardCriteriaSchema,
      responses: { 200: hiringTeamSchema },
    },
    pipelineMembers: {
      method: 'GET',
      path: '/api/company/pipeline-members',
      summary: 'Colleagues whose role may read applications, by name or email (q), a page of them',
      query: pipelineMemberQuerySchema,
      responses: { 200: pipelineMemberListSchema },
    },
  },
);
