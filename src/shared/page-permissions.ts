import type { Permission } from './permissions';
import type { PageId } from './routes';

// What a person must be allowed to open a portal page (a company member's role may not): the portal shows
// "not available for your role" instead of the page, and its sidebar and menus leave the page out. Declared
// once, here, apart from the route table: routes.ts is in every public page's JavaScript, whose budget has
// no room for the portal's access rules. The server still enforces each request's own permission.
export const pagePermissions: Partial<Record<PageId, Permission>> = {
  companyDashboard: 'read:company:own',
  companyJobs: 'read:job:own',
  companyJob: 'read:job:own',
  companyJobEdit: 'update:job:own',
  companyApplications: 'read:job_application:own',
  companyTest: 'read:test:own',
  companyTestAttempt: 'read:test_result:own',
  companyTalent: 'read:talent:any',
  companyMessages: 'read:conversation:member',
  companyMeetings: 'read:meeting:own',
  companyBilling: 'read:invoice:own',
  // A fixed-price contract is an assignment: every member who may read assignments reads it.
  companyContract: 'read:assignment:own',
  // Its hires' agreements (issue 57): every member who may read them, a Billing member not.
  companyAgreements: 'read:agreement:own',
  companyAgreement: 'read:agreement:own',
  companyCreateJob: 'create:job:own',
  companyCreateTest: 'create:test:own',
};
