import { z } from 'zod';
import { type CompanyRole, companyRoles } from './company-roles';

// Single sign-on per company (issue 58): a verified email domain (a code sent to an address at it), the company's
// identity provider (SAML 2.0 or OpenID Connect), "require SSO" (passwords off for the domain's members, the
// Owner excepted so a broken provider never locks the company out), and just-in-time membership with a default
// role for people of the domain who sign in through the provider with no account yet.

export const ssoProtocols = ['saml', 'oidc'] as const;
export type SsoProtocol = (typeof ssoProtocols)[number];
export const DOMAIN_CODE_MINUTES = 30;
// The roles a new member may get by just-in-time membership or SCIM: never Owner.
export const provisionedRoles = companyRoles.filter((role) => role !== 'owner') as Exclude<CompanyRole, 'owner'>[];

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
// Addresses anyone can have: no company proves its own by one of them.
export const PUBLIC_EMAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'yandex.com',
];

export const ssoTexts = {
  domainTitle: 'Email domain',
  domainDescription:
    'Prove your company’s email domain by a code we send to an address at it. Its people are then sent to your identity provider when they sign in.',
  ssoTitle: 'Single sign-on',
  ssoDescription:
    'Your people sign in to Tandem through your identity provider (SAML 2.0 or OpenID Connect), with the accounts and second factors you already manage.',
  scimTitle: 'SCIM provisioning',
  scimDescription:
    'Your identity provider creates, updates and deactivates your people in Tandem. A person deactivated there loses access here at once.',
  domainInvalid: 'Enter a domain such as acme.com.',
  domainPublic: 'Use your company’s own domain: anyone can have an address at this one.',
  domainTaken: 'Another company has verified this domain.',
  emailNotAtDomain: 'Send the code to an address at the domain you are verifying.',
  codeSentTitle: 'Code Sent',
  codeSent: (email: string) => `We sent a code to ${email}. Enter it here within ${DOMAIN_CODE_MINUTES} minutes.`,
  codeInvalid: 'This code is wrong or has expired. Send a new one.',
  domainVerifiedTitle: 'Domain Verified',
  noDomainToConfirm: 'Send a code to an address at your domain first.',
  savedTitle: 'Single Sign-On Saved',
  saveFailed: 'Failed to save single sign-on. Please try again.',
  loadFailed: 'Failed to load your company’s sign-in settings. Please try again.',
  verifyDomainFirst: 'Verify your email domain first: single sign-on is for the people of a verified domain.',
  samlFieldsRequired: 'Enter the identity provider’s sign-on URL, entity ID and certificate.',
  certificateInvalid: 'Paste the identity provider’s signing certificate (PEM, starting -----BEGIN CERTIFICATE-----).',
  oidcFieldsRequired: 'Enter the issuer URL and the client ID.',
  oidcSecretRequired: 'Enter the client secret.',
  urlInvalid: 'Enter a full address starting with https://.',
  requireSsoNeedsProvider: 'Set up an identity provider before requiring single sign-on.',
  // Sign-in.
  ssoButton: 'Sign in with SSO',
  noSsoForEmail: 'Single sign-on is not set up for this email address. Sign in with your password instead.',
  passwordOffForDomain:
    'Your company signs you in through its identity provider. Use "Sign in with SSO" with your work email.',
  emailOutsideDomain: 'Your identity provider answered with an address outside your company’s verified domain.',
  notAMember:
    'Your account is not part of this company on Tandem. Ask its Owner or an Admin to invite you, or to turn on just-in-time membership.',
  otherCompany: 'This email address belongs to an account of another company on Tandem.',
  deactivated: 'Your company’s identity provider deactivated your access to Tandem.',
  flowMissing: 'The sign-in took too long or was started in another browser. Start again.',
  providerRefused: 'Your identity provider did not sign you in. Try again, or ask your IT team.',
  scimTokenTitle: 'SCIM Token Created',
  scimTokenDescription: 'Paste it into your identity provider now: it will not be shown again.',
} as const;

const httpsUrl = z
  .string()
  .trim()
  .max(2000, { message: ssoTexts.urlInvalid })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    { message: ssoTexts.urlInvalid },
  );

export const claimDomainSchema = z.object({
  domain: z
    .string({ message: ssoTexts.domainInvalid })
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/^@/, ''))
    .refine((value) => DOMAIN_PATTERN.test(value), { message: ssoTexts.domainInvalid })
    .refine((value) => !PUBLIC_EMAIL_DOMAINS.includes(value), { message: ssoTexts.domainPublic }),
  email: z.email({ message: 'Enter an email address.' }).trim().toLowerCase(),
});
export type ClaimDomainInput = z.input<typeof claimDomainSchema>;

export const confirmDomainSchema = z.object({
  code: z
    .string({ message: 'Enter the code from the email.' })
    .trim()
    .regex(/^\d{6}$/, { message: 'Enter the six digits from the email.' }),
});

export const updateSsoSchema = z.object({
  protocol: z.enum(ssoProtocols, { message: 'Choose SAML 2.0 or OpenID Connect.' }).nullable(),
  saml_entry_point: httpsUrl.or(z.literal('')).default(''),
  saml_idp_issuer: z.string().trim().max(1000).default(''),
  saml_certificate: z.string().trim().max(20_000).default(''),
  oidc_issuer: httpsUrl.or(z.literal('')).default(''),
  oidc_client_id: z.string().trim().max(500).default(''),
  // Empty: keep the secret already saved.
  oidc_client_secret: z.string().trim().max(2000).default(''),
  require_sso: z.boolean(),
  jit_provisioning: z.boolean(),
  default_role: z.enum(provisionedRoles as [Exclude<CompanyRole, 'owner'>], { message: 'Choose a role.' }),
});
export type UpdateSsoInput = z.input<typeof updateSsoSchema>;

export const identitySettingsSchema = z.object({
  domain: z.string().nullable(),
  domain_verified: z.boolean(),
  // While a code is out: the address it went to.
  pending_confirmation_email: z.string().nullable(),
  protocol: z.enum(ssoProtocols).nullable(),
  saml_entry_point: z.string(),
  saml_idp_issuer: z.string(),
  saml_certificate: z.string(),
  oidc_issuer: z.string(),
  oidc_client_id: z.string(),
  has_oidc_client_secret: z.boolean(),
  require_sso: z.boolean(),
  jit_provisioning: z.boolean(),
  default_role: z.enum(provisionedRoles as [Exclude<CompanyRole, 'owner'>]),
  // What the identity provider needs of Tandem.
  service_provider: z.object({
    saml_entity_id: z.string(),
    saml_acs_url: z.string(),
    saml_metadata_url: z.string(),
    oidc_redirect_uri: z.string(),
    scim_base_url: z.string(),
  }),
  scim_token: z.object({ prefix: z.string(), created_at: z.string() }).nullable(),
});
export type IdentitySettings = z.infer<typeof identitySettingsSchema>;

export const scimTokenSchema = z.object({ token: z.string(), prefix: z.string(), created_at: z.string() });

export const ssoStartQuerySchema = z.object({
  email: z.email({ message: 'Enter your work email address.' }).trim().toLowerCase(),
  redirect: z.string().max(2000).optional(),
});

export const ssoDiscoverySchema = z.object({ sso: z.boolean(), required: z.boolean() });
