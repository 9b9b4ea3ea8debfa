import { type ScimResource, scimPatch } from 'scim-patch';
import type { Database } from '../db/client';
import type { ScimCaller } from './resolve-scim-token';
import { patchOperationsOf } from './scim-patch-ops';
import { patchedUserStateOf } from './scim-user-input';
import { findScimUserRow, type ScimUser, scimUserOf } from './scim-views';
import { updateScimUser } from './update-scim-user';

// PATCH /Users/:id: scim-patch applies the operations to the person as the client sees them, and what the result
// says is applied (updateScimUser). Okta deactivates with {"op":"replace","value":{"active":false}}, Entra ID with
// {"op":"Replace","path":"active","value":"False"}: both end the membership at once.
export async function patchScimUser({
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
  const operations = patchOperationsOf(body);
  return db.transaction(async (tx) => {
    const row = await findScimUserRow(tx, caller.companyId, userId, { lock: true });
    const current = scimUserOf(row, publicUrl);
    // scim-patch types meta's dates as Date objects; it never reads them.
    const patched = scimPatch(structuredClone(current) as unknown as ScimResource, operations, {
      mutateDocument: true,
      treatMissingAsAdd: true,
    });
    const desired = patchedUserStateOf(patched as unknown as Record<string, unknown>, current);
    const { endedMembership } = await updateScimUser({ tx, caller, row, desired, now });
    return { user: scimUserOf(await findScimUserRow(tx, caller.companyId, userId), publicUrl), endedMembership };
  });
}
