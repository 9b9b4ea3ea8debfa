import {
  adminAssignmentSummarySchema,
  assignmentOptionListSchema,
  assignmentOptionsQuerySchema,
  createAssignmentSchema,
} from '../admin-assignments';
import { assignmentSchema } from '../billing';
import { defineContract } from '../contract';

// Assignment Management: the summary cards, the pickers of New Assignment and the
// creation itself. The list and the start/end/terms moves are in work.ts, beside the company's.
export const adminAssignmentsContract = defineContract(
  { name: 'adminAssignments', tags: ['work'] },
  {
    summary: {
      method: 'GET',
      path: '/api/admin/assignments/summary',
      summary: 'Active assignments, pending starts, talent at work and weekly billable hours',
      responses: { 200: adminAssignmentSummarySchema },
    },
    companyOptions: {
      method: 'GET',
      path: '/api/admin/assignment-options/companies',
      summary: 'Active companies whose name holds q, for New Assignment',
      query: assignmentOptionsQuerySchema,
      responses: { 200: assignmentOptionListSchema },
    },
    applicantOptions: {
      method: 'GET',
      path: '/api/admin/assignment-options/applicants',
      summary: 'Active talent whose name or email holds q, for New Assignment',
      query: assignmentOptionsQuerySchema,
      responses: { 200: assignmentOptionListSchema },
    },
    create: {
      method: 'POST',
      path: '/api/admin/assignments',
      summary: 'Place a talent with a company: pending, or active when it starts today or earlier',
      body: createAssignmentSchema,
      responses: { 201: assignmentSchema },
    },
  },
);
