import { z } from 'zod';

// Personal API tokens: made in settings, shown once, sent as `Authorization: Bearer`,
// revocable. A token acts as its owner with exactly the owner's permissions.

export const API_TOKEN_PREFIX = 'tdm_';
export const API_TOKENS_MAX = 20;

export const apiTokenExpiryChoices = [30, 90, 365] as const;
const API_TOKEN_DEFAULT_EXPIRY_DAYS = 90;

export const createApiTokenSchema = z.object({
  name: z
    .string({ message: 'Give the token a name.' })
    .trim()
    .min(1, { message: 'Give the token a name.' })
    .max(100, { message: 'Keep the name to 100 characters or fewer.' }),
  // Days until it stops working. Every token expires: one that leaks works for a bounded time.
  expires_in_days: z
    .union(
      apiTokenExpiryChoices.map((days) => z.literal(days)),
      { message: 'Choose 30, 90 or 365 days.' },
    )
    .default(API_TOKEN_DEFAULT_EXPIRY_DAYS),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;
// As the server reads it: the expiry filled in.
export type ApiTokenRequest = z.output<typeof createApiTokenSchema>;

const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  // The token's first characters, to tell tokens apart ("tdm_AbC1…").
  token_prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema), api_access: z.boolean() });

// The answer to creating one: the token itself, this once.
export const createdApiTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenTexts = {
  sectionTitle: 'API tokens',
  sectionDescription:
    'Personal tokens let your own scripts use the Tandem API as you, with exactly your permissions. Send one as "Authorization: Bearer <token>".',
  createdTitle: 'Token Created',
  createdDescription: 'Copy it now: it will not be shown again.',
  revokedTitle: 'Token Revoked',
  revokedDescription: 'Requests with this token are now refused.',
  createFailed: 'Failed to create the token. Please try again.',
  revokeFailed: 'Failed to revoke the token. Please try again.',
  loadFailed: 'Failed to load your API tokens. Please try again.',
  empty: 'No API tokens yet.',
  apiAccessOff:
    'API access is turned off for the platform: tokens are refused, and none can be created, until an administrator turns it back on.',
  tooMany: `You have ${API_TOKENS_MAX} tokens already. Revoke one you no longer use first.`,
  notFound: 'This API token does not exist or was already revoked.',
  // Answers to a bearer request.
  unknown: 'This API token is not valid. Check it, or create a new one in your settings.',
  revoked: 'This API token was revoked. Create a new one in your settings.',
  expired: 'This API token has expired. Create a new one in your settings.',
  suspended: 'The account this API token belongs to is suspended.',
  whoHasTokens:
    'Companies, talent and account managers create and revoke their own tokens in Settings. Administrator accounts cannot use API tokens.',
  notForAdministrators:
    'Administrator accounts cannot use API tokens: sign in to Tandem with your second factor instead.',
  sessionRequired:
    'Sign in to Tandem to do this: an API token cannot manage tokens, passwords, email, sessions, two-factor sign-in, data exports or account deletion.',
  accessOff: 'API access is turned off for the platform. An administrator can turn it back on in System Settings.',
} as const;
