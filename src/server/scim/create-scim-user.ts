import { and, eq } from 'drizzle-orm';
import { scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { companyMembers, scimUsers, users } from '../db/schema';
import { canJoinCompany, findAccountAt } from '../kernels/identity/company-invitations';
import { createAccount, EMAIL_UNIQUE_INDEXES } from '../kernels/identity/create-account';
import { emitWebhookEvent } from '../kernels/integrations/emit-webhook-event';
import { isUniqueViolation } from '../platform/errors';
import { recordAuditEvent } from '../platform/record-audit-event';
import type { ScimCaller } from './resolve-scim-token';
import { ScimRefusal } from './scim-errors';
import { newUserStateOf } from './scim-user-input';
import { findScimUserRow, type ScimUser, scimUserOf } from './scim-views';

// POST /Users: the identity provider provisions a person. A new address becomes a company account with no password
// (they sign in through the company's single sign-on) and a confirmed address (the provider vouches for it), a member
// with the company's default role unless sent inactive, linked to the client. An existing company account of no
// company (a former member) is linked the same way. Someone already this company's is a 409 (the client should find
// and update them); so is an account of another company, or talent or staff: a person belongs to one company.
export async function createScimUser({
  db,
  caller,
  publicUrl,
  body,
  now = new Date(),
}: {
  db: Database;
  caller: ScimCaller;
  publicUrl: string;
  body: unknown;
  now?: Date;
}): Promise<ScimUser> {
  const { companyId, defaultRole: role } = caller;
  const desired = newUserStateOf(body);
  return db
    .transaction(async (tx) => {
      if (desired.externalId !== null) {
        const [holder] = await tx
          .select({ userId: scimUsers.userId })
          .from(scimUsers)
          .where(and(eq(scimUsers.companyId, companyId), eq(scimUsers.externalId, desired.externalId)));
        if (holder) throw new ScimRefusal('conflict', scimTexts.externalIdTaken, 'uniqueness');
      }
      const account = await findAccountAt(tx, desired.email);
      let userId: string;
      if (account) {
        const [link] = await tx
          .select({ userId: scimUsers.userId })
          .from(scimUsers)
          .where(and(eq(scimUsers.companyId, companyId), eq(scimUsers.userId, account.id)));
        if (account.companyId === companyId || link) {
          throw new ScimRefusal('conflict', scimTexts.alreadyProvisioned(desired.email), 'uniqueness');
        }
        if (!canJoinCompany(account))
          throw new ScimRefusal('conflict', scimTexts.otherAccount(desired.email), 'uniqueness');
        userId = account.id;
        await tx.update(users).set({ name: desired.name, updatedAt: now }).where(eq(users.id, userId));
        if (desired.active) await tx.insert(companyMembers).values({ companyId, userId, role, createdAt: now });
      } else if (desired.active) {
        const created = await createAccount({
          db: tx,
          accountType: 'company',
          email: desired.email,
          name: desired.name,
          passwordHash: null,
          emailVerified: true,
          joinCompany: { companyId, role },
        });
        userId = created.id;
      } else {
        // createAccount would found a company for a company account without one: an inactive person has none.
        const [created] = await tx
          .insert(users)
          .values({
            email: desired.email,
            name: desired.name,
            role: 'company',
            emailVerifiedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id });
        if (!created) throw new Error('The user was not created.');
        userId = created.id;
      }
      await tx.insert(scimUsers).values({
        companyId,
        userId,
        externalId: desired.externalId,
        active: desired.active,
        role,
        createdAt: now,
        updatedAt: now,
      });
      await recordAuditEvent({
        db: tx,
        event: {
          actorId: null,
          action: 'scim_user.created',
          targetType: 'user',
          targetId: userId,
          details: {
            via: 'scim',
            company_id: companyId,
            email: desired.email,
            role,
            active: desired.active,
            existing_account: account !== null,
          },
        },
      });
      if (desired.active) {
        await emitWebhookEvent({
          db: tx,
          companyId,
          type: 'member.joined',
          data: { user_id: userId, email: desired.email, role },
          now,
        });
      }
      return scimUserOf(await findScimUserRow(tx, companyId, userId), publicUrl);
    })
    .catch((error: unknown) => {
      // Two requests for one address, or one person, at once: the second finds the first's row.
      if (isUniqueViolation(error, [...EMAIL_UNIQUE_INDEXES, 'scim_users_pkey'])) {
        throw new ScimRefusal('conflict', scimTexts.alreadyProvisioned(desired.email), 'uniqueness');
      }
      if (isUniqueViolation(error, ['company_members_user_id_unique', 'company_members_pkey'])) {
        throw new ScimRefusal('conflict', scimTexts.otherAccount(desired.email), 'uniqueness');
      }
      if (isUniqueViolation(error, ['scim_users_external_id_idx'])) {
        throw new ScimRefusal('conflict', scimTexts.externalIdTaken, 'uniqueness');
      }
      throw error;
    });
}
