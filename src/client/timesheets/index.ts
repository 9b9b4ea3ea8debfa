// What the pages in app/ compose: the talent's timesheets, and the company's panels on Billing.
export { ApplicantTimesheets } from './applicant-timesheets';
export { CompanyAssignmentsPanel } from './company-assignments-panel';
export { CompanyTimesheetsPanel } from './company-timesheets-panel';
