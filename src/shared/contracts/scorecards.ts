import { defineContract } from '../contract';
import { idParams } from '../contract-schemas';
import { fillScorecardSchema, scorecardSchema, scorecardSummarySchema } from '../scorecards';

const applicationParams = idParams('application');

// Interviewers' scorecards on an application: one per interviewer per stage, and their summary.
export const scorecardsContract = defineContract(
  { name: 'scorecards', tags: ['applications'] },
  {
    list: {
      method: 'GET',
      path: '/api/applications/:id/scorecards',
      summary: 'An application’s scorecards with their averages, and the job’s criteria',
      params: applicationParams,
      responses: { 200: scorecardSummarySchema },
    },
    fill: {
      method: 'PUT',
      path: '/api/applications/:id/scorecards',
      summary: 'Fill your scorecard for a stage: each criterion and overall rated 1–4 (again: edits it)',
      params: applicationParams,
      body: fillScorecardSchema,
      responses: { 200: scorecardSchema },
    },
  },
);
