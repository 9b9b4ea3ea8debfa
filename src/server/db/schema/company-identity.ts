import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies, companyMemberRole } from './companies';

export const ssoProtocol = pgEnum('sso_protocol', ['saml', 'oidc']);

// How a company's people sign in and are provisioned (issue 58): its email domain, proved by a confirmation sent
// to an address at it; its identity provider (SAML 2.0 or OpenID Connect); whether members of the domain must use
// it (passwords off for them); just-in-time membership with a default role; and the bearer token its identity
// provider's SCIM client sends (only its SHA-256 kept). No row: none of it.
export const companyIdentitySettings = pgTable(
  'company_identity_settings',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Lower case, without a leading "@".
    domain: text(),
    domainVerifiedAt: timestamp({ withTimezone: true }),
    domainConfirmationEmail: text(),
    domainConfirmationTokenHash: text(),
    domainConfirmationExpiresAt: timestamp({ withTimezone: true }),
    ssoProtocol: ssoProtocol(),
    // SAML: the identity provider's single sign-on URL, entity id and signing certificate (PEM).
    samlEntryPoint: text(),
    samlIdpIssuer: text(),
    samlCertificate: text(),
    // OpenID Connect: the issuer (discovery at /.well-known/openid-configuration) and the client registered there;
    // the secret sealed (platform/tax-id-cipher.ts).
    oidcIssuer: text(),
    oidcClientId: text(),
    oidcClientSecretSealed: text(),
    requireSso: boolean().notNull().default(false),
    jitProvisioning: boolean().notNull().default(true),
    defaultRole: companyMemberRole().notNull().default('viewer'),
    scimTokenHash: text(),
    scimTokenPrefix: text(),
    scimTokenCreatedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A domain verified is one company's: its people are sent to that company's identity provider.
    uniqueIndex('company_identity_verified_domain_idx')
      .on(table.domain)
      .where(sql`${table.domainVerifiedAt} is not null`),
    uniqueIndex('company_identity_scim_token_idx').on(table.scimTokenHash),
  ],
);

// A person as the company's SCIM client knows them (RFC 7643 User): its externalId and whether it is active. The
// SCIM id is the user's id. Deactivated, the person's membership ends (sessions, tokens and sockets with it); the
// row stays, so the client can activate them again.
export const scimUsers = pgTable(
  'scim_users',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text(),
    active: boolean().notNull().default(true),
    // The role to give back on activation (a group's, else the company's default).
    role: companyMemberRole().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId] }),
    uniqueIndex('scim_users_external_id_idx').on(table.companyId, table.externalId),
    index('scim_users_user_idx').on(table.userId),
  ],
);
