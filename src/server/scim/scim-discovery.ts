import { SCIM_MAX_RESULTS, scimSchemas, scimTexts } from '~/shared/scim';
import { ScimRefusal } from './scim-errors';
import { listResponseOf, scimUrlOf } from './scim-views';

// What a SCIM client reads to learn this server (RFC 7644 §4, RFC 7643 §5-7): the features it supports, its two
// resource types, and the attributes of each that it keeps.

export function serviceProviderConfigOf(publicUrl: string) {
  return {
    schemas: [scimSchemas.serviceProviderConfig],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'The company’s SCIM token, made by its Owner or an Admin in Tandem’s sign-in settings, sent as "Authorization: Bearer <token>".',
        specUri: 'https://www.rfc-editor.org/info/rfc6750',
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: scimUrlOf(publicUrl, '/ServiceProviderConfig') },
  };
}

const resourceTypes = [
  {
    id: 'User',
    endpoint: '/Users',
    schema: scimSchemas.user,
    description: 'A person of the company: a member, or one deactivated',
  },
  {
    id: 'Group',
    endpoint: '/Groups',
    schema: scimSchemas.group,
    description: 'One of the company’s roles (Owner excepted)',
  },
] as const;

function resourceTypeOf(type: (typeof resourceTypes)[number], publicUrl: string) {
  return {
    schemas: [scimSchemas.resourceType],
    id: type.id,
    name: type.id,
    endpoint: type.endpoint,
    description: type.description,
    schema: type.schema,
    meta: { resourceType: 'ResourceType', location: scimUrlOf(publicUrl, `/ResourceTypes/${type.id}`) },
  };
}

export const resourceTypeListOf = (publicUrl: string) =>
  listResponseOf(
    resourceTypes.map((type) => resourceTypeOf(type, publicUrl)),
    resourceTypes.length,
    1,
  );

export function resourceTypeNamed(name: string, publicUrl: string) {
  const type = resourceTypes.find((candidate) => candidate.id === name);
  if (!type) throw new ScimRefusal('not_found', scimTexts.resourceTypeNotFound);
  return resourceTypeOf(type, publicUrl);
}

interface AttributeOptions {
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server';
  subAttributes?: ReturnType<typeof attribute>[];
  referenceTypes?: string[];
  canonicalValues?: string[];
}

// An attribute's characteristics as RFC 7643 §7 writes them, the defaults of §2.2 said out loud.
function attribute(
  name: string,
  type: 'string' | 'boolean' | 'complex' | 'reference',
  description: string,
  options: AttributeOptions = {},
): Record<string, unknown> {
  const { subAttributes, referenceTypes, canonicalValues, ...characteristics } = options;
  return {
    name,
    type,
    multiValued: characteristics.multiValued ?? false,
    description,
    required: characteristics.required ?? false,
    ...(type !== 'complex' && type !== 'boolean' && { caseExact: characteristics.caseExact ?? false }),
    ...(canonicalValues && { canonicalValues }),
    ...(referenceTypes && { referenceTypes }),
    mutability: characteristics.mutability ?? 'readWrite',
    returned: 'default',
    ...(type !== 'complex' && type !== 'boolean' && { uniqueness: characteristics.uniqueness ?? 'none' }),
    ...(subAttributes && { subAttributes }),
  };
}

const userAttributes = [
  attribute('userName', 'string', 'The person’s email address: Tandem signs them in by it (stored in lower case).', {
    required: true,
    uniqueness: 'server',
  }),
  attribute('name', 'complex', 'The person’s name. Tandem keeps it whole; the parts are split at the last space.', {
    subAttributes: [
      attribute('formatted', 'string', 'The full name.'),
      attribute('givenName', 'string', 'The given name.'),
      attribute('familyName', 'string', 'The family name.'),
    ],
  }),
  attribute('displayName', 'string', 'The name shown in Tandem: the full name.'),
  attribute('active', 'boolean', 'Whether the person is a member of the company. False ends their access at once.'),
  attribute('emails', 'complex', 'The person’s email address, the userName.', {
    multiValued: true,
    subAttributes: [
      attribute('value', 'string', 'The address.'),
      attribute('type', 'string', 'Always work.', { canonicalValues: ['work'] }),
      attribute('primary', 'boolean', 'Always true.'),
    ],
  }),
  attribute('groups', 'complex', 'The person’s role in the company, when it is one of the groups.', {
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attribute('value', 'string', 'The role’s key.', { mutability: 'readOnly' }),
      attribute('$ref', 'reference', 'The group’s URI.', { mutability: 'readOnly', referenceTypes: ['Group'] }),
      attribute('display', 'string', 'The role’s name.', { mutability: 'readOnly' }),
    ],
  }),
];

const groupAttributes = [
  attribute('displayName', 'string', 'The role’s name: Admin, Hiring Manager, Billing or Viewer.', {
    required: true,
    uniqueness: 'server',
  }),
  attribute('members', 'complex', 'The people holding the role.', {
    multiValued: true,
    subAttributes: [
      attribute('value', 'string', 'The user’s id.', { mutability: 'immutable' }),
      attribute('$ref', 'reference', 'The user’s URI.', { mutability: 'immutable', referenceTypes: ['User'] }),
      attribute('display', 'string', 'The user’s name.', { mutability: 'readOnly' }),
      attribute('type', 'string', 'Always User.', { mutability: 'immutable', canonicalValues: ['User'] }),
    ],
  }),
];

const schemaDefinitions = [
  { id: scimSchemas.user, name: 'User', description: 'A person of the company', attributes: userAttributes },
  { id: scimSchemas.group, name: 'Group', description: 'A role of the company', attributes: groupAttributes },
];

function schemaOf(definition: (typeof schemaDefinitions)[number], publicUrl: string) {
  return {
    schemas: [scimSchemas.schema],
    ...definition,
    meta: { resourceType: 'Schema', location: scimUrlOf(publicUrl, `/Schemas/${definition.id}`) },
  };
}

export const schemaListOf = (publicUrl: string) =>
  listResponseOf(
    schemaDefinitions.map((definition) => schemaOf(definition, publicUrl)),
    schemaDefinitions.length,
    1,
  );

export function schemaWithId(id: string, publicUrl: string) {
  const definition = schemaDefinitions.find((candidate) => candidate.id === id);
  if (!definition) throw new ScimRefusal('not_found', scimTexts.schemaNotFound);
  return schemaOf(definition, publicUrl);
}
