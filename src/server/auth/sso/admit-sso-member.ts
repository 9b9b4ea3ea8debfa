import { and, eq, sql } from 'drizzle-orm';
import { ssoTexts } from '~/shared/sso';
import type { Database } from '../../db/client';
import { companyMembers, scimUsers, users } from '../../db/schema';
import type { IdentityRow } from '../../kernels/identity/company-identity';
import { createAccount } from '../../kernels/identity/create-account';
import { emitWebhookEvent } from '../../kernels/integrations/emit-webhook-event';
import { AppError } from '../../platform/errors';
import { recordAuditEvent } from '../../platform/record-audit-event';
import { suspendedMessage } from '../sign-in-with-password';

type User = typeof users.$inferSelect;

// Who the company's identity provider vouched for, as a Tandem account of the company: a member signs in; someone
// of the domain with no account (or with an account of no company) joins with the default role when just-in-time
// membership is on; anyone else is refused with the reason. A person the company's SCIM client deactivated stays
// out whatever the provider says.
export async function admitSsoMember({
  db,
  identity,
  email,
  name,
  ipAddress,
  now = new Date(),
}: {
  db: Database;
  identity: IdentityRow;
  email: string;
  name: string;
  ipAddress?: string;
  now?: Date;
}): Promise<User> {
  const address = email.trim().toLowerCase();
  if (!identity.domain || !address.endsWith(`@${identity.domain}`)) {
    throw new AppError('forbidden', ssoTexts.emailOutsideDomain);
  }
  const companyId = identity.companyId;
  return db.transaction(async (transaction) => {
    const [deactivated] = await transaction
      .select({ userId: scimUsers.userId })
      .from(scimUsers)
      .innerJoin(users, eq(users.id, scimUsers.userId))
      .where(
        and(eq(scimUsers.companyId, companyId), eq(scimUsers.active, false), sql`lower(${users.email}) = ${address}`),
      );
    if (deactivated) throw new AppError('forbidden', ssoTexts.deactivated);
    const [existing] = await transaction
      .select({ user: users, memberOf: companyMembers.companyId })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(sql`lower(${users.email}) = ${address}`);
    if (existing) {
      if (existing.user.status !== 'active') throw new AppError('forbidden', suspendedMessage);
      if (existing.memberOf === companyId) return existing.user;
      if (existing.memberOf || existing.user.role !== 'company') throw new AppError('forbidden', ssoTexts.otherCompany);
    }
    if (!identity.jitProvisioning) throw new AppError('forbidden', ssoTexts.notAMember);
    const role = identity.defaultRole === 'owner' ? 'viewer' : identity.defaultRole;
    let user: User;
    if (existing) {
      await transaction.insert(companyMembers).values({ companyId, userId: existing.user.id, role, createdAt: now });
      user = existing.user;
    } else {
      user = await createAccount({
        db: transaction,
        accountType: 'company',
        email: address,
        name: name.trim() || address,
        passwordHash: null,
        emailVerified: true,
        joinCompany: { companyId, role },
      });
    }
    await recordAuditEvent({
      db: transaction,
      event: {
        actorId: user.id,
        action: 'sso.member_joined',
        targetType: 'company',
        targetId: companyId,
        details: { email: address, role, protocol: identity.ssoProtocol, new_account: !existing },
        ipAddress,
      },
    });
    await emitWebhookEvent({
      db: transaction,
      companyId,
      type: 'member.joined',
      data: { user_id: user.id, email: address, role },
      now,
    });
    return user;
  });
}
