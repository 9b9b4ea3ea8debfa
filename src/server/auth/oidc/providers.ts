import { createPrivateKey, sign } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcProvider } from '~/shared/oidc';
import type { Config } from '../../config';

export interface ProviderSettings {
  id: OidcProvider;
  issuer: string;
  clientId: string;
  clientAuth: () => client.ClientAuth;
  // Where the provider sends the browser back.
  callbackPath: string;
  // Apple posts its answer (form_post) and has no user-info endpoint: its ID token carries the email.
  responseMode?: 'form_post';
  scope: string;
  hasUserInfo: boolean;
}

// Apple's client secret is a short-lived JWT signed (ES256) with the key Apple issued.
function appleClientSecret(config: Config): string {
  if (config.APPLE_CLIENT_SECRET) return config.APPLE_CLIENT_SECRET;
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = encode({ alg: 'ES256', kid: config.APPLE_KEY_ID });
  // Apple accepts secrets valid for up to six months; discovery below is redone daily, well within it.
  const payload = encode({
    iss: config.APPLE_TEAM_ID,
    iat: now,
    exp: now + 30 * 24 * 3600,
    aud: 'https://appleid.apple.com',
    sub: config.APPLE_CLIENT_ID,
  });
  const key = createPrivateKey((config.APPLE_PRIVATE_KEY ?? '').replace(/\\n/g, '\n'));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }).toString(
    'base64url',
  );
  return `${header}.${payload}.${signature}`;
}

// The providers switched on by their environment variables; only these get a button.
export function enabledProviders(config: Config): ProviderSettings[] {
  const providers: ProviderSettings[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    const secret = config.GOOGLE_CLIENT_SECRET;
    providers.push({
      id: 'google',
      issuer: config.GOOGLE_ISSUER,
      clientId: config.GOOGLE_CLIENT_ID,
      clientAuth: () => client.ClientSecretBasic(secret),
      callbackPath: '/auth/callback',
      scope: 'openid email profile',
      hasUserInfo: true,
    });
  }
  if (config.APPLE_CLIENT_ID) {
    providers.push({
      id: 'apple',
      issuer: config.APPLE_ISSUER,
      clientId: config.APPLE_CLIENT_ID,
      clientAuth: () => client.ClientSecretPost(appleClientSecret(config)),
      callbackPath: '/auth/apple/callback',
      responseMode: 'form_post',
      scope: 'openid name email',
      hasUserInfo: false,
    });
  }
  if (config.LINKEDIN_CLIENT_ID && config.LINKEDIN_CLIENT_SECRET) {
    const secret = config.LINKEDIN_CLIENT_SECRET;
    providers.push({
      id: 'linkedin',
      issuer: config.LINKEDIN_ISSUER,
      clientId: config.LINKEDIN_CLIENT_ID,
      clientAuth: () => client.ClientSecretPost(secret),
      callbackPath: '/auth/callback',
      scope: 'openid email profile',
      hasUserInfo: true,
    });
  }
  return providers;
}

// Discovery documents are fetched once a day per provider; a failure is retried on the next sign-in.
const DISCOVERY_CACHE_MS = 24 * 60 * 60 * 1000;
const discovered = new Map<string, { configuration: Promise<client.Configuration>; at: number }>();

export function discover(provider: ProviderSettings): Promise<client.Configuration> {
  const cacheKey = `${provider.id}:${provider.issuer}:${provider.clientId}`;
  const cached = discovered.get(cacheKey);
  if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.configuration;
  {
    // Plain http is allowed only for a provider on this machine (the test suite's).
    const isLoopback = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(`${provider.issuer}/`);
    const configuration = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      undefined,
      provider.clientAuth(),
      {
        ...(isLoopback && { execute: [client.allowInsecureRequests] }),
        timeout: 10,
      },
    );
    discovered.set(cacheKey, { configuration, at: Date.now() });
    configuration.catch(() => discovered.delete(cacheKey));
    return configuration;
  }
}
