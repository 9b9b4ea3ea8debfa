// Identity providers for sign-in (docs/spec/portal-and-public-site.md §2: a search-engine, a device-maker and a
// professional-network provider).
export const oidcProviders = ['google', 'apple', 'linkedin'] as const;
export type OidcProvider = (typeof oidcProviders)[number];

export const oidcProviderNames: Record<OidcProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  linkedin: 'LinkedIn',
};

// The settings (environment variables) that turn each provider on: for the people who run the server
// (GET /api/auth/providers), never on the sign-in page.
export const oidcProviderSettings: Record<OidcProvider, string> = {
  google: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET',
  apple: 'APPLE_CLIENT_ID with its key (APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY)',
  linkedin: 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET',
};

// The user type the sign-in started from; it rides in the signed `state` (docs/spec/portal-and-public-site.md §4).
export const oidcUserTypes = ['applicant', 'company', 'admin'] as const;
export type OidcUserType = (typeof oidcUserTypes)[number];

// Error texts of docs/spec/portal-and-public-site.md §8 for the callback screen.
export const oidcMessages = {
  providerError: 'Authentication failed:',
  missingParameters: 'Missing authentication parameters',
  exchangeFailed: 'Failed to exchange code for tokens',
  userInfoFailed: 'Failed to get user info',
  generic: 'Authentication failed',
} as const;

// Our own sentences for the callback screen, where the spec has none.
export const oidcRefusals = {
  emailNotVerified: (provider: string) =>
    `${provider} has not confirmed that this email address is yours, so we cannot sign you in with it. Confirm the address with ${provider}, or sign in with your email and password.`,
  noAdministratorAccount:
    'There is no administrator account for this email address. Administrators are added by an existing administrator.',
  termsRequired: (provider: string) =>
    `No account uses this ${provider} address yet. To create one, agree to the Terms of Service and Privacy Policy on the sign-in page, then continue with ${provider}.`,
} as const;
