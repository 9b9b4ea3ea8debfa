import { and, eq, ne, sql } from 'drizzle-orm';
import { scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { scimUsers, users } from '../db/schema';
import { EMAIL_UNIQUE_INDEXES } from '../kernels/identity/create-account';
import { isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import { deactivateScimUser } from './deactivate-scim-user';
import { reactivateScimUser } from './reactivate-scim-user';
import type { ScimCaller } from './resolve-scim-token';
import { ScimRefusal } from './scim-errors';
import type { ScimUserState } from './scim-user-input';
import type { ScimUserRow } from './scim-views';

const EXTERNAL_ID_INDEXES = ['scim_users_external_id_idx'];

// A person made to match what the client now says (PUT and PATCH both end here): their address (which signs them
// in, and which the identity provider vouches for) and name, the client's id for them, and whether they are active.
// The person is linked to the client from now on, so a later deactivation keeps their role. The address of the
// Owner, or of anyone who signs in with a password, is theirs to change, in Tandem. Returns whether a membership ended, for the caller to tell the person's open tabs.
export async function updateScimUser({
  tx,
  caller,
  row,
  desired,
  now,
}: {
  tx: Database;
  caller: ScimCaller;
  row: ScimUserRow;
  desired: ScimUserState;
  now: Date;
}): Promise<{ endedMembership: boolean }> {
  const { companyId } = caller;
  const changes: Record<string, { before: string | null; after: string | null }> = {};
  if (desired.email !== row.email) {
    if (row.memberRole === 'owner') throw new ScimRefusal('validation', scimTexts.ownerAddressKept, 'mutability');
    // An address the provider sets is marked confirmed, and a password reset goes to it: only the accounts that sign
    // in through the provider alone (made by it, no password) have their address kept by it.
    if (row.hasPassword) throw new ScimRefusal('validation', scimTexts.passwordAddressKept, 'mutability');
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${desired.email}`, ne(users.id, row.id)));
    if (taken) throw new ScimRefusal('conflict', scimTexts.emailTaken(desired.email), 'uniqueness');
    changes.email = { before: row.email, after: desired.email };
  }
  if (desired.name !== row.name) changes.name = { before: row.name, after: desired.name };
  if (changes.email || changes.name) {
    await tx
      .update(users)
      .set({
        ...(changes.email && { email: desired.email, emailVerifiedAt: now }),
        ...(changes.name && { name: desired.name }),
        updatedAt: now,
      })
      .where(eq(users.id, row.id))
      .catch((error: unknown) => {
        if (isUniqueViolation(error, EMAIL_UNIQUE_INDEXES)) {
          throw new ScimRefusal('conflict', scimTexts.emailTaken(desired.email), 'uniqueness');
        }
        throw error;
      });
  }
  if (desired.externalId !== row.externalId) changes.externalId = { before: row.externalId, after: desired.externalId };
  if (row.linked === null || changes.externalId) {
    await tx
      .insert(scimUsers)
      .values({
        companyId,
        userId: row.id,
        externalId: desired.externalId,
        active: row.memberRole !== null,
        role: row.memberRole ?? row.linkRole ?? caller.defaultRole,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [scimUsers.companyId, scimUsers.userId],
        set: { externalId: desired.externalId, updatedAt: now },
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, EXTERNAL_ID_INDEXES)) {
          throw new ScimRefusal('conflict', scimTexts.externalIdTaken, 'uniqueness');
        }
        throw error;
      });
  }
  if (Object.keys(changes).length > 0) {
    await recordAuditEvent({
      db: tx,
      event: {
        actorId: null,
        action: 'scim_user.updated',
        targetType: 'user',
        targetId: row.id,
        details: { via: 'scim', company_id: companyId, changes },
      },
    });
  }
  const current = { ...row, email: desired.email, externalId: desired.externalId };
  if (!desired.active && row.memberRole !== null) {
    return deactivateScimUser({ tx, companyId, row: current, now });
  }
  if (desired.active && row.memberRole === null) {
    await reactivateScimUser({ tx, companyId, defaultRole: caller.defaultRole, row: current, now });
  }
  return { endedMembership: false };
}
