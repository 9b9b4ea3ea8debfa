import { type CompanyRole, companyRoles } from './company-roles';

// Permissions are data (docs/style.md 15): one list of action:entity:scope strings per role. The server
// enforces them on every route (platform/access-control.ts); the client only uses them to hide controls.

export const roles = ['applicant', 'company', 'admin', 'account_manager'] as const;
export type Role = (typeof roles)[number];

// Every role has an account, sessions, and notifications (the header's bell, email preferences).
const ownAccount = [
  'read:account:own',
  'update:account:own',
  'read:session:own',
  'delete:session:own',
  'read:notification:own',
  'update:notification:own',
  // The Report button, and one's own privacy requests (export, erasure).
  'create:abuse_report:own',
  'read:privacy_request:own',
  'create:privacy_request:own',
] as const;

// Personal API tokens: not for administrators, whose sign-in takes a second factor a token would skip.
const ownApiTokens = ['read:api_token:own', 'update:api_token:own'] as const;

// Their own calendar accounts (issue 59): whoever takes part in meetings connects the calendars they keep, so the
// times Tandem offers skip what they are busy with there, and their meetings are written there.
const ownCalendarConnections = ['read:calendar_connection:own', 'update:calendar_connection:own'] as const;

// Reading and writing in the conversations one is part of, or that are open to one (messaging/conversation-access.ts).
// Where one has read up to (the read receipt) is apart from writing: a company Viewer reads and marks read,
// and writes nothing.
const conversationMember = [
  'read:conversation:member',
  'update:read_receipt:member',
  'update:conversation:member',
] as const;

const permissionsByRole = {
  applicant: [
    ...ownAccount,
    ...ownApiTokens,
    'read:applicant_profile:own',
    'update:applicant_profile:own',
    // Their own applications (withdraw, answer an offer) and their dashboard's figures.
    'read:application:own',
    'update:application:own',
    'read:applicant_dashboard:own',
    // The job board: jobs open to applicants (every query also checks the job's visibility to the caller).
    'read:job:published',
    'create:application:own',
    'read:saved_job:own',
    'update:saved_job:own',
    // Their saved searches and the job alerts of each.
    'read:saved_search:own',
    'update:saved_search:own',
    // The tests assigned to them: take, answer, submit.
    'read:test_attempt:own',
    'update:test_attempt:own',
    // Meetings they take part in (answer, reschedule, cancel) and their calendar feed; the booking links
    // sent to them (docs/decisions/031).
    'read:meeting:own',
    'update:meeting:own',
    'read:booking_link:own',
    'update:booking_link:own',
    ...ownCalendarConnections,
    ...conversationMember,
    'create:support_conversation:own',
    // Their assignments (ending one, saying why), timesheets and the clock, and what their approved weeks earn
    // them.
    'read:assignment:own',
    'update:assignment:own',
    'read:timesheet:own',
    'update:timesheet:own',
    'read:earnings:own',
    // Their payout balance, payouts and statements, and where payouts go (docs/decisions/036).
    'read:payout:own',
    'update:payout_method:own',
    // Their W-9 or W-8BEN: read it (masked), download the PDF, sign a new one (issue 56).
    'read:tax_form:own',
    'update:tax_form:own',
    // The agreements sent to them: read, sign or decline, download once signed (issue 57).
    'read:agreement:own',
    'update:agreement:own',
    // Their fixed-price contracts' milestones: submitting the work (docs/decisions/035).
    'update:milestone:own',
    // The review of the company after an assignment ends, and the one it wrote of them.
    'read:review:own',
    'update:review:own',
  ],
  company: [
    ...ownAccount,
    ...ownApiTokens,
    'read:company:own',
    'update:company:own',
    // Jobs and tests belong to the company: every query filters by the caller's company.
    'create:job:own',
    'read:job:own',
    'update:job:own',
    'delete:job:own',
    // Lets one applicant see one of the company's private jobs.
    'create:job_invitation:own',
    'create:test:own',
    'read:test:own',
    'update:test:own',
    'delete:test:own',
    // Applications to the company's jobs: read, move, offer, note and rate (the pipeline).
    'read:job_application:own',
    'update:job_application:own',
    // Applicants' profiles, as talent search and applications show them.
    'read:applicant_profile:any',
    // Talent Search over listed applicants, and the company's own shortlist.
    'read:talent:any',
    'read:shortlist:own',
    'update:shortlist:own',
    // Attempts at the company's own tests: assign to an applicant in the pipeline, review, grade by hand.
    'create:test_assignment:own',
    'read:test_result:own',
    'update:test_result:own',
    // Meetings with applicants in the company's pipeline and calls with its account manager.
    'create:meeting:own',
    'read:meeting:own',
    'update:meeting:own',
    ...ownCalendarConnections,
    // Their working hours and days off, which booking links offer times within (docs/decisions/031).
    'read:availability:own',
    'update:availability:own',
    ...conversationMember,
    // Conversations with applicants and with the company's account manager; the support chat.
    'create:conversation:own',
    'create:support_conversation:own',
    // The company's message templates (stage emails, bulk messages to a pipeline column).
    'read:message_template:own',
    'update:message_template:own',
    // The agreements it has hires sign (issue 57): its own templates beside Tandem's.
    'read:agreement_template:own',
    'update:agreement_template:own',
    // Its hires' agreements: read them; countersign, remind, void, resend, and how hires sign (Owner and Admins).
    'read:agreement:own',
    'update:agreement:own',
    // Work and billing: its assignments (start, end, change terms), its people's timesheets
    // (approve, return), its invoices, payments, payment methods and billing profile.
    'read:assignment:own',
    'update:assignment:own',
    'read:timesheet:own',
    'update:timesheet:own',
    'read:invoice:own',
    'update:invoice:own',
    'read:payment_method:own',
    'update:payment_method:own',
    // Fixed-price contracts (docs/decisions/035): funding milestones into escrow is money (Owner, Admin,
    // Billing); approving, sending back and changing milestones is hiring (Owner, Admin, Hiring Manager).
    'create:milestone_funding:own',
    'update:milestone:own',
    // The review of the talent after an assignment ends, and the one the talent wrote of the company.
    'read:review:own',
    'update:review:own',
    // Its audit log in settings: what its own people changed, and when.
    'read:audit_log:own',
    // Settings → Team: its members and invitations (invite, resend, revoke, change a role, remove), and
    // leaving it; handing the company to another member (docs/decisions/032).
    'read:company_member:own',
    'update:company_member:own',
    'delete:company_membership:own',
    'update:company_ownership:own',
    // Settings → Integrations (issue 58): the company's webhook endpoints, their delivery log and replays.
    // Owner and Admins: an endpoint receives every chosen event of the whole company.
    'read:webhook:own',
    'update:webhook:own',
    // Its API keys: made, rotated and revoked by the Owner and Admins, each with the scopes it is given.
    'read:api_key:own',
    'update:api_key:own',
    // Settings → Security: the company's email domain, single sign-on, just-in-time membership and SCIM provisioning.
    'read:identity_settings:own',
    'update:identity_settings:own',
  ],
  admin: [
    ...ownAccount,
    'read:company:any',
    'read:audit_log:any',
    'update:settings:any',
    'update:two_factor:own',
    'read:contact_message:any',
    'update:contact_message:any',
    'read:job_application:any',
    'read:applicant_profile:any',
    // Staff read and answer support conversations.
    ...conversationMember,
    // Every assignment on the platform (start, end, change terms).
    'read:assignment:any',
    'update:assignment:any',
    // Payment Management: every payment, refunds; every company's unbilled work, and its invoice issued now.
    'read:payment:any',
    'update:payment:any',
    // Disputes of fixed-price milestones: read them, settle them (docs/decisions/035).
    'read:milestone:any',
    'update:milestone:any',
    'read:invoice:any',
    // Payout runs, talent balances, holds and the ledger (docs/decisions/036).
    'read:payout:any',
    'update:payout:any',
    // Every talent's tax form, masked; the whole numbers and the PDF also take the tax data reader grant
    // (admin_grants), which one administrator gives another.
    'read:tax_form:any',
    // Every agreement signed or sent on the platform, and its sealed PDF (issue 57).
    'read:agreement:any',
    'update:admin_grant:any',
    'create:invoice:any',
    // The back office: dashboard, companies (status, account manager, delete), applicants
    // (suspend, activate, remove), every company's jobs and tests, account managers, abuse reports,
    // privacy requests, and System Settings.
    'read:admin_dashboard:any',
    'update:company:any',
    'read:applicant:any',
    'update:applicant:any',
    'read:job:any',
    'create:job:any',
    'update:job:any',
    'read:test:any',
    'create:test:any',
    'update:test:any',
    'delete:test:any',
    'read:account_manager:any',
    'create:account_manager:any',
    'update:account_manager:any',
    'read:abuse_report:any',
    'update:abuse_report:any',
    'read:privacy_request:any',
    'update:privacy_request:any',
    'read:settings:any',
    // Platform webhook endpoints, which hear every company's events and payouts (issue 58).
    'read:webhook:any',
    'update:webhook:any',
  ],
  account_manager: [
    ...ownAccount,
    ...ownApiTokens,
    // The manager portal: only the companies assigned to them, their people and jobs.
    'read:company:assigned',
    'read:company_member:assigned',
    'read:job:assigned',
    'read:assignment:assigned',
    'create:conversation:assigned',
    'read:meeting:own',
    'update:meeting:own',
    ...ownCalendarConnections,
    'read:availability:own',
    'update:availability:own',
    ...conversationMember,
  ],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof permissionsByRole)[Role][number];
type CompanyPermission = (typeof permissionsByRole)['company'][number];

// A company user's permissions are their company role's row below (docs/decisions/032), never more than the
// company list above.
export { type CompanyRole, companyRoles };

const everyMember = [
  ...ownAccount,
  ...ownApiTokens,
  'read:company:own',
  'read:company_member:own',
  'delete:company_membership:own',
  'read:conversation:member',
  'update:read_receipt:member',
  'create:support_conversation:own',
] as const satisfies readonly CompanyPermission[];

// Jobs, tests, the pipeline, talent, meetings and conversations with candidates.
const hiring = [
  'create:job:own',
  'read:job:own',
  'update:job:own',
  'delete:job:own',
  'create:job_invitation:own',
  'create:test:own',
  'read:test:own',
  'update:test:own',
  'delete:test:own',
  'read:job_application:own',
  'update:job_application:own',
  'read:applicant_profile:any',
  'read:talent:any',
  'read:shortlist:own',
  'update:shortlist:own',
  'create:test_assignment:own',
  'read:test_result:own',
  'update:test_result:own',
  'create:meeting:own',
  'read:meeting:own',
  'update:meeting:own',
  ...ownCalendarConnections,
  'read:availability:own',
  'update:availability:own',
  'create:conversation:own',
  'update:conversation:member',
  // Those who write to candidates keep the words they send often.
  'read:message_template:own',
  'update:message_template:own',
  // The agreements a hire signs, to read them and see who signed; writing and countersigning are the Owner's
  // and Admins' (legal terms).
  'read:agreement_template:own',
  'read:agreement:own',
  // Approving a fixed-price milestone's work, or sending it back.
  'update:milestone:own',
] as const satisfies readonly CompanyPermission[];

// Work and money: assignments' terms, timesheet approval, invoices and how they are paid.
const billing = [
  'read:assignment:own',
  'update:assignment:own',
  'read:timesheet:own',
  'update:timesheet:own',
  'read:invoice:own',
  'update:invoice:own',
  'read:payment_method:own',
  'update:payment_method:own',
  'create:milestone_funding:own',
  'update:conversation:member',
] as const satisfies readonly CompanyPermission[];

// Every company permission but handing the company over.
const administration = permissionsByRole.company.filter((permission) => permission !== 'update:company_ownership:own');

const permissionsByCompanyRole = {
  owner: permissionsByRole.company,
  admin: administration,
  hiring_manager: [...everyMember, ...hiring, 'read:assignment:own', 'read:review:own', 'update:review:own'],
  billing: [...everyMember, ...billing, 'read:review:own', 'update:review:own'],
  // Read only: what the company has, not who changed what (the audit log) or how it pays.
  viewer: [
    ...everyMember,
    'read:job:own',
    'read:test:own',
    'read:job_application:own',
    'read:applicant_profile:any',
    'read:talent:any',
    'read:shortlist:own',
    'read:test_result:own',
    // The templates the team writes with, to read them; sending and editing are the hiring roles'.
    'read:message_template:own',
    'read:agreement_template:own',
    'read:agreement:own',
    'read:meeting:own',
    ...ownCalendarConnections,
    'read:assignment:own',
    'read:timesheet:own',
    'read:invoice:own',
    'read:review:own',
  ],
} as const satisfies Record<CompanyRole, readonly CompanyPermission[]>;

// Who asks: a role, and for a company user the role they hold in their company (null once they are no
// longer a member: their own account, nothing of the company's).
export interface Principal {
  role: Role;
  companyRole?: CompanyRole | null;
}

// Whose permissions the signed-in person has (a CurrentUser of auth.ts): the client hides what the server
// would refuse. Here rather than beside auth.ts's schemas, so the portal's shell loads no zod (decision 037).
export function principalOfUser(user: { role: Role; company: { role: CompanyRole } | null }): Principal {
  return { role: user.role, companyRole: user.company?.role ?? null };
}

const formerMember = [...ownAccount, ...ownApiTokens] as const;

export function can(principal: Principal, permission: Permission): boolean {
  if (principal.role !== 'company')
    return (permissionsByRole[principal.role] as readonly string[]).includes(permission);
  const granted = principal.companyRole ? permissionsByCompanyRole[principal.companyRole] : formerMember;
  return (granted as readonly string[]).includes(permission);
}

// Everyone who can be signed in, each company role apart: the route-policy test calls each route as each.
export const principals: readonly Principal[] = roles.flatMap((role): Principal[] =>
  role === 'company' ? companyRoles.map((companyRole) => ({ role, companyRole })) : [{ role }],
);

export function principalName(principal: Principal): string {
  return principal.companyRole ? `company ${principal.companyRole}` : principal.role;
}

// The principals that hold a permission.
export function principalsWith(permission: Permission): Principal[] {
  return principals.filter((principal) => can(principal, permission));
}

// The roles in a company that hold a permission (a query's `role in (…)`).
export function companyRolesWith(permission: Permission): CompanyRole[] {
  return companyRoles.filter((companyRole) => can({ role: 'company', companyRole }, permission));
}
