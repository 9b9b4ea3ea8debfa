import { type CompanyRole, companyRoleLabels } from './company-roles';

// SCIM 2.0 provisioning (RFC 7643, RFC 7644): a company's identity provider (Okta, Entra ID…) creates, updates and
// deactivates its people in Tandem. Users are the company's members, Groups its roles. The server's side is
// src/server/scim/; the token is made in the company's sign-in settings and shown once.

// SCIM clients are configured with a base URL ending here, beside the app's /api.
export const SCIM_BASE_PATH = '/scim/v2';
// Whether a request's URL is one of the SCIM routes, which authenticate their own bearer token.
export const isScimUrl = (url: string) =>
  url === SCIM_BASE_PATH || url.startsWith(`${SCIM_BASE_PATH}/`) || url.startsWith(`${SCIM_BASE_PATH}?`);

// "tds_": a SCIM token is neither a personal API token ("tdm_") nor a company API key ("tdk_"), and says so.
export const SCIM_TOKEN_PREFIX = 'tds_';
export const SCIM_MEDIA_TYPE = 'application/scim+json';
// The most Resources one list answers with (ServiceProviderConfig's filter.maxResults).
export const SCIM_MAX_RESULTS = 200;

export const scimSchemas = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

// The scimType keywords of RFC 7644 §3.12 this server answers with.
export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'uniqueness'
  | 'mutability'
  | 'noTarget'
  | 'tooMany';

// The company's roles a SCIM Group stands for, its id the role's key: never Owner (ownership moves by a transfer).
export const scimGroupRoles = [
  'admin',
  'hiring_manager',
  'billing',
  'viewer',
] as const satisfies readonly CompanyRole[];
export type ScimGroupRole = (typeof scimGroupRoles)[number];
export const isScimGroupRole = (value: string): value is ScimGroupRole =>
  (scimGroupRoles as readonly string[]).includes(value);

const groupNames = scimGroupRoles.map((role) => companyRoleLabels[role]).join(', ');

export const scimTexts = {
  tokenMissing: 'Send the company’s SCIM token as "Authorization: Bearer <token>".',
  tokenUnknown:
    'This SCIM token is not valid: it was replaced, or never made. Make a new one in Tandem’s sign-in settings.',
  companySuspended: 'This company is suspended on Tandem, so its identity provider cannot change its people.',
  userNotFound: 'No user with this id is provisioned in this company.',
  groupNotFound: `No group with this id: the groups are the company’s roles (${scimGroupRoles.join(', ')}).`,
  notFound: (path: string) => `Nothing was found at ${path}.`,
  resourceTypeNotFound: 'No resource type with this name: Tandem has User and Group.',
  schemaNotFound: 'No schema with this id: Tandem describes the core User and Group schemas.',
  invalidJson: 'The request body is not valid JSON.',
  emptyBody: 'The request body is empty: send a JSON object.',
  wrongMediaType: 'Send the request body as JSON (Content-Type: application/scim+json or application/json).',
  bodyTooLarge: 'The request body is too large.',
  notAnObject: 'Send a JSON object.',
  refusedValue: 'A value in the request cannot be stored: check its length and form.',
  internal: 'Something went wrong on our side. Please try again in a moment.',
  // Filters.
  filterUnreadable: (filter: string) => `The filter "${filter}" cannot be read: write it as in RFC 7644 §3.4.2.2.`,
  filterAttribute: (attribute: string, supported: string) =>
    `Filtering on "${attribute}" is not supported: filter on ${supported}.`,
  filterOperator: (operator: string, attribute: string) =>
    `The operator "${operator}" is not supported on "${attribute}".`,
  filterValue: (attribute: string) => `The value compared with "${attribute}" is of the wrong type.`,
  filterTooLong: 'The filter is too long.',
  paginationValue: (name: string) => `${name} must be a whole number.`,
  // Users.
  userNameRequired: 'userName is required: send the person’s email address.',
  userNameNotEmail: 'userName must be the person’s email address: Tandem signs people in by it.',
  nameTooLong: 'The name is longer than 200 characters.',
  externalIdTooLong: 'externalId is longer than 500 characters.',
  externalIdTaken: 'Another user of this company has this externalId.',
  activeNotBoolean: 'active must be true or false.',
  alreadyProvisioned: (email: string) =>
    `${email} is already a user of this company: find it with filter=userName eq "${email}" and update it.`,
  otherAccount: (email: string) =>
    `${email} already has a Tandem account with another company, or as talent or staff, and a person belongs to one company only.`,
  emailTaken: (email: string) => `${email} is the address of another Tandem account.`,
  ownerNotDeactivated:
    'The company’s Owner cannot be deactivated or deleted by the identity provider: ownership moves by a transfer in Tandem first.',
  ownerAddressKept: 'The Owner’s email address is changed by the Owner in Tandem, not by the identity provider.',
  passwordAddressKept:
    'This person signs in to Tandem with a password, so their email address is changed by them in Tandem, not by the identity provider.',
  ownerRoleKept: (name: string) =>
    `${name} is the company’s Owner, whose role is not given by a group: ownership moves by a transfer in Tandem.`,
  // Patches.
  patchMalformed:
    'Send a PatchOp message: {"schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], "Operations": [...]}.',
  patchFailed: (reason: string) => `The patch cannot be applied: ${reason}`,
  // Groups.
  groupNameUnknown: (name: string) =>
    `Tandem has no group "${name}": the groups are the company’s roles, ${groupNames} (Owner is moved by a transfer).`,
  groupNameKept: 'A group’s name is its role’s and cannot be changed.',
  groupNotDeleted: 'The groups are the company’s roles and cannot be deleted: remove their members instead.',
  memberValueMissing: 'Each member needs a "value": the user’s id.',
  memberUnknown: (id: string) => `No user with the id ${id} is provisioned in this company.`,
} as const;

// What the company's sign-in settings show of the SCIM token: that one exists, its first characters and when it
// was made. The token itself is shown once, when made.
export interface ScimTokenState {
  prefix: string;
  created_at: string;
}

export interface GeneratedScimToken extends ScimTokenState {
  token: string;
}
