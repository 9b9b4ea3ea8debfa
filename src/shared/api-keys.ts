import { z } from 'zod';
import type { Permission } from './permissions';

// Company API keys (issue 58): the company's, not a person's. Made by its Owner or an Admin in Settings →
// Integrations with scopes per resource, read or write; shown once, rotated (the old key works 24 hours more),
// revoked. A key acts as an integration of its own (never as the person who made it), with exactly the
// permissions its scopes name: a route needing anything else refuses it.

export const COMPANY_API_KEY_PREFIX = 'tdk_';
export const COMPANY_API_KEYS_MAX = 25;
export const API_KEY_ROTATION_OVERLAP_HOURS = 24;

// What each resource's scopes grant. Write includes read: a program that changes a thing reads it.
export const apiKeyResources = {
  jobs: {
    label: 'Jobs and tests',
    read: ['read:job:own', 'read:test:own'],
    write: [
      'create:job:own',
      'update:job:own',
      'delete:job:own',
      'create:job_invitation:own',
      'create:test:own',
      'update:test:own',
      'delete:test:own',
    ],
  },
  applications: {
    label: 'Applications and candidates',
    read: ['read:job_application:own', 'read:applicant_profile:any', 'read:test_result:own'],
    write: ['update:job_application:own', 'create:test_assignment:own', 'update:test_result:own'],
  },
  talent: {
    label: 'Talent search and the shortlist',
    read: ['read:talent:any', 'read:shortlist:own', 'read:applicant_profile:any'],
    write: ['update:shortlist:own'],
  },
  meetings: {
    label: 'Meetings',
    read: ['read:meeting:own'],
    write: ['create:meeting:own', 'update:meeting:own'],
  },
  work: {
    label: 'Assignments and timesheets',
    read: ['read:assignment:own', 'read:timesheet:own'],
    write: ['update:assignment:own', 'update:timesheet:own'],
  },
  billing: {
    label: 'Invoices and payments',
    read: ['read:invoice:own'],
    write: ['update:invoice:own'],
  },
  team: {
    label: 'Team members',
    read: ['read:company_member:own'],
    write: ['update:company_member:own'],
  },
  webhooks: {
    label: 'Webhook endpoints',
    read: ['read:webhook:own'],
    write: ['update:webhook:own'],
  },
  audit: {
    label: 'Audit log',
    read: ['read:audit_log:own'],
    write: [],
  },
} as const satisfies Record<string, { label: string; read: readonly Permission[]; write: readonly Permission[] }>;

export type ApiKeyResource = keyof typeof apiKeyResources;
export const apiKeyResourceNames = Object.keys(apiKeyResources) as ApiKeyResource[];
export const apiKeyScopes = apiKeyResourceNames.flatMap((resource) =>
  apiKeyResources[resource].write.length > 0 ? [`${resource}:read`, `${resource}:write`] : [`${resource}:read`],
) as ApiKeyScope[];
export type ApiKeyScope = `${ApiKeyResource}:${'read' | 'write'}`;

// Every permission a set of scopes grants.
export function permissionsOfScopes(scopes: readonly string[]): Set<Permission> {
  const granted = new Set<Permission>();
  for (const scope of scopes) {
    const [resource, access] = scope.split(':') as [ApiKeyResource, 'read' | 'write'];
    const entry = apiKeyResources[resource];
    if (!entry) continue;
    for (const permission of entry.read) granted.add(permission);
    if (access === 'write') for (const permission of entry.write) granted.add(permission);
  }
  return granted;
}

const scopeSchema = z.enum(apiKeyScopes as [ApiKeyScope, ...ApiKeyScope[]], {
  message: 'Choose scopes from the list.',
});

export const apiKeyExpiryChoices = [30, 90, 365] as const;

export const createApiKeySchema = z.object({
  name: z
    .string({ message: 'Give the key a name.' })
    .trim()
    .min(1, { message: 'Give the key a name.' })
    .max(100, { message: 'Keep the name to 100 characters or fewer.' }),
  scopes: z.array(scopeSchema).min(1, { message: 'Choose at least one scope.' }).max(apiKeyScopes.length),
  // Days until it stops working; null: until revoked (a production integration that must not lapse).
  expires_in_days: z
    .union(
      apiKeyExpiryChoices.map((days) => z.literal(days)),
      { message: 'Choose 30, 90 or 365 days, or no expiry.' },
    )
    .nullable()
    .default(365),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type ApiKeyRequest = z.output<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(scopeSchema),
  // The key's first characters, to tell keys apart ("tdk_AbC1…").
  key_prefix: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  // After a rotation: until when the key it replaced still works.
  previous_key_expires_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  keys: z.array(apiKeySchema),
  scopes: z.array(z.object({ scope: scopeSchema, resource: z.string(), label: z.string() })),
  // Requests a key may make a minute; more are refused (429) until the window moves on.
  rate_limit_per_minute: z.number().int(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

// Creating or rotating a key: the key itself, this once.
export const apiKeySecretSchema = z.object({ key: apiKeySchema, secret: z.string() });
export type ApiKeySecret = z.infer<typeof apiKeySecretSchema>;

export const apiKeyTexts = {
  sectionTitle: 'API keys',
  sectionDescription:
    'Keys let your company’s systems use the Tandem API with the scopes you choose, whoever comes and goes on your team. Send one as "Authorization: Bearer <key>".',
  createdTitle: 'Key Created',
  createdDescription: 'Copy it now: it will not be shown again.',
  rotatedTitle: 'Key Rotated',
  rotatedDescription: `Copy the new key now. The old one keeps working for ${API_KEY_ROTATION_OVERLAP_HOURS} hours.`,
  revokedTitle: 'Key Revoked',
  revokedDescription: 'Requests with this key are now refused.',
  createFailed: 'Failed to create the key. Please try again.',
  actionFailed: 'Failed to change the key. Please try again.',
  loadFailed: 'Failed to load your API keys. Please try again.',
  empty: 'No API keys yet.',
  tooMany: `Your company has ${COMPANY_API_KEYS_MAX} keys already. Revoke one it no longer uses first.`,
  notFound: 'This API key does not exist or was already revoked.',
  // Answers to a request with a key.
  unknown: 'This API key is not valid. Check it, or create a new one in Settings → Integrations.',
  revoked: 'This API key was revoked. Create a new one in Settings → Integrations.',
  expired: 'This API key has expired. Create a new one in Settings → Integrations.',
  companySuspended: 'The company this API key belongs to is suspended.',
  outOfScope: 'This API key’s scopes do not allow this request. Add the scope it needs in Settings → Integrations.',
  personalOnly: 'This request is a person’s, not an integration’s: an API key cannot make it.',
  rateLimited: 'This API key made too many requests',
} as const;
