import { z } from 'zod';
import { scimTexts } from '~/shared/scim';
import { ScimRefusal } from './scim-errors';
import type { ScimUser } from './scim-views';

// What a client's User says Tandem should hold: the address (userName, which signs the person in), the one name,
// the client's own id for them, and whether they are a member. Attribute names are case-insensitive (RFC 7643
// §2.1), and Entra ID writes booleans as strings ("False"), so both are read as the client means them.

const NAME_MAX = 200;
const EXTERNAL_ID_MAX = 500;

export interface ScimUserState {
  email: string;
  name: string;
  externalId: string | null;
  active: boolean;
}

// The spelling this server uses for each attribute it reads, by its lower case.
const canonicalNames = new Map(
  [
    'schemas',
    'id',
    'externalId',
    'meta',
    'userName',
    'name',
    'displayName',
    'emails',
    'active',
    'groups',
    'members',
    'display',
    'formatted',
    'givenName',
    'familyName',
    'value',
    'type',
    'primary',
  ].map((name) => [name.toLowerCase(), name]),
);

export const canonicalName = (name: string) => canonicalNames.get(name.toLowerCase()) ?? name;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The object with its attributes (and a name's parts) spelled as this server reads them.
export function canonicalAttributes(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new ScimRefusal('validation', scimTexts.notAnObject, 'invalidSyntax');
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = canonicalName(key);
    result[name] = name === 'name' && isObject(inner) ? canonicalAttributes(inner) : inner;
  }
  return result;
}

const emailSchema = z.email();

function emailOf(userName: unknown): string {
  if (typeof userName !== 'string' || userName.trim() === '') {
    throw new ScimRefusal('validation', scimTexts.userNameRequired, 'invalidValue');
  }
  const email = userName.trim().toLowerCase();
  if (email.length > 254 || !emailSchema.safeParse(email).success) {
    throw new ScimRefusal('validation', scimTexts.userNameNotEmail, 'invalidValue');
  }
  return email;
}

export function activeOf(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
  throw new ScimRefusal('validation', scimTexts.activeNotBoolean, 'invalidValue');
}

function externalIdOf(value: unknown): string | null {
  if (value === null || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new ScimRefusal('validation', scimTexts.notAnObject, 'invalidValue');
  }
  const text = String(value);
  if (text.length > EXTERNAL_ID_MAX) throw new ScimRefusal('validation', scimTexts.externalIdTooLong, 'invalidValue');
  return text;
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function checkedName(name: string): string {
  if (name.length > NAME_MAX) throw new ScimRefusal('validation', scimTexts.nameTooLong, 'invalidValue');
  return name;
}

// The name a resource gives: its formatted name, else its parts joined, else its displayName.
function nameGiven(resource: Record<string, unknown>): string | undefined {
  const name = isObject(resource.name) ? resource.name : {};
  const joined = [textOf(name.givenName), textOf(name.familyName)].filter(Boolean).join(' ');
  return textOf(name.formatted) ?? (joined || undefined) ?? textOf(resource.displayName);
}

// POST /Users: a new person. Active unless the client says otherwise; with no name, the address's local part.
export function newUserStateOf(body: unknown): ScimUserState {
  const resource = canonicalAttributes(body);
  const email = emailOf(resource.userName);
  return {
    email,
    name: checkedName(nameGiven(resource) ?? email.split('@')[0] ?? email),
    externalId: 'externalId' in resource ? externalIdOf(resource.externalId) : null,
    active: 'active' in resource && resource.active !== null ? activeOf(resource.active) : true,
  };
}

// PUT /Users/:id: the client's whole view of the person. What it leaves out that Tandem must hold (the name, whether
// they are active, the client's id) stays as it was.
export function replacedUserStateOf(body: unknown, current: ScimUser): ScimUserState {
  const resource = canonicalAttributes(body);
  return {
    email: emailOf(resource.userName),
    name: checkedName(nameGiven(resource) ?? current.name.formatted),
    externalId: 'externalId' in resource ? externalIdOf(resource.externalId) : (current.externalId ?? null),
    active: 'active' in resource && resource.active !== null ? activeOf(resource.active) : current.active,
  };
}

// PATCH /Users/:id: the resource after the operations. The name that changed wins: a new formatted name, else new
// parts (Entra ID replaces name.givenName and name.familyName one by one), else a new displayName.
export function patchedUserStateOf(patched: Record<string, unknown>, current: ScimUser): ScimUserState {
  const name = isObject(patched.name) ? patched.name : {};
  const formatted = textOf(name.formatted);
  const givenName = textOf(name.givenName);
  const familyName = textOf(name.familyName);
  const displayName = textOf(patched.displayName);
  const joined = [givenName, familyName].filter(Boolean).join(' ');
  let newName = current.name.formatted;
  if (formatted && formatted !== current.name.formatted) newName = formatted;
  else if (joined && (givenName !== current.name.givenName || familyName !== current.name.familyName)) newName = joined;
  else if (displayName && displayName !== current.displayName) newName = displayName;
  return {
    email: emailOf(patched.userName ?? current.userName),
    name: checkedName(newName),
    externalId: 'externalId' in patched && patched.externalId !== undefined ? externalIdOf(patched.externalId) : null,
    active:
      'active' in patched && patched.active !== null && patched.active !== undefined
        ? activeOf(patched.active)
        : current.active,
  };
}
