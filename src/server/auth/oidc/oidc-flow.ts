import { createHmac, timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { type OidcProvider, type OidcUserType, oidcUserTypes } from '~/shared/oidc';
import type { ProviderSettings } from './providers';
import { discover } from './providers';

// What the browser carries between the start of a provider sign-in and its callback (in a signed,
// httpOnly cookie): it binds the callback to this browser and holds the PKCE verifier and nonce.
export interface OidcFlow {
  provider: OidcProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectTo: string | null;
}

// What the sign-in started with: the user type (docs/spec/portal-and-public-site.md §4), and whether the
// person agreed to the Terms of Service and Privacy Policy beside the button (a new account needs it).
export interface OidcStart {
  userType: OidcUserType;
  acceptedTerms: boolean;
  // An invitation's token (docs/decisions/032): the provider's verified address must be the invited one,
  // and the account joins that company. Carried in the signed state as a redirect is carried in the flow.
  invitation?: string;
}

// `state` carries the start and an HMAC, so it cannot be forged or altered.
function signState({ userType, acceptedTerms, invitation }: OidcStart, secret: string): string {
  const payload = Buffer.from(
    JSON.stringify({ t: userType, a: acceptedTerms, n: client.randomState(), ...(invitation && { i: invitation }) }),
  ).toString('base64url');
  const mac = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

export function readState(state: string, secret: string): OidcStart | null {
  const [payload, mac] = state.split('.');
  if (!payload || !mac) return null;
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { t: userType, a: acceptedTerms, i: invitation } = JSON.parse(Buffer.from(payload, 'base64url').toString());
    if (!(oidcUserTypes as readonly string[]).includes(userType)) return null;
    return {
      userType,
      acceptedTerms: acceptedTerms === true,
      ...(typeof invitation === 'string' && invitation !== '' && { invitation }),
    };
  } catch {
    return null;
  }
}

export async function startOidcSignIn({
  provider,
  publicUrl,
  secret,
  start,
  redirectTo,
}: {
  provider: ProviderSettings;
  publicUrl: string;
  secret: string;
  start: OidcStart;
  redirectTo: string | null;
}): Promise<{ authorizationUrl: string; flow: OidcFlow }> {
  const configuration = await discover(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = signState(start, secret);
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: `${publicUrl}${provider.callbackPath}`,
    response_type: 'code',
    scope: provider.scope,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(provider.responseMode && { response_mode: provider.responseMode }),
  });
  return { authorizationUrl: url.href, flow: { provider: provider.id, state, codeVerifier, nonce, redirectTo } };
}
