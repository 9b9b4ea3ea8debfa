import { and, asc, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { companyRoleLabels } from '~/shared/company-roles';
import type { CompanyRole } from '~/shared/permissions';
import { SCIM_BASE_PATH, type ScimGroupRole, scimGroupRoles, scimSchemas, scimTexts } from '~/shared/scim';
import type { Database } from '../db/client';
import { companyMembers, scimUsers, users } from '../db/schema';
import { ScimRefusal } from './scim-errors';
import { type GroupFacts, groupMatches, type ScimCondition, userFilterSql } from './scim-filters';

// How Tandem's people and roles look to a SCIM client (RFC 7643 §4): a User is a person of the company — a member,
// or someone its identity provider provisioned and deactivated, whose link (scim_users) stays so it can come back;
// its id is the user's id. A Group is one of the company's roles (not Owner), its id the role's key.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

export interface ScimList<T> {
  schemas: [typeof scimSchemas.listResponse];
  totalResults: number;
  itemsPerPage: number;
  startIndex: number;
  Resources: T[];
}

export function listResponseOf<T>(resources: T[], totalResults: number, startIndex: number): ScimList<T> {
  return {
    schemas: [scimSchemas.listResponse],
    totalResults,
    itemsPerPage: resources.length,
    startIndex,
    Resources: resources,
  };
}

export const scimUrlOf = (publicUrl: string, path: string) => `${publicUrl}${SCIM_BASE_PATH}${path}`;

// The columns a User is made of: the users row, the membership in this company (none: inactive) and the SCIM link.
const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  memberRole: companyMembers.role,
  linked: scimUsers.userId,
  externalId: scimUsers.externalId,
  linkRole: scimUsers.role,
  linkUpdatedAt: scimUsers.updatedAt,
};

export interface ScimUserRow {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  hasPassword: boolean;
  memberRole: CompanyRole | null;
  linked: string | null;
  externalId: string | null;
  linkRole: CompanyRole | null;
  linkUpdatedAt: Date | null;
}

// users, with this company's membership and link beside each (either may be missing), limited to the company's.
const membershipIn = (companyId: string) =>
  and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, companyId));
const linkIn = (companyId: string) => and(eq(scimUsers.userId, users.id), eq(scimUsers.companyId, companyId));
const ofTheCompany = (where?: SQL) => and(or(isNotNull(companyMembers.userId), isNotNull(scimUsers.userId)), where);

function companyUsers(db: Database, companyId: string, where?: SQL) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(companyMembers, membershipIn(companyId))
    .leftJoin(scimUsers, linkIn(companyId))
    .where(ofTheCompany(where));
}

// One of the company's people, or 404 (another company's person is as unknown as one who never was). `lock` holds
// the person's users row until the transaction ends: two changes to one person from a client's parallel requests
// apply one after the other.
export async function findScimUserRow(
  db: Database,
  companyId: string,
  userId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ScimUserRow> {
  if (!isUuid(userId)) throw new ScimRefusal('not_found', scimTexts.userNotFound);
  if (lock) await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await companyUsers(db, companyId, eq(users.id, userId));
  if (!row) throw new ScimRefusal('not_found', scimTexts.userNotFound);
  return row;
}

// "Ada King Lovelace": given name "Ada King", family name "Lovelace". Tandem keeps one name; a client that reads the
// parts (Okta's profile) gets them split at the last space, and a client that writes them gets them joined.
export function nameParts(name: string): { givenName?: string; familyName?: string } {
  const trimmed = name.trim();
  const space = trimmed.lastIndexOf(' ');
  if (space <= 0) return trimmed ? { givenName: trimmed } : {};
  return { givenName: trimmed.slice(0, space), familyName: trimmed.slice(space + 1) };
}

const groupRoleOf = (row: ScimUserRow): ScimGroupRole | null => {
  const role = row.memberRole ?? row.linkRole;
  return role && role !== 'owner' ? role : null;
};

export interface ScimUser {
  schemas: [typeof scimSchemas.user];
  id: string;
  externalId?: string;
  userName: string;
  name: { formatted: string; givenName?: string; familyName?: string };
  displayName: string;
  emails: Array<{ value: string; type: 'work'; primary: true }>;
  active: boolean;
  groups: Array<{ value: string; display: string; $ref: string }>;
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string };
}

export function scimUserOf(row: ScimUserRow, publicUrl: string): ScimUser {
  const role = groupRoleOf(row);
  const lastModified =
    row.linkUpdatedAt && row.linkUpdatedAt.getTime() > row.updatedAt.getTime() ? row.linkUpdatedAt : row.updatedAt;
  return {
    schemas: [scimSchemas.user],
    id: row.id,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: row.email,
    name: { formatted: row.name, ...nameParts(row.name) },
    displayName: row.name,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.memberRole !== null,
    groups: role
      ? [{ value: role, display: companyRoleLabels[role], $ref: scimUrlOf(publicUrl, `/Groups/${role}`) }]
      : [],
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: lastModified.toISOString(),
      location: scimUrlOf(publicUrl, `/Users/${row.id}`),
    },
  };
}

export async function findScimUser({
  db,
  companyId,
  publicUrl,
  userId,
}: {
  db: Database;
  companyId: string;
  publicUrl: string;
  userId: string;
}): Promise<ScimUser> {
  return scimUserOf(await findScimUserRow(db, companyId, userId), publicUrl);
}

// A page of the company's people matching the filter, in the order they came (then by id, so pages never overlap).
export async function findScimUsers({
  db,
  companyId,
  publicUrl,
  filter,
  startIndex,
  count: pageSize,
}: {
  db: Database;
  companyId: string;
  publicUrl: string;
  filter: ScimCondition | null;
  startIndex: number;
  count: number;
}): Promise<ScimList<ScimUser>> {
  const where = filter ? userFilterSql(filter) : undefined;
  const [total] = await db
    .select({ total: count() })
    .from(users)
    .leftJoin(companyMembers, membershipIn(companyId))
    .leftJoin(scimUsers, linkIn(companyId))
    .where(ofTheCompany(where));
  const rows =
    pageSize === 0
      ? []
      : await companyUsers(db, companyId, where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .limit(pageSize)
          .offset(startIndex - 1);
  return listResponseOf(
    rows.map((row) => scimUserOf(row, publicUrl)),
    total?.total ?? 0,
    startIndex,
  );
}

export interface ScimGroup {
  schemas: [typeof scimSchemas.group];
  id: ScimGroupRole;
  displayName: string;
  members?: Array<{ value: string; display: string; $ref: string; type: 'User' }>;
  meta: { resourceType: 'Group'; location: string };
}

interface GroupMemberRow {
  userId: string;
  name: string;
  role: ScimGroupRole;
}

// A group's members: the company's members holding its role, and the deactivated people whose kept role it is
// (they get it back when activated, so the client sees them where it put them).
async function groupMemberRows(db: Database, companyId: string, roles: readonly ScimGroupRole[]) {
  if (roles.length === 0) return [];
  const members = await db
    .select({ userId: companyMembers.userId, name: users.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), inArray(companyMembers.role, [...roles])))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.userId));
  const deactivated = await db
    .select({ userId: scimUsers.userId, name: users.name, role: scimUsers.role })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .leftJoin(companyMembers, and(eq(companyMembers.userId, scimUsers.userId), eq(companyMembers.companyId, companyId)))
    .where(
      and(
        eq(scimUsers.companyId, companyId),
        inArray(scimUsers.role, [...roles]),
        sql`${companyMembers.userId} is null`,
      ),
    )
    .orderBy(asc(scimUsers.createdAt), asc(scimUsers.userId));
  return [...members, ...deactivated] as GroupMemberRow[];
}

export async function groupMemberIds(db: Database, companyId: string, role: ScimGroupRole): Promise<string[]> {
  return (await groupMemberRows(db, companyId, [role])).map((row) => row.userId);
}

function scimGroupOf(
  role: ScimGroupRole,
  members: GroupMemberRow[],
  publicUrl: string,
  { withMembers }: { withMembers: boolean },
): ScimGroup {
  return {
    schemas: [scimSchemas.group],
    id: role,
    displayName: companyRoleLabels[role],
    ...(withMembers && {
      members: members
        .filter((member) => member.role === role)
        .map((member) => ({
          value: member.userId,
          display: member.name,
          $ref: scimUrlOf(publicUrl, `/Users/${member.userId}`),
          type: 'User' as const,
        })),
    }),
    meta: { resourceType: 'Group', location: scimUrlOf(publicUrl, `/Groups/${role}`) },
  };
}

export function requireGroupRole(id: string): ScimGroupRole {
  const role = scimGroupRoles.find((candidate) => candidate === id);
  if (!role) throw new ScimRefusal('not_found', scimTexts.groupNotFound);
  return role;
}

// excludedAttributes=members (Entra ID asks so when it only needs the group): the list of people is left out.
export const excludesMembers = (excludedAttributes: unknown) =>
  typeof excludedAttributes === 'string' &&
  excludedAttributes
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .some((name) => name === 'members' || name === `${scimSchemas.group.toLowerCase()}:members`);

export async function findScimGroup({
  db,
  companyId,
  publicUrl,
  id,
  withMembers = true,
}: {
  db: Database;
  companyId: string;
  publicUrl: string;
  id: string;
  withMembers?: boolean;
}): Promise<ScimGroup> {
  const role = requireGroupRole(id);
  const members = withMembers ? await groupMemberRows(db, companyId, [role]) : [];
  return scimGroupOf(role, members, publicUrl, { withMembers });
}

export async function findScimGroups({
  db,
  companyId,
  publicUrl,
  filter,
  startIndex,
  count: pageSize,
  withMembers,
}: {
  db: Database;
  companyId: string;
  publicUrl: string;
  filter: ScimCondition | null;
  startIndex: number;
  count: number;
  withMembers: boolean;
}): Promise<ScimList<ScimGroup>> {
  const members = await groupMemberRows(db, companyId, scimGroupRoles);
  const matching = scimGroupRoles.filter((role) => {
    if (!filter) return true;
    const facts: GroupFacts = {
      id: role,
      displayName: companyRoleLabels[role],
      memberIds: members.filter((member) => member.role === role).map((member) => member.userId),
    };
    return groupMatches(filter, facts);
  });
  const page = matching.slice(startIndex - 1, startIndex - 1 + pageSize);
  return listResponseOf(
    page.map((role) => scimGroupOf(role, members, publicUrl, { withMembers })),
    matching.length,
    startIndex,
  );
}
