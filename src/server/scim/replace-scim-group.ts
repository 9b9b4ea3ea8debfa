import { scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { changeGroupMembers, lockCompanyMembers } from './change-group-members';
import type { ScimCaller } from './resolve-scim-token';
import { ScimRefusal } from './scim-errors';
import { checkGroupName, differenceOf, memberIdsOf } from './scim-group-input';
import { groupMemberIds, requireGroupRole } from './scim-views';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// PUT /Groups/:id: the group's whole list of members; those no longer on it get the company's default role.
export async function replaceScimGroup({
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
  if (!isObject(body)) throw new ScimRefusal('validation', scimTexts.notAnObject, 'invalidSyntax');
  const displayName = Object.entries(body).find(([key]) => key.toLowerCase() === 'displayname')?.[1];
  checkGroupName(role, displayName);
  const after = memberIdsOf(Object.entries(body).find(([key]) => key.toLowerCase() === 'members')?.[1]);
  await db.transaction(async (tx) => {
    await lockCompanyMembers(tx, caller.companyId);
    const before = await groupMemberIds(tx, caller.companyId, role);
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
