import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type InvitationState, teamTexts } from '~/shared/teams';
import type { Database } from '../../db/client';
import { companies, companyInvitations, companyMembers, users } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { hashToken } from '../../platform/secure-tokens';
import { emitWebhookEvent } from '../integrations/emit-webhook-event';

// An invitation's link, read and accepted (docs/decisions/032). Shared by Settings → Team, which sends
// invitations and shows their page, and by sign-in (auth/), where a new account or an identity provider's
// verified address accepts one.

const inviters = alias(users, 'inviter');

export type InvitationRow = typeof companyInvitations.$inferSelect & {
  companyName: string;
  inviterName: string | null;
};

export function invitationStateOf(invitation: InvitationRow, now: Date): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.revokedAt) return 'revoked';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open';
}

const stateSentences: Record<Exclude<InvitationState, 'open'>, string> = {
  expired: teamTexts.expired,
  accepted: teamTexts.accepted,
  revoked: teamTexts.revoked,
};

export const invitationStateSentence = (state: InvitationState) => (state === 'open' ? null : stateSentences[state]);

// The invitation behind a link, with its company's and inviter's names; `lock` holds its row until the
// transaction ends, so one link is accepted once. A link nobody sent is 404.
export async function findInvitationByToken(
  db: Database,
  token: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<InvitationRow> {
  const query = db
    .select({ invitation: companyInvitations, companyName: companies.name, inviterName: inviters.name })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(inviters, eq(inviters.id, companyInvitations.invitedById))
    .where(eq(companyInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: companyInvitations }) : await query;
  if (!row) throw new AppError('not_found', teamTexts.linkUnknown);
  return { ...row.invitation, companyName: row.companyName, inviterName: row.inviterName };
}

// The invitation, if it can still be accepted; otherwise 409 with what happened to it.
export function requireOpenInvitation(invitation: InvitationRow, now: Date): InvitationRow {
  const sentence = invitationStateSentence(invitationStateOf(invitation, now));
  if (sentence) throw new AppError('conflict', sentence);
  return invitation;
}

interface AccountAtAddress {
  id: string;
  role: string;
  companyId: string | null;
}

// The account that has this address, with its company if any.
export async function findAccountAt(db: Database, email: string): Promise<AccountAtAddress | null> {
  const [account] = await db
    .select({ id: users.id, role: users.role, companyId: companyMembers.companyId })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return account ?? null;
}

// Who may join a company: a new address, or a company account that belongs to no company any more (a
// former member). One company per person: an account in another company, or an applicant's or staff
// account, cannot (docs/decisions/032).
export const canJoinCompany = (account: AccountAtAddress | null) =>
  account === null || (account.role === 'company' && account.companyId === null);

// The signed-in (or just created) account joins the invitation's company with its role; the invitation
// is used. The caller has checked that the account's confirmed address is the invited one.
export async function joinByInvitation({
  db,
  invitation,
  userId,
  ipAddress,
  now = new Date(),
  alreadyMember = false,
}: {
  db: Database;
  invitation: InvitationRow;
  userId: string;
  ipAddress?: string;
  now?: Date;
  // The account was created in the company already (createAccount's joinCompany).
  alreadyMember?: boolean;
}) {
  if (!alreadyMember) {
    await db
      .insert(companyMembers)
      .values({ companyId: invitation.companyId, userId, role: invitation.role })
      .catch((error: unknown) => {
        // The unique index on company_members.user_id: they joined a company meanwhile.
        if (isUniqueViolation(error, ['company_members_user_id_unique', 'company_members_pkey'])) {
          throw new AppError('conflict', teamTexts.cannotJoin(invitation.email));
        }
        throw error;
      });
  }
  await db
    .update(companyInvitations)
    .set({ acceptedAt: now, acceptedById: userId })
    .where(eq(companyInvitations.id, invitation.id));
  await recordAuditEvent({
    db,
    event: {
      actorId: userId,
      action: 'company_invitation.accepted',
      targetType: 'company',
      targetId: invitation.companyId,
      details: { invitation_id: invitation.id, email: invitation.email, role: invitation.role },
      ipAddress,
    },
  });
  await emitWebhookEvent({
    db,
    companyId: invitation.companyId,
    type: 'member.joined',
    data: { user_id: userId, email: invitation.email, role: invitation.role },
  });
  return { id: invitation.companyId, name: invitation.companyName };
}

// An existing account accepts: the signed-in one (Accept on the link's page) or the one an identity provider
// signed in. `emailVerified`: the account's address is confirmed, or the provider vouched for it.
export async function acceptInvitationAs({
  db,
  token,
  user,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  token: string;
  user: { id: string; email: string; emailVerified: boolean };
  ipAddress?: string;
  now?: Date;
}) {
  return db.transaction(async (tx) => {
    const invitation = requireOpenInvitation(await findInvitationByToken(tx, token, { lock: true }), now);
    if (user.email.toLowerCase() !== invitation.email) {
      throw new AppError('forbidden', teamTexts.wrongAccount(invitation.email));
    }
    if (!user.emailVerified) throw new AppError('forbidden', teamTexts.unverifiedEmail);
    const account = await findAccountAt(tx, user.email);
    if (account?.companyId === invitation.companyId) {
      throw new AppError('conflict', teamTexts.alreadyMember(invitation.email));
    }
    if (!canJoinCompany(account)) throw new AppError('conflict', teamTexts.cannotJoin(invitation.email));
    return joinByInvitation({ db: tx, invitation, userId: user.id, ipAddress, now });
  });
}
