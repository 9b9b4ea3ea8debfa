import { z } from 'zod';
import { defineContract, fileOf, redirect } from '../contract';
import { idParams } from '../contract-schemas';
import {
  claimDomainSchema,
  confirmDomainSchema,
  identitySettingsSchema,
  scimTokenSchema,
  ssoDiscoverySchema,
  ssoStartQuerySchema,
  updateSsoSchema,
} from '../sso';

// Settings → Security (Owner and Admins): the company's email domain, identity provider and SCIM token.
export const companyIdentityContract = defineContract(
  { name: 'companyIdentity', tags: ['company', 'sso'] },
  {
    get: {
      method: 'GET',
      path: '/api/company/identity',
      summary: 'The company’s domain, single sign-on and SCIM settings, and what its identity provider needs of Tandem',
      responses: { 200: identitySettingsSchema },
    },
    claimDomain: {
      method: 'POST',
      path: '/api/company/identity/domain',
      summary: 'Name the company’s email domain and send a code to an address at it',
      body: claimDomainSchema,
      responses: { 200: identitySettingsSchema },
    },
    confirmDomain: {
      method: 'POST',
      path: '/api/company/identity/domain/confirm',
      summary: 'Verify the domain with the code from the email',
      body: confirmDomainSchema,
      responses: { 200: identitySettingsSchema },
    },
    updateSso: {
      method: 'PUT',
      path: '/api/company/identity/sso',
      summary: 'Set the identity provider (SAML 2.0 or OpenID Connect), require SSO, just-in-time membership',
      body: updateSsoSchema,
      responses: { 200: identitySettingsSchema },
    },
    createScimToken: {
      method: 'POST',
      path: '/api/company/identity/scim-token',
      summary: 'Make a new SCIM bearer token (the old one stops working); the answer is the only time it is shown',
      responses: { 201: scimTokenSchema },
    },
  },
);

// Signing in through a company's identity provider.
export const ssoSignInContract = defineContract(
  { name: 'ssoSignIn', tags: ['auth', 'sso'] },
  {
    discover: {
      method: 'GET',
      path: '/api/auth/sso/discover',
      summary: 'Whether an address’s domain signs in through its company’s identity provider, and must',
      query: ssoStartQuerySchema,
      responses: { 200: ssoDiscoverySchema },
    },
    start: {
      method: 'GET',
      path: '/api/auth/sso/start',
      summary: 'Go to the identity provider of the company whose verified domain the address is at',
      query: ssoStartQuerySchema,
      responses: { 302: redirect },
    },
    oidcCallback: {
      method: 'GET',
      path: '/api/auth/sso/oidc/callback',
      summary: 'Where a company’s OpenID Connect provider sends the browser back',
      query: z.looseObject({ code: z.string().max(4000).optional(), state: z.string().max(4000).optional() }),
      responses: { 302: redirect },
    },
    samlMetadata: {
      method: 'GET',
      path: '/api/auth/sso/saml/:id/metadata',
      summary: 'The SAML service provider metadata for a company, for its identity provider',
      params: idParams('company'),
      responses: { 200: fileOf('application/samlmetadata+xml') },
    },
  },
);
