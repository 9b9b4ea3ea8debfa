import type { Database } from '../db/client';
import type { ScimCaller } from './resolve-scim-token';
import { replacedUserStateOf } from './scim-user-input';
import { findScimUserRow, type ScimUser, scimUserOf } from './scim-views';
import { updateScimUser } from './update-scim-user';

// PUT /Users/:id: the client sends the whole person (Okta does, on every profile push); what changed is applied
// (updateScimUser), active=false ending their membership at once.
export async function replaceScimUser({
  db,
  caller,
  publicUrl,
  userId,
  body,
  now = new Date(),
}: {
  db: Database;
  caller: ScimCaller;
  publicUrl: string;
  userId: string;
  body: unknown;
  now?: Date;
}): Promise<{ user: ScimUser; endedMembership: boolean }> {
  return db.transaction(async (tx) => {
    const row = await findScimUserRow(tx, caller.companyId, userId, { lock: true });
    const desired = replacedUserStateOf(body, scimUserOf(row, publicUrl));
    const { endedMembership } = await updateScimUser({ tx, caller, row, desired, now });
    return { user: scimUserOf(await findScimUserRow(tx, caller.companyId, userId), publicUrl), endedMembership };
  });
}
