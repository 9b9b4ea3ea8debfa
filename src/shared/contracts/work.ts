import { z } from 'zod';
import {
  approveTimesheetSchema,
  approveWeeksResultSchema,
  approveWeeksSchema,
  assignmentListQuerySchema,
  assignmentListSchema,
  assignmentSchema,
  changeAssignmentTermsSchema,
  clockStateSchema,
  companyTimesheetListSchema,
  companyTimesheetSchema,
  endAssignmentSchema,
  returnTimesheetSchema,
  saveTimesheetSchema,
  timesheetListQuerySchema,
  timesheetListSchema,
  timesheetSchema,
  workTexts,
} from '../billing';
import { defineContract } from '../contract';
import { idParams, malformedIdMessage } from '../contract-schemas';

const assignmentParams = idParams('assignment');
const timesheetParams = idParams('timesheet');
// A week of an assignment, named by its Sunday.
const weekParams = z.object({
  assignment_id: z.uuid({ message: malformedIdMessage('assignment') }),
  week_start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: workTexts.weekStartsOnSunday }),
});
const clockListSchema = z.object({ items: z.array(clockStateSchema) });

const startSummary = 'Start a pending assignment, on or after its start date (409 otherwise)';
const endSummary = 'End an active assignment on its last day, saying why';
const termsSummary = 'Change the rate and/or weekly hours from a day on (a second change that day replaces it)';

// Work: assignments (pending → active → ended, terms over time), the talent's weekly
// timesheets and clock, and the company's approval. Each side reaches only its own; an administrator
// lists and moves any assignment (the summary, pickers and creation are in admin-assignments.ts).
export const workContract = defineContract(
  { name: 'work', tags: ['work'] },
  {
    // ------------------------------------------------------------ the company's assignments
    companyAssignments: {
      method: 'GET',
      path: '/api/company/assignments',
      summary: 'Your company’s assignments, newest start first',
      query: assignmentListQuerySchema,
      responses: { 200: assignmentListSchema },
    },
    startCompanyAssignment: {
      method: 'POST',
      path: '/api/company/assignments/:id/start',
      summary: startSummary,
      params: assignmentParams,
      responses: { 200: assignmentSchema },
    },
    endCompanyAssignment: {
      method: 'POST',
      path: '/api/company/assignments/:id/end',
      summary: endSummary,
      params: assignmentParams,
      body: endAssignmentSchema,
      responses: { 200: assignmentSchema },
    },
    changeCompanyAssignmentTerms: {
      method: 'POST',
      path: '/api/company/assignments/:id/terms',
      summary: termsSummary,
      params: assignmentParams,
      body: changeAssignmentTermsSchema,
      responses: { 200: assignmentSchema },
    },

    // ------------------------------------------------------------ any assignment, for an administrator
    adminAssignments: {
      method: 'GET',
      path: '/api/admin/assignments',
      summary: 'Every assignment on the platform, newest start first',
      query: assignmentListQuerySchema,
      responses: { 200: assignmentListSchema },
    },
    startAdminAssignment: {
      method: 'POST',
      path: '/api/admin/assignments/:id/start',
      summary: startSummary,
      params: assignmentParams,
      responses: { 200: assignmentSchema },
    },
    endAdminAssignment: {
      method: 'POST',
      path: '/api/admin/assignments/:id/end',
      summary: endSummary,
      params: assignmentParams,
      body: endAssignmentSchema,
      responses: { 200: assignmentSchema },
    },
    changeAdminAssignmentTerms: {
      method: 'POST',
      path: '/api/admin/assignments/:id/terms',
      summary: termsSummary,
      params: assignmentParams,
      body: changeAssignmentTermsSchema,
      responses: { 200: assignmentSchema },
    },

    // ------------------------------------------------------------ the talent's assignments and timesheets
    applicantAssignments: {
      method: 'GET',
      path: '/api/applicant/assignments',
      summary: 'Your assignments, newest start first',
      query: assignmentListQuerySchema,
      responses: { 200: assignmentListSchema },
    },
    endApplicantAssignment: {
      method: 'POST',
      path: '/api/applicant/assignments/:id/end',
      summary: 'End your active assignment on your last day, saying why; the company is told',
      params: assignmentParams,
      body: endAssignmentSchema,
      responses: { 200: assignmentSchema },
    },
    applicantTimesheets: {
      method: 'GET',
      path: '/api/applicant/timesheets',
      summary: 'Your saved weeks, newest first',
      query: timesheetListQuerySchema,
      responses: { 200: timesheetListSchema },
    },
    week: {
      method: 'GET',
      path: '/api/applicant/timesheets/:assignment_id/:week_start',
      summary: 'One week (named by its Sunday) of one of your assignments; id is null until something is saved',
      params: weekParams,
      responses: { 200: timesheetSchema },
    },
    saveWeek: {
      method: 'PUT',
      path: '/api/applicant/timesheets/:assignment_id/:week_start',
      summary: 'Save the week’s hours day by day (replaces the week’s days; 409 once submitted or approved)',
      params: weekParams,
      body: saveTimesheetSchema,
      responses: { 200: timesheetSchema },
    },
    submitWeek: {
      method: 'POST',
      path: '/api/applicant/timesheets/:assignment_id/:week_start/submit',
      summary: 'Submit the week to the company for approval',
      params: weekParams,
      responses: { 200: timesheetSchema },
    },

    // ------------------------------------------------------------ the clock
    clock: {
      method: 'GET',
      path: '/api/applicant/clock',
      summary: 'Your clock on each of your active assignments',
      responses: { 200: clockListSchema },
    },
    clockIn: {
      method: 'POST',
      path: '/api/applicant/assignments/:id/clock/in',
      summary: 'Clock in: start a shift (one open shift per assignment)',
      params: assignmentParams,
      responses: { 200: clockStateSchema },
    },
    clockBreak: {
      method: 'POST',
      path: '/api/applicant/assignments/:id/clock/break',
      summary: 'Take a break from the open shift',
      params: assignmentParams,
      responses: { 200: clockStateSchema },
    },
    clockResume: {
      method: 'POST',
      path: '/api/applicant/assignments/:id/clock/resume',
      summary: 'Resume the shift after a break',
      params: assignmentParams,
      responses: { 200: clockStateSchema },
    },
    clockOut: {
      method: 'POST',
      path: '/api/applicant/assignments/:id/clock/out',
      summary: 'Clock out: the shift’s minutes go on the week’s timesheet',
      params: assignmentParams,
      responses: { 200: clockStateSchema },
    },

    // ------------------------------------------------------------ the company's review
    companyTimesheets: {
      method: 'GET',
      path: '/api/company/timesheets',
      summary: 'Saved weeks of your company’s assignments, newest first, each with what it costs you',
      query: timesheetListQuerySchema,
      responses: { 200: companyTimesheetListSchema },
    },
    approveTimesheets: {
      method: 'POST',
      path: '/api/company/timesheets/approve',
      summary:
        'Approve several submitted weeks; each gets its own outcome, and a week over its hours is left to review',
      body: approveWeeksSchema,
      responses: { 200: approveWeeksResultSchema },
    },
    approveTimesheet: {
      method: 'POST',
      path: '/api/company/timesheets/:id/approve',
      summary: 'Approve a submitted week: it is locked and the talent’s pay for it fixed',
      params: timesheetParams,
      body: approveTimesheetSchema,
      responses: { 200: companyTimesheetSchema },
    },
    returnTimesheet: {
      method: 'POST',
      path: '/api/company/timesheets/:id/return',
      summary: 'Return a submitted week to the talent with a comment',
      params: timesheetParams,
      body: returnTimesheetSchema,
      responses: { 200: companyTimesheetSchema },
    },
  },
);
