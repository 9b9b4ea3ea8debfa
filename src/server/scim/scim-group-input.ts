import { companyRoleLabels } from '~/shared/company-roles';
import { type ScimGroupRole, scimGroupRoles, scimTexts } from '~/shared/scim';
import { ScimRefusal } from './scim-errors';

// What a client's Group says: its members' ids, and its name, which must be one of the roles'.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The ids of a members list ([{"value": "<user id>", "display": …}]), each once, in lower case as ids are written.
export function memberIdsOf(members: unknown): string[] {
  if (members === undefined || members === null) return [];
  if (!Array.isArray(members)) throw new ScimRefusal('validation', scimTexts.memberValueMissing, 'invalidValue');
  const ids = members.map((member) => {
    const value = isObject(member) ? member.value : undefined;
    if (typeof value !== 'string' || value.trim() === '') {
      throw new ScimRefusal('validation', scimTexts.memberValueMissing, 'invalidValue');
    }
    return value.trim().toLowerCase();
  });
  return [...new Set(ids)];
}

// The role whose name a displayName is, in any case ("hiring manager" is Hiring Manager); null when none is.
export function groupRoleNamed(displayName: unknown): ScimGroupRole | null {
  if (typeof displayName !== 'string') return null;
  const name = displayName.trim().toLowerCase();
  return scimGroupRoles.find((role) => companyRoleLabels[role].toLowerCase() === name || role === name) ?? null;
}

// A group keeps its role's name: a client renaming it is refused, sending the same name (in any case) is not.
export function checkGroupName(role: ScimGroupRole, displayName: unknown) {
  if (displayName === undefined) return;
  if (groupRoleNamed(displayName) !== role) throw new ScimRefusal('validation', scimTexts.groupNameKept, 'mutability');
}

export const differenceOf = (from: readonly string[], without: readonly string[]) =>
  from.filter((id) => !without.includes(id));
