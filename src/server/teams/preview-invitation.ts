import { type InvitationPreview, teamTexts } from '~/shared/teams';
import type { Database } from '../db/client';
import {
  canJoinCompany,
  findAccountAt,
  findInvitationByToken,
  invitationStateOf,
  invitationStateSentence,
} from '../kernels/identity/company-invitations';

// GET /api/invitations/:token: the link's page, before anyone signs in. Whoever holds the link sees whom
// it invites where; a link nobody sent is 404. An address whose account cannot join (one company per
// person) is told so here, before a form is filled in.
export async function previewInvitation({
  db,
  token,
  now = new Date(),
}: {
  db: Database;
  token: string;
  now?: Date;
}): Promise<InvitationPreview> {
  const invitation = await findInvitationByToken(db, token);
  const state = invitationStateOf(invitation, now);
  const account = state === 'open' ? await findAccountAt(db, invitation.email) : null;
  const refusal =
    account?.companyId === invitation.companyId
      ? teamTexts.alreadyMember(invitation.email)
      : canJoinCompany(account)
        ? null
        : teamTexts.cannotJoin(invitation.email);
  return {
    company_name: invitation.companyName,
    inviter_name: invitation.inviterName,
    role: invitation.role,
    email: invitation.email,
    expires_at: invitation.expiresAt.toISOString(),
    state,
    message: invitationStateSentence(state) ?? refusal,
    has_account: account !== null,
  };
}
