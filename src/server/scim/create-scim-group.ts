import { type ScimGroupRole, scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { changeGroupMembers, lockCompanyMembers } from './change-group-members';
import type { ScimCaller } from './resolve-scim-token';
import { ScimRefusal } from './scim-errors';
import { differenceOf, groupRoleNamed, memberIdsOf } from './scim-group-input';
import { groupMemberIds } from './scim-views';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// POST /Groups: Tandem's groups exist already, as the company's roles. A client pushing a group named as a role
// (Okta's and Entra ID's group push create before they update) is answered with that role's group, and the members
// it sends get the role; any other name is refused with the list of groups there are.
export async function createScimGroup({
  db,
  caller,
  body,
  now = new Date(),
}: {
  db: Database;
  caller: ScimCaller;
  body: unknown;
  now?: Date;
}): Promise<ScimGroupRole> {
  if (!isObject(body)) throw new ScimRefusal('validation', scimTexts.notAnObject, 'invalidSyntax');
  const displayName = Object.entries(body).find(([key]) => key.toLowerCase() === 'displayname')?.[1];
  const role = groupRoleNamed(displayName);
  if (!role)
    throw new ScimRefusal(
      'validation',
      scimTexts.groupNameUnknown(typeof displayName === 'string' ? displayName : ''),
      'invalidValue',
    );
  const members = memberIdsOf(Object.entries(body).find(([key]) => key.toLowerCase() === 'members')?.[1]);
  if (members.length > 0) {
    await db.transaction(async (tx) => {
      await lockCompanyMembers(tx, caller.companyId);
      const before = await groupMemberIds(tx, caller.companyId, role);
      await changeGroupMembers({ tx, caller, role, added: differenceOf(members, before), removed: [], now });
    });
  }
  return role;
}
