import { type CacheProvider, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { ssoTexts } from '~/shared/sso';
import type { Config } from '../../config';
import { type IdentityRow, oidcSecretBinding, serviceProviderOf } from '../../kernels/identity/company-identity';
import { AppError } from '../../platform/errors';
import type { TaxIdCipher } from '../../platform/tax-id-cipher';

// A company sign-in between its start and the identity provider's answer, in a signed httpOnly cookie: it binds
// the answer to this browser and to the request Tandem made (SAML's InResponseTo; OIDC's state, nonce and PKCE).
export interface SsoFlow {
  companyId: string;
  protocol: 'saml' | 'oidc';
  // SAML: the AuthnRequest's ID the response must answer.
  requestId?: string;
  // OIDC.
  state?: string;
  nonce?: string;
  codeVerifier?: string;
  redirectTo: string | null;
}

const SSO_FLOW_COOKIE = 'tandem_sso';
const FLOW_SECONDS = 10 * 60;

export function setSsoFlow(reply: FastifyReply, config: Config, flow: SsoFlow) {
  // SAML answers with a cross-site POST, which carries only SameSite=None cookies (HTTPS only).
  const isHttps = config.publicUrl.startsWith('https://');
  reply.setCookie(SSO_FLOW_COOKIE, JSON.stringify(flow), {
    signed: true,
    httpOnly: true,
    sameSite: isHttps && flow.protocol === 'saml' ? 'none' : 'lax',
    secure: isHttps,
    path: '/',
    maxAge: FLOW_SECONDS,
  });
}

export function takeSsoFlow(request: FastifyRequest, reply: FastifyReply): SsoFlow {
  reply.clearCookie(SSO_FLOW_COOKIE, { path: '/' });
  const raw = request.cookies[SSO_FLOW_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  if (!unsigned?.valid || !unsigned.value) throw new AppError('validation', ssoTexts.flowMissing);
  try {
    return JSON.parse(unsigned.value) as SsoFlow;
  } catch {
    throw new AppError('validation', ssoTexts.flowMissing);
  }
}

// The service provider for one company and one sign-in. Its InResponseTo cache knows only the request this browser
// started (from the flow cookie), so a response to any other request, or replayed into another browser, fails.
export function samlServiceProvider(
  identity: IdentityRow,
  publicUrl: string,
  knownRequest: { id?: string; onIssued?: (id: string) => void },
): SAML {
  const urls = serviceProviderOf(publicUrl, identity.companyId);
  const cacheProvider: CacheProvider = {
    saveAsync: async (key, value) => {
      knownRequest.onIssued?.(key);
      return { value, createdAt: Date.now() };
    },
    getAsync: async (key) => (key === knownRequest.id ? new Date().toISOString() : null),
    removeAsync: async (key) => key,
  };
  return new SAML({
    entryPoint: identity.samlEntryPoint ?? '',
    issuer: urls.saml_entity_id,
    callbackUrl: urls.saml_acs_url,
    idpCert: identity.samlCertificate ?? '',
    idpIssuer: identity.samlIdpIssuer ?? undefined,
    audience: urls.saml_entity_id,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: FLOW_SECONDS * 1000,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    cacheProvider,
  });
}

// The company's OpenID Connect client, discovered from its issuer. Plain http only for a provider on this machine.
export function oidcConfiguration(identity: IdentityRow, cipher: TaxIdCipher): Promise<client.Configuration> {
  const issuer = identity.oidcIssuer ?? '';
  const secret = identity.oidcClientSecretSealed
    ? cipher.open(identity.oidcClientSecretSealed, oidcSecretBinding(identity.companyId))
    : '';
  const isLoopback = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(`${issuer}/`);
  return client.discovery(new URL(issuer), identity.oidcClientId ?? '', undefined, client.ClientSecretBasic(secret), {
    ...(isLoopback && { execute: [client.allowInsecureRequests] }),
    timeout: 10,
  });
}

// Where the browser goes to sign in, and the flow to keep until it comes back.
export async function startSsoSignIn({
  identity,
  publicUrl,
  cipher,
  redirectTo,
}: {
  identity: IdentityRow;
  publicUrl: string;
  cipher: TaxIdCipher;
  redirectTo: string | null;
}): Promise<{ url: string; flow: SsoFlow }> {
  if (identity.ssoProtocol === 'saml') {
    let requestId: string | undefined;
    const saml = samlServiceProvider(identity, publicUrl, { onIssued: (id) => (requestId = id) });
    const url = await saml.getAuthorizeUrlAsync('', undefined, {});
    return { url, flow: { companyId: identity.companyId, protocol: 'saml', requestId, redirectTo } };
  }
  const configuration = await oidcConfiguration(identity, cipher);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: serviceProviderOf(publicUrl, identity.companyId).oidc_redirect_uri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return {
    url: url.href,
    flow: { companyId: identity.companyId, protocol: 'oidc', state, nonce, codeVerifier, redirectTo },
  };
}

// Who the identity provider vouched for: their address and name, or a refusal in words.
export async function readSamlAnswer(
  identity: IdentityRow,
  publicUrl: string,
  flow: SsoFlow,
  samlResponse: string,
): Promise<{ email: string; name: string }> {
  const saml = samlServiceProvider(identity, publicUrl, { id: flow.requestId });
  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch {
    throw new AppError('unauthenticated', ssoTexts.providerRefused);
  }
  const attributes = (profile ?? {}) as Record<string, unknown>;
  const email = [attributes.email, attributes.mail, profile?.nameID].find(
    (value): value is string => typeof value === 'string' && value.includes('@'),
  );
  if (!email) throw new AppError('unauthenticated', ssoTexts.providerRefused);
  const name = [attributes.givenName, attributes.sn]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ');
  return { email, name: typeof attributes.displayName === 'string' ? attributes.displayName : name };
}

export async function readOidcAnswer(
  identity: IdentityRow,
  cipher: TaxIdCipher,
  flow: SsoFlow,
  callbackUrl: URL,
): Promise<{ email: string; name: string }> {
  const configuration = await oidcConfiguration(identity, cipher);
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedNonce: flow.nonce,
      expectedState: flow.state,
    });
    claims = tokens.claims();
    const info = await client.fetchUserInfo(configuration, tokens.access_token, claims?.sub ?? client.skipSubjectCheck);
    claims = { ...claims, ...info } as client.IDToken;
  } catch {
    throw new AppError('unauthenticated', ssoTexts.providerRefused);
  }
  const email = typeof claims?.email === 'string' ? claims.email : null;
  // An address the provider has not verified proves nothing about the domain.
  if (!email || claims?.email_verified === false) throw new AppError('unauthenticated', ssoTexts.providerRefused);
  return { email, name: typeof claims?.name === 'string' ? claims.name : '' };
}
