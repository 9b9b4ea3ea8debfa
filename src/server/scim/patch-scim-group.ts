import { scimPatch } from 'scim-patch';
import { companyRoleLabels } from '~/shared/company-roles';
import { scimSchemas } from '~/shared/scim';
import type { Database } from '../db/client';
import { changeGroupMembers, lockCompanyMembers } from './change-group-members';
import type { ScimCaller } from './resolve-scim-token';
import { checkGroupName, differenceOf, memberIdsOf } from './scim-group-input';
import { patchOperationsOf } from './scim-patch-ops';
import { groupMemberIds, requireGroupRole } from './scim-views';

// PATCH /Groups/:id: scim-patch applies the operations to the group's members as ids — Okta removes with
// members[value eq "…"], Entra ID with {"op":"Remove","path":"members","value":[{"value":"…"}]} — and the people
// added or removed get their roles (changeGroupMembers). Answered 204, as RFC 7644 §3.5.2 allows.
export async function patchScimGroup({
  db,
  caller,
  id,
  body,
  now = new Date(),
}: {
  db: Database;
  caller: ScimCaller;
  id: string;
  body: unknown;
  now?: Date;
}): Promise<void> {
  const role = requireGroupRole(id);
  const operations = patchOperationsOf(body);
  await db.transaction(async (tx) => {
    await lockCompanyMembers(tx, caller.companyId);
    const before = await groupMemberIds(tx, caller.companyId, role);
    const group = {
      schemas: [scimSchemas.group],
      id: role,
      displayName: companyRoleLabels[role],
      members: before.map((value) => ({ value })),
      meta: { resourceType: 'Group', created: now, lastModified: now },
    };
    const patched = scimPatch(group, operations, { mutateDocument: true, treatMissingAsAdd: true });
    checkGroupName(role, patched.displayName);
    const after = memberIdsOf(patched.members);
    await changeGroupMembers({
      tx,
      caller,
      role,
      added: differenceOf(after, before),
      removed: differenceOf(before, after),
      now,
    });
  });
}
