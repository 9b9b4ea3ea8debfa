import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SamlIdentityProvider, startSamlIdentityProvider } from './saml-identity-provider';

// The harness against an independent service provider (node-saml): if this passes, a failure in Tandem's own
// SAML tests is Tandem's, not the identity provider's.

const spEntityId = 'https://tandem.test/saml/metadata';
const acsUrl = 'http://127.0.0.1:9/saml/acs';
const user = {
  username: 'ada',
  password: 'correct horse:battery',
  email: 'ada@customer.test',
  givenName: 'Ada',
  familyName: 'Lovelace',
};

describe('startSamlIdentityProvider', () => {
  let idp: SamlIdentityProvider;
  let sp: SAML;

  beforeAll(async () => {
    idp = await startSamlIdentityProvider({ spEntityId, acsUrl, users: [user] });
    sp = new SAML({
      entryPoint: idp.ssoUrl,
      issuer: spEntityId,
      callbackUrl: acsUrl,
      idpCert: idp.certificatePem,
      idpIssuer: idp.entityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      // The response must answer this very request.
      validateInResponseTo: ValidateInResponseTo.always,
    });
  }, 60_000);

  afterAll(async () => {
    await idp?.stop();
  });

  it('signs a user in with a signed response whose NameID is their email', async () => {
    const authorizeUrl = await sp.getAuthorizeUrlAsync('after-sign-in', undefined, {});
    const post = await idp.signIn(authorizeUrl, user.username, user.password);

    expect(post.acsUrl).toBe(acsUrl);
    expect(post.RelayState).toBe('after-sign-in');
    const { profile, loggedOut } = await sp.validatePostResponseAsync({ SAMLResponse: post.SAMLResponse });
    expect(loggedOut).toBe(false);
    expect(profile).toMatchObject({
      issuer: idp.entityId,
      nameID: user.email,
      nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      email: user.email,
      givenName: user.givenName,
      sn: user.familyName,
    });
  });

  it('refuses a wrong password at its login form', async () => {
    const authorizeUrl = await sp.getAuthorizeUrlAsync('', undefined, {});
    await expect(idp.signIn(authorizeUrl, user.username, 'wrong password')).rejects.toThrow(
      /identity provider refused the password of ada/,
    );
  });
});
