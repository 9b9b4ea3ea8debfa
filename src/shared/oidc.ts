// Identity providers for sign-in (spec §2: a search-engine, a device-maker and a professional-network provider).
export const oidcProviders = ['google', 'apple', 'linkedin'] as const;
export type OidcProvider = (typeof oidcProviders)[number];

export const oidcProviderNames: Record<OidcProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  linkedin: 'LinkedIn',
};

// The user type the sign-in started from; it rides in the signed `state` (spec §4).
export const oidcUserTypes = ['applicant', 'company', 'admin'] as const;
export type OidcUserType = (typeof oidcUserTypes)[number];

// Error texts of spec §8 for the callback screen.
export const oidcMessages = {
  providerError: 'Authentication failed:',
  missingParameters: 'Missing authentication parameters',
  exchangeFailed: 'Failed to exchange code for tokens',
  userInfoFailed: 'Failed to get user info',
  generic: 'Authentication failed',
} as const;
