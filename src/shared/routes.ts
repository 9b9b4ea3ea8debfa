// The route table of the whole product: one entry per URL pattern. The client mounts a page for each
// entry (src/client/routes.tsx); the server answers 200 for these patterns and 404 for anything else.

export type LayoutKind = 'public' | 'auth' | 'company' | 'applicant' | 'admin' | 'manager';
export type PortalRole = Extract<LayoutKind, 'company' | 'applicant' | 'admin' | 'manager'>;

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefArgs<Pattern extends string> = [ParamNames<Pattern>] extends [never]
  ? []
  : [params: Record<ParamNames<Pattern>, string | number>];

export function buildHref<Pattern extends string>(pattern: Pattern, ...args: HrefArgs<Pattern>): string {
  const params = (args[0] ?? {}) as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

interface PageOptions {
  // Rendered to HTML at build time (public, parameterless pages).
  prerender?: boolean;
}

function page<const Pattern extends string>(
  path: Pattern,
  title: string,
  layout: LayoutKind,
  options: PageOptions = {},
) {
  return {
    kind: 'page' as const,
    path,
    title,
    layout,
    prerender: options.prerender ?? false,
    getHref: (...args: HrefArgs<Pattern>) => buildHref(path, ...args),
  };
}

function publicPage<const Pattern extends string>(path: Pattern, title: string) {
  return page(path, title, 'public', { prerender: !path.includes(':') });
}

// Old links and aliases: the client replaces the history entry with the target.
function redirect<const Pattern extends string>(path: Pattern, to: string) {
  return { kind: 'redirect' as const, path, to };
}

export const paths = {
  // Public marketing site
  home: publicPage('/', 'AI-Trained Remote Teams for Growing Businesses'),
  services: publicPage('/services', 'Our Services'),
  customerService: publicPage('/services/customer-service', 'Customer Service'),
  dataEntry: publicPage('/services/data-entry', 'Data Entry & Processing'),
  virtualAssistants: publicPage('/services/virtual-assistants', 'Virtual Assistants'),
  businessOperations: publicPage('/services/business-operations', 'Business Operations'),
  financeAccounting: publicPage('/services/finance-accounting', 'Finance & Accounting'),
  codeDevelopment: publicPage('/services/code-development', 'Code Development'),
  designGraphics: publicPage('/services/design-graphics', 'Design & Graphics'),
  digitalMarketing: publicPage('/services/digital-marketing', 'Digital Marketing'),
  humanResources: publicPage('/services/human-resources', 'Human Resources'),
  leadGeneration: publicPage('/services/lead-generation', 'Lead Generation & Sales'),
  ecommerceSupport: publicPage('/services/ecommerce-support', 'E-commerce Support'),
  ecommerceSupportAlias: publicPage('/services/e-commerce-support', 'E-commerce Support'),
  aboutUs: publicPage('/about-us', 'About Us'),
  ourTeam: publicPage('/our-team', 'Our Team'),
  careers: publicPage('/careers', 'Careers'),
  contact: publicPage('/contact', 'Contact Us'),
  howItWorks: publicPage('/how-it-works', 'How It Works'),
  caseStudies: publicPage('/case-studies', 'Case Studies'),
  caseStudy: publicPage('/case-studies/:slug', 'Case Study'),
  testimonials: publicPage('/testimonials', 'Client Success Stories'),
  privacy: publicPage('/privacy', 'Privacy Policy'),
  privacyPolicy: publicPage('/privacy-policy', 'Privacy Policy'),
  terms: publicPage('/terms', 'Terms of Service'),
  termsOfService: publicPage('/terms-of-service', 'Terms of Service'),
  cookies: publicPage('/cookies', 'Cookie Policy'),
  cookiePolicy: publicPage('/cookie-policy', 'Cookie Policy'),
  gdpr: publicPage('/gdpr', 'GDPR Compliance'),
  // The public job board: open public jobs, searched without an account.
  jobBoard: page('/jobs', 'Remote Jobs', 'public'),
  // An open public job, readable without signing in; the server renders it with its JobPosting data.
  jobPost: page('/jobs/:id', 'Job Post', 'public'),

  // Sign-in
  // Rendered in the browser rather than from HTML: the login page reads ?tab= and ?redirect=, and the
  // administrator page resumes a second step handed over in the history entry's state.
  login: page('/login', 'Sign In', 'auth'),
  adminLogin: page('/admin-login', 'Administrator Access', 'auth'),
  authCallback: page('/auth/callback', 'Sign-In Callback', 'auth'),
  appleAuthCallback: page('/auth/apple/callback', 'Sign-In Callback', 'auth'),
  forgotPassword: page('/forgot-password', 'Reset Your Password', 'auth'),
  resetPassword: page('/reset-password', 'Choose a New Password', 'auth'),
  verifyEmail: page('/verify-email', 'Confirm Your Email', 'auth'),

  // A meeting's join link: whose meeting it is and when, for its participants.
  meetingRoom: page('/meet/:token', 'Meeting Room', 'auth'),
  // An invitation to a company's team (docs/decisions/032): sign up or sign in, then accept.
  joinTeam: page('/join/:token', 'Join Your Team', 'auth'),
  // A job alert's unsubscribe link: works without signing in.
  jobAlertUnsubscribe: page('/job-alerts/:token/unsubscribe', 'Job Alert Emails', 'auth'),

  // Company portal: what a member's role must hold to use each page is in page-permissions.ts.
  companyDashboard: page('/company-dashboard', 'Dashboard', 'company'),
  companyJobs: page('/company/jobs', 'Jobs & Applications', 'company'),
  companyJob: page('/company/jobs/:id', 'Job Details', 'company'),
  companyJobEdit: page('/company/jobs/:id/edit', 'Edit Job Posting', 'company'),
  companyApplications: page('/company/applications', 'Applications', 'company'),
  companyTest: page('/company/tests/:id', 'Test Details', 'company'),
  companyTestAttempt: page('/company/test-attempts/:id', 'Test Attempt', 'company'),
  companyTalent: page('/company/talent', 'Talent Search', 'company'),
  companyMessages: page('/company/messages', 'Messages', 'company'),
  companyMeetings: page('/company/meetings', 'Meetings', 'company'),
  companyBilling: page('/company/billing', 'Billing & Invoices', 'company'),
  // A fixed-price contract: its milestones, funding, approval (docs/decisions/035).
  companyContract: page('/company/contracts/:id', 'Contract', 'company'),
  // The agreements its hires sign (issue 57): who has signed what, countersigning, reminders.
  companyAgreements: page('/company/agreements', 'Agreements', 'company'),
  companyAgreement: page('/company/agreements/:id', 'Agreement', 'company'),
  companySettings: page('/company/settings', 'Settings', 'company'),
  companyCreateJob: page('/company/create-job', 'Create Job Posting', 'company'),
  companyCreateTest: page('/company/create-test', 'Create Test', 'company'),

  // Applicant portal
  applicantDashboard: page('/applicant-dashboard', 'Dashboard', 'applicant'),
  applicantJobs: page('/applicant/jobs', 'Find Jobs', 'applicant'),
  applicantJob: page('/applicant/jobs/:id', 'Job Details', 'applicant'),
  // Find Jobs' filters kept under a name, each with its daily, weekly or no alert email.
  applicantSavedSearches: page('/applicant/saved-searches', 'Saved Searches', 'applicant'),
  applicantMeetings: page('/applicant/meetings', 'Meetings', 'applicant'),
  // A booking link a company sent: its free times, and the meeting once booked (docs/decisions/031).
  applicantBooking: page('/applicant/book/:id', 'Book a Meeting', 'applicant'),
  applicantMessages: page('/applicant/messages', 'Messages', 'applicant'),
  applicantApplications: page('/applicant/applications', 'My Applications', 'applicant'),
  // The talent's weekly timesheet and clock for their assignments.
  applicantTimesheets: page('/applicant/timesheets', 'Timesheets', 'applicant'),
  // What the talent's approved weeks earn them, and whether each is invoiced (docs/decisions/024).
  applicantEarnings: page('/applicant/earnings', 'Earnings', 'applicant'),
  // The talent's W-9 or W-8BEN (issue 56): fill it in and sign it; payouts wait for one.
  applicantTaxForm: page('/applicant/tax-form', 'Tax Form', 'applicant'),
  // A fixed-price contract: its milestones, which are funded, submitting the work (docs/decisions/035).
  applicantContract: page('/applicant/contracts/:id', 'Contract', 'applicant'),
  // The agreements sent to the talent (issue 57): to sign, and signed.
  applicantAgreements: page('/applicant/agreements', 'Agreements', 'applicant'),
  applicantAgreement: page('/applicant/agreements/:id', 'Agreement', 'applicant'),
  applicantTest: page('/applicant/tests/:id', 'Skills Test', 'applicant'),
  applicantSettings: page('/applicant/settings', 'Settings', 'applicant'),

  // Admin back office
  adminDashboard: page('/admin-dashboard', 'Admin Dashboard', 'admin'),
  adminCompanies: page('/admin/companies', 'Company Management', 'admin'),
  adminApplicants: page('/admin/applicants', 'Applicant Management', 'admin'),
  adminJobs: page('/admin/jobs', 'Job Management', 'admin'),
  adminTests: page('/admin/tests', 'Tests & Content Management', 'admin'),
  adminAssignments: page('/admin/assignments', 'Assignment Management', 'admin'),
  adminAccountManagers: page('/admin/account-managers', 'Account Manager Management', 'admin'),
  adminPayments: page('/admin/payments', 'Payment Management', 'admin'),
  // Disputed fixed-price milestones, settled to the cent (docs/decisions/035).
  adminDisputes: page('/admin/disputes', 'Disputes', 'admin'),
  // Every agreement sent on the platform and its seal (issue 57).
  adminAgreements: page('/admin/agreements', 'Agreements', 'admin'),
  adminAgreement: page('/admin/agreements/:id', 'Agreement', 'admin'),
  // Paying the talent: payout runs to approve, what each talent is owed, holds and the ledger (docs/decisions/036).
  adminPayouts: page('/admin/payouts', 'Payouts', 'admin'),
  adminAuditLogs: page('/admin/audit-logs', 'Audit Logs', 'admin'),
  // GDPR requests to process within the month (decision 014).
  adminPrivacyRequests: page('/admin/privacy-requests', 'Privacy Requests', 'admin'),
  // The messages of the public contact forms, to answer within the 24 hours the forms promise.
  adminContactMessages: page('/admin/contact-messages', 'Contact Messages', 'admin'),
  // The support conversations staff answer.
  adminMessages: page('/admin/messages', 'Messages', 'admin'),
  adminSettings: page('/admin/settings', 'System Settings', 'admin'),

  // The account manager's portal: only the companies assigned to them.
  managerDashboard: page('/manager', 'My Companies', 'manager'),
  managerCompany: page('/manager/companies/:id', 'Company Details', 'manager'),
  managerMessages: page('/manager/messages', 'Messages', 'manager'),
  managerMeetings: page('/manager/meetings', 'Meetings', 'manager'),
  managerSettings: page('/manager/settings', 'Settings', 'manager'),
} as const;

// The Jobs & Applications page opened on one of its tabs: the page keeps its tab in ?tab=
// (src/client/jobs/jobs-page-search.ts), so a saved test can land on the Tests tab.
// Every "Get Started" of the public site: the sign-in page opened on its Register tab, where a business or a
// job seeker makes an account (the spec names /login; its Sign In tab would leave a newcomer looking for a way in).
export const getStartedHref = `${paths.login.getHref()}?tab=register`;

export function companyJobsTabHref(tab: 'job-posts' | 'tests' | 'analytics'): string {
  return `${paths.companyJobs.getHref()}?tab=${tab}`;
}

export const redirects = {
  benefits: redirect('/benefits', paths.home.path),
  dashboardProfile: redirect('/dashboard/settings/profile', paths.companySettings.path),
  dashboardBilling: redirect('/dashboard/billing', paths.companyBilling.path),
  dashboardJob: redirect('/dashboard/jobs/:id', paths.companyJob.path),
  dashboardTest: redirect('/dashboard/tests/:id', paths.companyTest.path),
} as const;

export type PageId = keyof typeof paths;
export type RedirectId = keyof typeof redirects;

export const pageIds = Object.keys(paths) as PageId[];
export const redirectIds = Object.keys(redirects) as RedirectId[];

// Every URL pattern the client can render; the server answers 404 for any other path.
export const routePatterns: string[] = [
  ...pageIds.map((id) => paths[id].path),
  ...redirectIds.map((id) => redirects[id].path),
];

// Public pages rendered to HTML by the server at each request, from its data (the job board's): what a crawler
// or a link preview reads without running JavaScript. A list apart from the pages, so that it stays out of the
// browser's first load.
export const serverRenderedPageIds: PageId[] = ['jobBoard', 'jobPost'];

// Second addresses of a page; its canonical URL (and the sitemap) name the first.
export const aliasPageIds: PageId[] = ['ecommerceSupportAlias', 'privacyPolicy', 'termsOfService', 'cookiePolicy'];

export const prerenderedPaths: string[] = pageIds
  .map((id) => paths[id])
  .filter((route) => route.prerender)
  .map((route) => route.path);

// Fills a redirect target's parameters from the ones matched on the old URL.
export function resolveRedirect(id: RedirectId, params: Record<string, string | undefined>): string {
  return redirects[id].to.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
