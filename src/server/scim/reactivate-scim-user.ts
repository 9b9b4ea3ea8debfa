import { eq } from 'drizzle-orm';
import { type ScimGroupRole, scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { companyMembers, scimUsers, users } from '../db/schema';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { ScimRefusal } from './scim-errors';
import type { ScimUserRow } from './scim-views';

// The client set active to true for someone it had deactivated: they are a member again, with the role their link
// kept (a group's, else the company's default). One company per person: someone who joined another company
// meanwhile, or whose account is not a company account, cannot come back (409).
export async function reactivateScimUser({
  tx,
  companyId,
  defaultRole,
  row,
  now,
}: {
  tx: Database;
  companyId: string;
  defaultRole: ScimGroupRole;
  row: ScimUserRow;
  now: Date;
}): Promise<void> {
  if (row.memberRole !== null) return;
  const [account] = await tx
    .select({ role: users.role, companyId: companyMembers.companyId })
    .from(users)
    .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(eq(users.id, row.id));
  if (account?.role !== 'company' || account.companyId !== null) {
    throw new ScimRefusal('conflict', scimTexts.otherAccount(row.email), 'uniqueness');
  }
  const role = row.linkRole && row.linkRole !== 'owner' ? row.linkRole : defaultRole;
  await tx
    .insert(companyMembers)
    .values({ companyId, userId: row.id, role, createdAt: now })
    .catch((error: unknown) => {
      // The unique index on company_members.user_id: they joined a company meanwhile.
      if (isUniqueViolation(error, ['company_members_user_id_unique', 'company_members_pkey'])) {
        throw new ScimRefusal('conflict', scimTexts.otherAccount(row.email), 'uniqueness');
      }
      throw error;
    });
  await tx
    .insert(scimUsers)
    .values({ companyId, userId: row.id, active: true, role, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [scimUsers.companyId, scimUsers.userId],
      set: { active: true, role, updatedAt: now },
    });
  await recordAuditEvent({
    db: tx,
    event: {
      actorId: null,
      action: 'scim_user.reactivated',
      targetType: 'user',
      targetId: row.id,
      details: { via: 'scim', company_id: companyId, email: row.email, role },
    },
  });
  await emitWebhookEvent({
    db: tx,
    companyId,
    type: 'member.joined',
    data: { user_id: row.id, email: row.email, role },
    now,
  });
}
