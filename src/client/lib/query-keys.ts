import type { AccountManagerListQuery, ManagedCompanyListQuery } from '~/shared/account-managers';
import type { AdminApplicantListQuery } from '~/shared/admin-applicants';
import type { AdminCompanyListQuery } from '~/shared/admin-companies';
import type { AbuseReportListQuery } from '~/shared/admin-dashboard';
import type { AdminPaymentListQuery } from '~/shared/admin-payments';
import type { ApplicantApplicationListQuery } from '~/shared/applications';
import type { TestListQuery } from '~/shared/assessments';
import type { InvoiceListQuery, UnbilledCompanyQuery } from '~/shared/billing';
import type { ContactMessageListQuery } from '~/shared/contact';
import type { JobBoardQuery, SavedJobsQuery } from '~/shared/job-board';
import type { JobApplicationListQuery, JobListQuery } from '~/shared/jobs';
import type { DisputeStatus } from '~/shared/milestones';
import type { ApplicationListQuery } from '~/shared/pipeline';
import type { AdminPrivacyRequestListQuery } from '~/shared/privacy';
import type { SavedSearchListQuery } from '~/shared/saved-searches';
import type { TalentQuery } from '~/shared/talent-search';
import type { ApplicantAttemptListQuery } from '~/shared/test-attempts';

// Every TanStack Query key of the portal, in one place: a feature invalidates another's data through
// these keys instead of importing that feature's api.ts (features stay apart, see biome.json).
// Each group nests under its first element, so invalidating `jobs.all` refreshes every job query.

const jobsAll = ['jobs'] as const;
const testsAll = ['tests'] as const;
// Find Jobs and the job pages an applicant reads (client/job-board).
const jobBoardAll = ['job-board'] as const;
// The signed-in applicant's own data (/api/applicant/*): applying, saving or answering an offer refreshes
// all of it, since the dashboard's figures count every list.
const applicantAll = ['applicant'] as const;

export const queryKeys = {
  // The signed-in person's own time zone (docs/decisions/022): read by every screen that shows a time in
  // it, written in Settings, in an applicant's profile, or where a scheduling dialog asks for it first.
  account: {
    timeZone: () => ['account', 'time-zone'] as const,
    // Working hours and days off (Settings → Availability), which booking links read.
    availability: () => ['account', 'availability'] as const,
  },
  // The company dashboard's own figures (employees, pipeline, account manager).
  companyDashboard: ['company-dashboard'] as const,
  jobs: {
    all: jobsAll,
    lists: () => [...jobsAll, 'list'] as const,
    list: (query: JobListQuery) => [...jobsAll, 'list', query] as const,
    detail: (id: string) => [...jobsAll, 'detail', id] as const,
    // A job's hiring team and scorecard criteria.
    hiringTeam: (id: string) => [...jobsAll, 'hiring-team', id] as const,
    summary: () => [...jobsAll, 'summary'] as const,
    tags: () => [...jobsAll, 'tags'] as const,
    analytics: () => [...jobsAll, 'analytics'] as const,
    applications: (id: string, query: JobApplicationListQuery) => [...jobsAll, 'applications', id, query] as const,
    // One column of a job's pipeline board: its pages loaded so far (client/pipeline/board-column.tsx).
    boardColumn: (id: string, query: JobApplicationListQuery) => [...jobsAll, 'board', id, query] as const,
    board: (id: string) => [...jobsAll, 'board', id] as const,
    companyApplications: (query: JobApplicationListQuery) => [...jobsAll, 'company-applications', query] as const,
  },
  jobBoard: {
    all: jobBoardAll,
    lists: () => [...jobBoardAll, 'list'] as const,
    list: (query: JobBoardQuery) => [...jobBoardAll, 'list', query] as const,
    detail: (id: string) => [...jobBoardAll, 'detail', id] as const,
    // The applicant's saved searches (Find Jobs' filters under a name, with their alerts).
    savedSearches: () => [...jobBoardAll, 'saved-searches'] as const,
    savedSearchList: (query: SavedSearchListQuery) => [...jobBoardAll, 'saved-searches', query] as const,
    // What an alert's unsubscribe link names, read without signing in.
    jobAlert: (token: string) => [...jobBoardAll, 'job-alert', token] as const,
  },
  tests: {
    all: testsAll,
    lists: () => [...testsAll, 'list'] as const,
    list: (query: TestListQuery) => [...testsAll, 'list', query] as const,
    detail: (id: string) => [...testsAll, 'detail', id] as const,
  },
  applicant: {
    all: applicantAll,
    applications: (query: ApplicantApplicationListQuery) => [...applicantAll, 'applications', query] as const,
    savedJobs: (query: SavedJobsQuery) => [...applicantAll, 'saved-jobs', query] as const,
    stats: () => [...applicantAll, 'stats'] as const,
    recommendedJobs: () => [...applicantAll, 'recommended-jobs'] as const,
    messages: () => [...applicantAll, 'messages'] as const,
    meetings: () => [...applicantAll, 'meetings'] as const,
    // The applicant's skills tests: the lists (dashboard, My Applications), and apart from them the
    // attempt being taken, so refreshing the lists never reloads the page of an open test.
    testLists: () => [...applicantAll, 'tests'] as const,
    testList: (query: ApplicantAttemptListQuery) => [...applicantAll, 'tests', query] as const,
    test: (id: string) => [...applicantAll, 'test', id] as const,
  },
  // Talent Search (client/talent-search): the company's searches, its shortlist and the skills suggested
  // in the filter. A shortlist change touches both lists, so they nest under one key.
  // Reviews after work: one side's view of an assignment's reviews, and a candidate's revealed reviews.
  reviews: {
    all: ['reviews'] as const,
    assignment: (side: 'company' | 'applicant', assignmentId: string) =>
      ['reviews', 'assignment', side, assignmentId] as const,
    candidate: (candidateId: string, query: { page: number; page_size: number }) =>
      ['reviews', 'candidate', candidateId, query] as const,
  },
  talentSearch: {
    all: ['talent-search'] as const,
    lists: () => ['talent-search', 'list'] as const,
    list: (query: TalentQuery) => ['talent-search', 'list', query] as const,
    shortlists: () => ['talent-search', 'shortlist'] as const,
    shortlist: (query: { page: number; page_size: number }) => ['talent-search', 'shortlist', query] as const,
    skills: (q: string) => ['talent-search', 'skills', q] as const,
    candidate: (id: string) => ['talent-search', 'candidate', id] as const,
  },
  // The applicant's own profile.
  talent: {
    all: ['talent'] as const,
    ownProfile: () => ['talent', 'own-profile'] as const,
    ownCv: () => ['talent', 'own-cv'] as const,
  },
  // The header's bell (client/notifications): the pages of the popover, whose first page carries the
  // unread count, and the email preferences.
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    preferences: () => ['notifications', 'preferences'] as const,
  },
  // Conversations and their messages (client/messaging). A new message refreshes the lists and the
  // unread badge, which nest under `conversations`.
  messaging: {
    all: ['messaging'] as const,
    conversations: () => ['messaging', 'conversations'] as const,
    conversationList: (query: { q: string }) => ['messaging', 'conversations', 'list', query] as const,
    unreadCount: () => ['messaging', 'conversations', 'unread-count'] as const,
    conversation: (id: string) => ['messaging', 'conversation', id] as const,
    messages: (id: string) => ['messaging', 'messages', id] as const,
    // The person's own support conversation (the support chat opens it).
    support: () => ['messaging', 'support'] as const,
  },
  // The signed-in person's meetings (client/meetings, and scheduling from the pipeline): a calendar's
  // range, the upcoming list, one meeting, the company's invitees and the calendar feed.
  meetings: {
    all: ['meetings'] as const,
    range: (query: { from: string; to: string }) => ['meetings', 'range', query] as const,
    upcoming: (page: number) => ['meetings', 'upcoming', page] as const,
    detail: (id: string) => ['meetings', 'detail', id] as const,
    invitees: (query: { q: string; application_id?: string }) => ['meetings', 'invitees', query] as const,
    inviteeBusy: (applicationId: string, from: string) =>
      ['meetings', 'invitees', applicationId, 'busy', from] as const,
    feed: () => ['meetings', 'feed'] as const,
    // Who the company's call with its account manager would be with, and their zone.
    accountManagerCall: () => ['meetings', 'account-manager-call'] as const,
  },
  // The company's billing (client/billing): its invoices and their summary cards, payment methods, billing
  // profile (auto-pay) and payments. A payment changes all of them, so they nest under one key.
  billing: {
    all: ['billing'] as const,
    invoices: () => ['billing', 'invoices'] as const,
    invoiceList: (query: InvoiceListQuery) => ['billing', 'invoices', 'list', query] as const,
    summary: () => ['billing', 'invoices', 'summary'] as const,
    invoice: (id: string) => ['billing', 'invoices', 'detail', id] as const,
    paymentMethods: () => ['billing', 'payment-methods'] as const,
    profile: () => ['billing', 'profile'] as const,
    // Who its invoices are made out to (legal name, address, tax ID) and its tax rate and terms.
    details: () => ['billing', 'details'] as const,
    payments: (query: { page: number; page_size: number }) => ['billing', 'payments', query] as const,
    // Refunds' credit notes (decision 048).
    creditNotes: (query: { page: number; page_size: number }) => ['billing', 'credit-notes', query] as const,
    // Approved work not yet invoiced and the next invoice's estimate: approving a week refreshes both.
    unbilled: () => ['billing', 'unbilled'] as const,
    unbilledWork: (query: { page: number; page_size: number }) => ['billing', 'unbilled', 'list', query] as const,
    nextInvoice: () => ['billing', 'unbilled', 'next-invoice'] as const,
  },
  // Fixed-price contracts (client/fixed-price, docs/decisions/035): one contract as each side reads it. A
  // funding, a submission or a review answers the contract and refreshes it.
  contracts: {
    all: ['contracts'] as const,
    company: (id: string) => ['contracts', 'company', id] as const,
    applicant: (id: string) => ['contracts', 'applicant', id] as const,
  },
  // The talent's own payouts (client/earnings, docs/decisions/036): the balance with the next payout, the
  // payout methods and the payouts sent. A new default method changes the next payout, so they nest under one key.
  talentPayouts: {
    all: ['talent-payouts'] as const,
    balance: () => ['talent-payouts', 'balance'] as const,
    methods: () => ['talent-payouts', 'methods'] as const,
    // Follows the default method's currency, hence in the group.
    conversionRates: () => ['talent-payouts', 'conversion-rates'] as const,
    list: (query: { page: number; page_size: number }) => ['talent-payouts', 'list', query] as const,
  },
  // A company's agreement templates (client/agreements, issue 57): the list and each template's versions.
  agreements: {
    all: ['agreements'] as const,
    templates: (query: { page: number }) => ['agreements', 'templates', query] as const,
    versions: (id: string, query: { page: number }) => ['agreements', 'versions', id, query] as const,
    // The agreements sent to hires, by who reads them (the talent, the company, an administrator).
    list: (side: string, query: object) => ['agreements', 'list', side, query] as const,
    detail: (side: string, id: string) => ['agreements', 'detail', side, id] as const,
    settings: () => ['agreements', 'settings'] as const,
    job: (jobId: string) => ['agreements', 'job', jobId] as const,
  },
  // The talent's W-9 or W-8BEN (client/tax-forms, issue 56), which Earnings shows too; an applicant's as
  // administrators see it; who holds the tax data reader grant.
  taxForm: {
    all: ['tax-form'] as const,
    own: () => ['tax-form', 'own'] as const,
    applicant: (id: string) => ['tax-form', 'applicant', id] as const,
    readers: () => ['tax-form', 'readers'] as const,
    queue: (query: { state: string; page: number }) => ['tax-form', 'queue', query] as const,
    // Forms 1099-NEC (decision 055): the talent's own, and a year's for administrators.
    ownNec: () => ['tax-form', 'nec', 'own'] as const,
    necYear: (query: { year: number; page: number }) => ['tax-form', 'nec', 'year', query] as const,
  },
  // Payment Management (client/admin-payments): every payment and the summary cards; a refund changes both.
  // Company and Applicant Management (client/admin-companies, client/admin-applicants): a bulk action
  // changes the rows and the drawer, which nest under one key each.
  adminCompanies: {
    all: ['admin-companies'] as const,
    list: (query: AdminCompanyListQuery) => ['admin-companies', 'list', query] as const,
    detail: (id: string) => ['admin-companies', 'detail', id] as const,
    // A company's billing details with its tax rate and terms, in its drawer.
    billingDetails: (id: string) => ['admin-companies', 'billing-details', id] as const,
    managerOptions: () => ['admin-companies', 'manager-options'] as const,
  },
  adminApplicants: {
    all: ['admin-applicants'] as const,
    list: (query: AdminApplicantListQuery) => ['admin-applicants', 'list', query] as const,
    detail: (id: string) => ['admin-applicants', 'detail', id] as const,
  },
  // The admin dashboard and its open abuse reports: a report filed or settled refreshes both.
  adminDashboard: {
    all: ['admin-dashboard'] as const,
    figures: () => ['admin-dashboard', 'figures'] as const,
    reports: (query: AbuseReportListQuery) => ['admin-dashboard', 'reports', query] as const,
  },
  adminPayments: {
    all: ['admin-payments'] as const,
    list: (query: AdminPaymentListQuery) => ['admin-payments', 'list', query] as const,
    summary: () => ['admin-payments', 'summary'] as const,
    // The companies with approved work not yet invoiced (Issue invoice now).
    unbilled: (query: UnbilledCompanyQuery) => ['admin-payments', 'unbilled', query] as const,
  },
  // Disputes (client/admin-disputes, docs/decisions/035): the open and settled lists and one dispute; a
  // settlement answers the dispute and moves it from one list to the other.
  adminDisputes: {
    all: ['admin-disputes'] as const,
    list: (query: { status: DisputeStatus; page: number; page_size: number }) =>
      ['admin-disputes', 'list', query] as const,
    detail: (id: string) => ['admin-disputes', 'detail', id] as const,
  },
  // Payouts (client/admin-payouts, docs/decisions/036): the ledger's accounts, the payout runs, one run and
  // its lines, and what each talent is owed. Approving, marking paid or failed and holds move money between
  // them, so every change refreshes the whole group.
  adminPayouts: {
    all: ['admin-payouts'] as const,
    ledger: () => ['admin-payouts', 'ledger'] as const,
    runList: (query: { page: number; page_size: number }) => ['admin-payouts', 'runs', 'list', query] as const,
    run: (id: string) => ['admin-payouts', 'runs', 'detail', id] as const,
    runBankFormats: (id: string) => ['admin-payouts', 'runs', 'bank-formats', id] as const,
    runLines: (id: string, query: { status?: string; page: number; page_size: number }) =>
      ['admin-payouts', 'runs', 'lines', id, query] as const,
    balances: (query: { q?: string; only?: string; page: number; page_size: number }) =>
      ['admin-payouts', 'balances', query] as const,
    trialBalance: (asOf: string) => ['admin-payouts', 'trial-balance', asOf] as const,
    monthEnd: (month: string) => ['admin-payouts', 'month-end', month] as const,
    vatReport: (from: string, to: string) => ['admin-payouts', 'vat', from, to] as const,
  },
  // System Settings' cards saved on their own (client/system-settings): the seller on invoices.
  systemSettings: {
    invoiceSeller: () => ['admin', 'settings', 'invoice-seller'] as const,
  },
  // Privacy (client/privacy): one's own requests, and the administrators' queue.
  privacy: {
    all: ['privacy'] as const,
    mine: () => ['privacy', 'mine'] as const,
    adminList: (query: AdminPrivacyRequestListQuery) => ['privacy', 'admin-list', query] as const,
  },
  // The contact inbox (client/contact-inbox): its pages, one message and the administrators to assign; a
  // change to a message refreshes them all (and the admin dashboard's count).
  contactInbox: {
    all: ['contact-inbox'] as const,
    list: (query: ContactMessageListQuery) => ['contact-inbox', 'list', query] as const,
    detail: (id: string) => ['contact-inbox', 'detail', id] as const,
    assignees: () => ['contact-inbox', 'assignees'] as const,
  },
  // Account Manager Management (client/account-managers): the table and the cards; a save changes both.
  accountManagers: {
    all: ['account-managers'] as const,
    list: (query: AccountManagerListQuery) => ['account-managers', 'list', query] as const,
    summary: () => ['account-managers', 'summary'] as const,
  },
  // The account manager's portal (client/manager-portal): their companies and one company's people.
  managerCompanies: {
    all: ['manager-companies'] as const,
    list: (query: ManagedCompanyListQuery) => ['manager-companies', 'list', query] as const,
    detail: (id: string) => ['manager-companies', 'detail', id] as const,
  },
  // The company's message templates: written in Settings (client/message-templates), chosen when the
  // pipeline writes to candidates (client/pipeline).
  messageTemplates: {
    all: ['message-templates'] as const,
    list: (query: { q?: string; page?: number; page_size?: number }) => ['message-templates', 'list', query] as const,
  },
  // The company's applications across its jobs, and one application's detail (client/pipeline).
  pipeline: {
    all: ['pipeline'] as const,
    list: (query: ApplicationListQuery) => ['pipeline', 'list', query] as const,
    detail: (id: string) => ['pipeline', 'detail', id] as const,
    // An application's scorecards and their summary.
    scorecards: (id: string) => ['pipeline', 'scorecards', id] as const,
    // Colleagues who may read the pipeline, as the hiring team's and the @mention pickers search them.
    members: (query: { q: string; not_on_job?: string }) => ['pipeline', 'members', query] as const,
  },
};
