import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { meetingDayAndTime } from '~/shared/meetings';
import type { CompanyRole } from '~/shared/permissions';
import { paths } from '~/shared/routes';
import {
  companyRoleDescriptions,
  companyRoleLabels,
  INVITATION_DAYS,
  PENDING_INVITATIONS_MAX,
  type TeamInvitation,
  type TeamInvitationPage,
  type TeamListQuery,
  teamTexts,
} from '~/shared/teams';
import type { Database } from '../db/client';
import { companies, companyInvitations, users } from '../db/schema';
import { canJoinCompany, findAccountAt } from '../kernels/identity/company-invitations';
import { findOwnTimeZone } from '../kernels/identity/own-time-zones';
import type { Mailer } from '../mail/mailer';
import { teamInvitationEmail } from '../mail/templates/team-invitation';
import { AppError, isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { generateToken, hashToken } from '../platform/secure-tokens';
import { lockTeam } from './member-locks';

const DAY_MS = 86_400_000;
const inviters = alias(users, 'inviter');

type InvitationRow = typeof companyInvitations.$inferSelect;

export function describeInvitation(row: InvitationRow, invitedBy: string | null, now: Date): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: invitedBy,
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    is_expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

// Pending: neither accepted nor revoked (an expired one is still pending: it can be resent).
const isPending = (companyId: string) =>
  and(
    eq(companyInvitations.companyId, companyId),
    isNull(companyInvitations.acceptedAt),
    isNull(companyInvitations.revokedAt),
  );

export async function findInvitations({
  db,
  companyId,
  query,
  now = new Date(),
}: {
  db: Database;
  companyId: string;
  query: TeamListQuery;
  now?: Date;
}): Promise<TeamInvitationPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ invitation: companyInvitations, invitedBy: inviters.name })
      .from(companyInvitations)
      .leftJoin(inviters, eq(inviters.id, companyInvitations.invitedById))
      .where(isPending(companyId))
      .orderBy(desc(companyInvitations.sentAt), desc(companyInvitations.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(companyInvitations).where(isPending(companyId)),
  ]);
  return {
    items: rows.map((row) => describeInvitation(row.invitation, row.invitedBy, now)),
    total: total?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export interface Sender {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  companyId: string;
  actorId: string;
  ipAddress?: string;
  now?: Date;
}

// Emails the link with its token, in the same transaction as the row that holds its hash.
export async function mailInvitation(
  { db, mailer, publicUrl, companyId, actorId }: Sender,
  invitation: InvitationRow,
  token: string,
) {
  const [sender] = await db
    .select({ inviterName: users.name, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, companyId))
    .where(eq(users.id, actorId));
  const zone = (await findOwnTimeZone({ db, userId: actorId })) ?? 'UTC';
  await mailer.send(
    invitation.email,
    teamInvitationEmail({
      companyName: sender?.companyName ?? '',
      inviterName: sender?.inviterName ?? 'A colleague',
      roleLabel: companyRoleLabels[invitation.role],
      roleDescription: companyRoleDescriptions[invitation.role],
      expiresAt: `${meetingDayAndTime(invitation.expiresAt, zone)} (${zone})`,
      acceptUrl: `${publicUrl}${paths.joinTeam.getHref({ token })}`,
    }),
    { transaction: db },
  );
}

// A new secret for the row (the old link stops working) and 7 more days from now.
export const freshLink = (now: Date) => {
  const token = generateToken();
  return {
    token,
    values: { tokenHash: hashToken(token), sentAt: now, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) },
  };
};

// POST an invitation: to an address that may join (not a member already, not an account elsewhere); one
// pending invitation per address, so inviting a pending address again resends it with the role now chosen.
export async function inviteMember(sender: Sender & { email: string; role: CompanyRole }): Promise<TeamInvitation> {
  const { db, companyId, actorId, ipAddress, email, role, now = new Date() } = sender;
  if (role === 'owner')
    throw new AppError('validation', teamTexts.ownershipByTransfer, { role: teamTexts.ownershipByTransfer });
  return db.transaction(async (tx) => {
    const account = await findAccountAt(tx, email);
    if (account?.companyId === companyId) {
      throw new AppError('conflict', teamTexts.alreadyMember(email), { email: teamTexts.alreadyMember(email) });
    }
    if (!canJoinCompany(account)) {
      throw new AppError('conflict', teamTexts.alreadyHasAccount(email), { email: teamTexts.alreadyHasAccount(email) });
    }
    const { token, values } = freshLink(now);
    // The company's team is locked: the count cannot pass the cap between two invitations.
    await lockTeam(tx, companyId);
    const [waiting] = await tx
      .select({ count: count() })
      .from(companyInvitations)
      .where(and(isPending(companyId), gt(companyInvitations.expiresAt, now)));
    const [pending] = await tx
      .select()
      .from(companyInvitations)
      .where(and(isPending(companyId), eq(companyInvitations.email, email)))
      .for('update');
    if (!pending && (waiting?.count ?? 0) >= PENDING_INVITATIONS_MAX) {
      throw new AppError('conflict', teamTexts.tooManyPending);
    }
    const [row] = pending
      ? await tx
          .update(companyInvitations)
          .set({ ...values, role, invitedById: actorId })
          .where(eq(companyInvitations.id, pending.id))
          .returning()
      : await tx
          .insert(companyInvitations)
          .values({ ...values, companyId, email, role, invitedById: actorId, createdAt: now })
          .returning()
          .catch((error: unknown) => {
            // Another invitation of the same address got in first: this one is that one's resend.
            if (isUniqueViolation(error, ['company_invitations_open_email_unique'])) {
              throw new AppError('conflict', teamTexts.inviteFailed);
            }
            throw error;
          });
    if (!row) throw new Error('The invitation was not stored.');
    await mailInvitation({ ...sender, db: tx }, row, token);
    await recordAuditEvent({
      db: tx,
      event: {
        actorId,
        action: pending ? 'company_invitation.resent' : 'company_invitation.sent',
        targetType: 'company_invitation',
        targetId: row.id,
        details: { company_id: companyId, email, role, expires_at: row.expiresAt.toISOString() },
        ipAddress,
      },
    });
    return describeInvitation(row, await nameOf(tx, actorId), now);
  });
}

export async function nameOf(db: Database, userId: string) {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? null;
}

// The company's pending invitation, locked; 404 for another company's, or one accepted or revoked.
export async function lockPending(tx: Database, companyId: string, id: string) {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(and(isPending(companyId), eq(companyInvitations.id, id)))
    .for('update');
  if (!row) throw new AppError('not_found', teamTexts.invitationNotFound);
  return row;
}
