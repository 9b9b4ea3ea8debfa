import { z } from 'zod';
import { authMessages, emailSchema, newPasswordSchema } from './auth';
import { type CompanyRole, companyRoles } from './permissions';
import { singleLine } from './text';

// Settings → Team (docs/decisions/032): a company's members with their roles, the invitations still
// pending, and the public page an invitation's link opens.

export { companyRoleLabels } from './company-roles';

// One line each, under the role select and in the invitation email (shared/permissions.ts has the rows).
export const companyRoleDescriptions: Record<CompanyRole, string> = {
  owner: 'Everything, and the only one who can hand the company to another member.',
  admin: 'Everything but ownership: jobs, pipeline, billing, settings and the team.',
  hiring_manager: 'Jobs, tests, the pipeline, messages and meetings; no billing.',
  billing: 'Invoices, payment methods and timesheet approval; no pipeline.',
  viewer: 'Reads what the company has and changes nothing.',
};

// What an invitation or a role change may give: ownership moves only by a transfer.
export const assignableRoles = [
  'admin',
  'hiring_manager',
  'billing',
  'viewer',
] as const satisfies readonly CompanyRole[];
export type AssignableRole = (typeof assignableRoles)[number];

export const INVITATION_DAYS = 7;
// An invitation is an email to anyone the company names: a company waits on at most this many answers,
// and sends (or resends) at most INVITATIONS_PER_DAY a day, so the form cannot be used to mail strangers.
export const PENDING_INVITATIONS_MAX = 100;
export const INVITATIONS_PER_DAY = 50;

export const teamTexts = {
  tooManyPending: `Your company already has ${PENDING_INVITATIONS_MAX} invitations waiting for an answer: revoke some before you invite more.`,
  tooManySent: 'Your company has sent many invitations today',
  ownershipByTransfer:
    'Ownership is not given by a role: the owner uses Transfer ownership to hand the company to a member.',
  chooseRole: 'Choose a role.',
  onlyOwnerTouchesOwner: 'Only an owner can change or remove an owner.',
  lastOwnerLeaves: 'You are the company’s only owner: transfer ownership to another member before you leave.',
  lastOwnerDemoted: 'The company needs an owner: transfer ownership to another member before changing this role.',
  removeYourself: 'To take yourself off the team, use Leave company.',
  transferToYourself: 'You own the company already: choose another member.',
  memberNotFound: 'This person is not a member of your team.',
  invitationNotFound: 'This invitation does not exist, or was accepted or revoked already.',
  alreadyMember: (email: string) => `${email} is already a member of your team.`,
  // One company per person (docs/decisions/032): said when inviting and when accepting.
  alreadyHasAccount: (email: string) =>
    `${email} already has a Tandem account with another company, or as talent or staff, and a person belongs to one company only. Invite another address.`,
  cannotJoin: (email: string) =>
    `${email} already has a Tandem account with another company, or as talent or staff, and a person belongs to one company only, so it cannot join this team. Ask for an invitation to another address.`,
  wrongAccount: (email: string) =>
    `This invitation is for ${email}. Sign out, then sign in or create an account with that address to accept it.`,
  unverifiedEmail:
    'Confirm your email address first: an invitation is accepted only by the address it was sent to, once confirmed.',
  accountExists: 'An account with this address already exists: sign in to accept the invitation.',
  linkUnknown: 'This invitation link is not valid. Check that you copied the whole link, or ask for a new one.',
  expired: 'This invitation has expired. Ask the person who invited you to send it again.',
  accepted: 'This invitation has been used already. Sign in to reach your team.',
  revoked: 'This invitation was withdrawn by the company. Ask them for a new one if you still need to join.',
  // The screens.
  loadMembersFailed: 'Failed to load the team. Please try again.',
  loadInvitationsFailed: 'Failed to load the pending invitations. Please try again.',
  noInvitations: 'No pending invitations.',
  inviteFailed: 'Failed to send the invitation. Please try again.',
  actionFailed: 'That did not work. Please try again.',
  // What removing a member (or leaving) ends at once, as the confirmation says it.
  whatEnds:
    'Their sessions end at once on every device, their API tokens and calendar feed stop working, and they lose the company’s conversations, meetings and jobs. Their messages and notes stay, under their name.',
} as const;

const page = z.coerce.number({ message: 'The page must be a whole number.' }).int().min(1).default(1);
const pageSize = z.coerce
  .number({ message: 'The page size must be a whole number.' })
  .int()
  .min(1)
  .max(100)
  .default(20);

// GET /api/company/team/members and /invitations: ?page=&page_size=
export const teamListQuerySchema = z.object({ page, page_size: pageSize });
export type TeamListQuery = z.infer<typeof teamListQuerySchema>;

export const teamMemberSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  // Their latest request with a session (or sign-in); null if never.
  last_active_at: z.string().nullable(),
  // Suspended by an administrator: they cannot sign in.
  status: z.enum(['active', 'suspended']),
  joined_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberPageSchema = z.object({
  items: z.array(teamMemberSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TeamMemberPage = z.infer<typeof teamMemberPageSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  invited_by: z.string().nullable(),
  sent_at: z.string(),
  expires_at: z.string(),
  // Past its 7 days and not accepted: Resend sends a new link for 7 more.
  is_expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamInvitationPageSchema = z.object({
  items: z.array(teamInvitationSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type TeamInvitationPage = z.infer<typeof teamInvitationPageSchema>;

// A role as a request gives it: any role's name is understood, the owner's refused with the reason.
const assignableRoleSchema = z
  .enum(companyRoles, { message: teamTexts.chooseRole })
  .refine((role): role is AssignableRole => role !== 'owner', { message: teamTexts.ownershipByTransfer });

export const inviteMemberSchema = z.object({ email: emailSchema, role: assignableRoleSchema });
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const changeMemberRoleSchema = z.object({ role: assignableRoleSchema });
export type ChangeMemberRoleInput = z.input<typeof changeMemberRoleSchema>;

// An invitation's state as its link shows it.
export const invitationStates = ['open', 'expired', 'accepted', 'revoked'] as const;
export type InvitationState = (typeof invitationStates)[number];

// GET /api/invitations/:token: what the link's page shows before anyone signs in.
export const invitationPreviewSchema = z.object({
  company_name: z.string(),
  inviter_name: z.string().nullable(),
  role: z.enum(companyRoles),
  email: z.string(),
  expires_at: z.string(),
  state: z.enum(invitationStates),
  // Why it cannot be accepted (its state, or an account at that address that cannot join); null when it can.
  message: z.string().nullable(),
  // An account with the invited address exists: the page asks it to sign in rather than create one.
  has_account: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

// POST /api/invitations/:token/register: the invitee creates their account (the address is the invitation's).
export const joinWithAccountSchema = z.object({
  name: singleLine().trim().min(1, { message: 'Please enter your name.' }).max(100),
  password: newPasswordSchema,
  accept_terms: z
    .boolean({ message: authMessages.termsRequired })
    .refine((accepted) => accepted, { message: authMessages.termsRequired }),
});
export type JoinWithAccountInput = z.input<typeof joinWithAccountSchema>;

// The route parameter of the public invitation endpoints: the link's secret.
export const invitationTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { message: teamTexts.linkUnknown }),
});
