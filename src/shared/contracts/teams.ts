import { z } from 'zod';
import { signInResultSchema } from '../auth';
import { defineContract } from '../contract';
import { idParams, noContent } from '../contract-schemas';
import {
  changeMemberRoleSchema,
  invitationPreviewSchema,
  invitationTokenParams,
  inviteMemberSchema,
  joinWithAccountSchema,
  teamInvitationPageSchema,
  teamInvitationSchema,
  teamListQuerySchema,
  teamMemberPageSchema,
  teamMemberSchema,
} from '../teams';

// Settings → Team (docs/decisions/032): a company's members and pending invitations, changing roles,
// removing and leaving, handing ownership over.
export const teamContract = defineContract(
  { name: 'team', tags: ['company'] },
  {
    members: {
      method: 'GET',
      path: '/api/company/team/members',
      summary: 'The company’s members with role, last activity and status: owners first, then by role and name',
      query: teamListQuerySchema,
      responses: { 200: teamMemberPageSchema },
    },
    changeRole: {
      method: 'PATCH',
      path: '/api/company/team/members/:id',
      summary: 'Give a member another role (never Owner: ownership moves by a transfer)',
      params: idParams('team member'),
      body: changeMemberRoleSchema,
      responses: { 200: teamMemberSchema },
    },
    remove: {
      method: 'DELETE',
      path: '/api/company/team/members/:id',
      summary:
        'Remove a member: their sessions, API tokens, live connections, calendar feed and access to the company end at once',
      params: idParams('team member'),
      responses: { 204: noContent },
    },
    transferOwnership: {
      method: 'POST',
      path: '/api/company/team/members/:id/ownership',
      summary: 'Hand the company to another member: they become Owner, and you become Admin',
      params: idParams('team member'),
      responses: { 200: teamMemberSchema },
    },
    leave: {
      method: 'POST',
      path: '/api/company/team/leave',
      summary: 'Leave your company: your account stays, with no company; this session ends with the others',
      responses: { 204: noContent },
    },
    invitations: {
      method: 'GET',
      path: '/api/company/team/invitations',
      summary: 'The invitations not yet accepted or revoked (expired ones too, to resend), newest first',
      query: teamListQuerySchema,
      responses: { 200: teamInvitationPageSchema },
    },
    invite: {
      method: 'POST',
      path: '/api/company/team/invitations',
      summary: 'Invite a colleague by email with a role; inviting a pending address again resends its invitation',
      body: inviteMemberSchema,
      responses: { 201: teamInvitationSchema },
    },
    resendInvitation: {
      method: 'POST',
      path: '/api/company/team/invitations/:id/resend',
      summary: 'Send a pending invitation again: a new link for 7 days, and the old link stops working',
      params: idParams('invitation'),
      responses: { 200: teamInvitationSchema },
    },
    revokeInvitation: {
      method: 'DELETE',
      path: '/api/company/team/invitations/:id',
      summary: 'Withdraw a pending invitation: its link stops working',
      params: idParams('invitation'),
      responses: { 204: noContent },
    },
  },
);

// The invitation's link, for the person it was sent to (signed in or not).
export const invitationsContract = defineContract(
  { name: 'invitations', tags: ['auth'] },
  {
    preview: {
      method: 'GET',
      path: '/api/invitations/:token',
      summary: 'What an invitation link offers: company, role, inviter, address, and whether it can still be accepted',
      params: invitationTokenParams,
      responses: { 200: invitationPreviewSchema },
    },
    accept: {
      method: 'POST',
      path: '/api/invitations/:token/accept',
      summary: 'Join the company as the signed-in account, whose confirmed address must be the invited one',
      params: invitationTokenParams,
      responses: { 200: z.object({ company: z.object({ id: z.string(), name: z.string() }) }) },
    },
    register: {
      method: 'POST',
      path: '/api/invitations/:token/register',
      summary: 'Create an account at the invited address from the link, join the company, and sign in',
      params: invitationTokenParams,
      body: joinWithAccountSchema,
      responses: { 201: signInResultSchema },
    },
  },
);
