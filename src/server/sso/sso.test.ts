import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { companyIdentityContract, ssoSignInContract } from '~/shared/contracts/sso';
import { ssoTexts } from '~/shared/sso';
import { auditLogs, companyIdentitySettings, companyMembers, emailOutbox } from '../db/schema';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { walkProvider } from '../testing/browserless-oidc';
import { callContract } from '../testing/contract-client';
import { type LocalOidcProvider, startLocalOidcProvider } from '../testing/local-oidc-provider';
import { type SamlIdentityProvider, startSamlIdentityProvider } from '../testing/saml-identity-provider';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const SAML_DOMAIN = 'customer.test';
const OIDC_DOMAIN = 'oidc-customer.test';
const PASSWORD = 'a-long-and-correct-password';

const cookieOf = (response: LightMyRequestResponse, name: string) => {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

// Single sign-on per company (issue 58), against real identity providers: Debian's SimpleSAMLphp (SAML 2.0) and
// the oidc-provider package (OpenID Connect), each on loopback.
describe('single sign-on', () => {
  let testApp: TestApp;
  let owner: Account;
  let companyId: string;
  let idp: SamlIdentityProvider;
  let oidc: LocalOidcProvider;
  const db = () => testApp.database.db;
  const publicUrl = () => testApp.config.publicUrl;

  // The browser's part: Tandem's start, the provider's pages, and the answer posted back to Tandem.
  async function samlSignIn(email: string, username: string, password = PASSWORD) {
    const start = await testApp.app.inject({
      method: 'GET',
      url: `${ssoSignInContract.start.path}?email=${encodeURIComponent(email)}`,
    });
    expect(start.statusCode).toBe(302);
    const flowCookie = cookieOf(start, 'tandem_sso');
    const answer = await idp.signIn(String(start.headers.location), username, password);
    const posted = await testApp.app.inject({
      method: 'POST',
      url: new URL(answer.acsUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(flowCookie && { cookie: flowCookie }) },
      payload: new URLSearchParams({
        SAMLResponse: answer.SAMLResponse,
        RelayState: answer.RelayState ?? '',
      }).toString(),
    });
    return { posted, answer, flowCookie };
  }

  const meWith = async (session: string | undefined) =>
    testApp.app.inject({ method: 'GET', url: authContract.me.path, headers: { cookie: session ?? '' } });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await signedInAccount(testApp, { role: 'company', companyName: 'Customer Corp' });
    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, owner.user.id));
    companyId = membership?.companyId ?? '';
    idp = await startSamlIdentityProvider({
      spEntityId: `${testApp.config.publicUrl}/sso/${companyId}`,
      acsUrl: `${testApp.config.publicUrl}/auth/sso/saml/acs`,
      users: [
        { username: 'ada', password: PASSWORD, email: `ada@${SAML_DOMAIN}`, givenName: 'Ada', familyName: 'Lovelace' },
        { username: 'carol', password: PASSWORD, email: 'carol@elsewhere.test', givenName: 'Carol' },
        { username: 'dan', password: PASSWORD, email: `dan@${SAML_DOMAIN}`, givenName: 'Dan' },
      ],
    });
    oidc = await startLocalOidcProvider({
      clients: [
        {
          clientId: 'tandem-oidc-customer',
          clientSecret: 'oidc-customer-secret',
          redirectUris: [`${testApp.config.publicUrl}/api/auth/sso/oidc/callback`],
        },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await idp?.stop();
    await oidc?.close();
    await testApp.close();
  });

  it('verifies the company’s domain by a code sent to an address at it', async () => {
    const notAtDomain = await owner.call(companyIdentityContract.claimDomain, {
      body: { domain: SAML_DOMAIN, email: 'it@elsewhere.test' },
    });
    expect(notAtDomain.error?.fields).toEqual({ email: ssoTexts.emailNotAtDomain });
    const publicDomain = await owner.call(companyIdentityContract.claimDomain, {
      body: { domain: 'gmail.com', email: 'someone@gmail.com' },
    });
    expect(publicDomain.error?.fields).toEqual({ domain: ssoTexts.domainPublic });

    const claimed = await owner.call(companyIdentityContract.claimDomain, {
      body: { domain: `@${SAML_DOMAIN.toUpperCase()}`, email: `IT@${SAML_DOMAIN}` },
    });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.body).toMatchObject({ domain: SAML_DOMAIN, domain_verified: false });
    expect(claimed.body.pending_confirmation_email).toBe(`it@${SAML_DOMAIN}`);
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, `it@${SAML_DOMAIN}`))
      .orderBy(desc(emailOutbox.createdAt));
    const code = email?.subject.match(/^(\d{6}) confirms/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await owner.call(companyIdentityContract.confirmDomain, {
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.error?.fields).toEqual({ code: ssoTexts.codeInvalid });
    const confirmed = await owner.call(companyIdentityContract.confirmDomain, { body: { code } });
    expect(confirmed.body.domain_verified).toBe(true);

    // Another company cannot claim it now.
    const rival = await signedInAccount(testApp, { role: 'company' });
    const taken = await rival.call(companyIdentityContract.claimDomain, {
      body: { domain: SAML_DOMAIN, email: `boss@${SAML_DOMAIN}` },
    });
    expect(taken.error?.fields).toEqual({ domain: ssoTexts.domainTaken });
    // A Hiring Manager reads nothing of it.
    const manager = await signedInAccount(testApp, {
      role: 'company',
      company: { id: companyId, role: 'hiring_manager' },
    });
    expect((await manager.call(companyIdentityContract.get)).statusCode).toBe(403);
  });

  it('signs a person of the domain in through SAML, making them a member just in time', async () => {
    const refused = await owner.call(companyIdentityContract.updateSso, {
      body: {
        protocol: 'saml',
        saml_entry_point: idp.ssoUrl,
        saml_idp_issuer: idp.entityId,
        saml_certificate: 'not a certificate',
        require_sso: false,
        jit_provisioning: true,
        default_role: 'hiring_manager',
      },
    });
    expect(refused.error?.fields).toEqual({ saml_certificate: ssoTexts.certificateInvalid });
    const saved = await owner.call(companyIdentityContract.updateSso, {
      body: {
        protocol: 'saml',
        saml_entry_point: idp.ssoUrl,
        saml_idp_issuer: idp.entityId,
        saml_certificate: idp.certificatePem,
        require_sso: false,
        jit_provisioning: true,
        default_role: 'hiring_manager',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.service_provider.saml_acs_url).toBe(`${publicUrl()}/auth/sso/saml/acs`);
    const discovered = await callContract(testApp.app.inject.bind(testApp.app), ssoSignInContract.discover, {
      query: { email: `someone@${SAML_DOMAIN}` },
    });
    expect(discovered.body).toEqual({ sso: true, required: false });

    const { posted, answer, flowCookie } = await samlSignIn(`ada@${SAML_DOMAIN}`, 'ada');
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).not.toContain('failure');
    const session = cookieOf(posted, 'tandem_session');
    const me = await meWith(session);
    expect(me.json().user).toMatchObject({
      email: `ada@${SAML_DOMAIN}`,
      name: 'Ada Lovelace',
      company: { id: companyId, role: 'hiring_manager' },
    });
    const [joined] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sso.member_joined'), eq(auditLogs.targetId, companyId)));
    expect(joined?.details).toMatchObject({ email: `ada@${SAML_DOMAIN}`, role: 'hiring_manager', new_account: true });

    // The same answer posted again, with the same flow cookie, signs nobody in.
    const replayed = await testApp.app.inject({
      method: 'POST',
      url: new URL(answer.acsUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: flowCookie ?? '' },
      payload: new URLSearchParams({ SAMLResponse: answer.SAMLResponse }).toString(),
    });
    expect(decodeURIComponent(String(replayed.headers.location))).toContain(ssoTexts.flowMissing);
    expect(cookieOf(replayed, 'tandem_session')).toBeUndefined();
  });

  it('refuses an address outside the domain, and anyone new once just-in-time membership is off', async () => {
    const outside = await samlSignIn(`carol@${SAML_DOMAIN}`, 'carol');
    expect(decodeURIComponent(String(outside.posted.headers.location))).toContain(ssoTexts.emailOutsideDomain);
    await db()
      .update(companyIdentitySettings)
      .set({ jitProvisioning: false })
      .where(eq(companyIdentitySettings.companyId, companyId));
    const stranger = await samlSignIn(`dan@${SAML_DOMAIN}`, 'dan');
    expect(decodeURIComponent(String(stranger.posted.headers.location))).toContain(ssoTexts.notAMember);
    expect(cookieOf(stranger.posted, 'tandem_session')).toBeUndefined();
    await db()
      .update(companyIdentitySettings)
      .set({ jitProvisioning: true })
      .where(eq(companyIdentitySettings.companyId, companyId));
  });

  it('turns passwords off for the domain’s members when SSO is required, the Owner excepted', async () => {
    const member = await signedInAccount(testApp, {
      role: 'company',
      email: `bob@${SAML_DOMAIN}`,
      password: PASSWORD,
      company: { id: companyId, role: 'viewer' },
    });
    const signIn = (email: string) =>
      testApp.app.inject({
        method: 'POST',
        url: authContract.signIn.path,
        headers: sameOriginHeaders,
        payload: { email, password: PASSWORD },
      });
    expect((await signIn(member.user.email)).statusCode).toBe(200);
    const current = (await owner.call(companyIdentityContract.get)).body;
    await owner.call(companyIdentityContract.updateSso, {
      body: {
        protocol: 'saml',
        saml_entry_point: current.saml_entry_point,
        saml_idp_issuer: current.saml_idp_issuer,
        saml_certificate: current.saml_certificate,
        require_sso: true,
        jit_provisioning: true,
        default_role: 'hiring_manager',
      },
    });
    const refused = await signIn(member.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(ssoTexts.passwordOffForDomain);
    const ownerAccount = await signedInAccount(testApp, {
      role: 'company',
      email: `owner2@${SAML_DOMAIN}`,
      password: PASSWORD,
      company: { id: companyId, role: 'owner' },
    });
    expect((await signIn(ownerAccount.user.email)).statusCode).toBe(200);
  });

  it('signs a person in through a company’s OpenID Connect provider', async () => {
    const company = await signedInAccount(testApp, { role: 'company', companyName: 'OIDC Customer' });
    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, company.user.id));
    await db()
      .insert(companyIdentitySettings)
      .values({ companyId: membership?.companyId ?? '', domain: OIDC_DOMAIN, domainVerifiedAt: new Date() });
    const missingSecret = await company.call(companyIdentityContract.updateSso, {
      body: {
        protocol: 'oidc',
        oidc_issuer: oidc.issuer,
        oidc_client_id: 'tandem-oidc-customer',
        require_sso: true,
        jit_provisioning: true,
        default_role: 'viewer',
      },
    });
    expect(missingSecret.error?.fields).toEqual({ oidc_client_secret: ssoTexts.oidcSecretRequired });
    const saved = await company.call(companyIdentityContract.updateSso, {
      body: {
        protocol: 'oidc',
        oidc_issuer: oidc.issuer,
        oidc_client_id: 'tandem-oidc-customer',
        oidc_client_secret: 'oidc-customer-secret',
        require_sso: true,
        jit_provisioning: true,
        default_role: 'viewer',
      },
    });
    expect(saved.body).toMatchObject({ protocol: 'oidc', has_oidc_client_secret: true });
    expect(JSON.stringify(saved.body)).not.toContain('oidc-customer-secret');

    oidc.setNextAccount({ sub: 'erin-1', email: `erin@${OIDC_DOMAIN}`, name: 'Erin Example' });
    const start = await testApp.app.inject({
      method: 'GET',
      url: `${ssoSignInContract.start.path}?email=${encodeURIComponent(`erin@${OIDC_DOMAIN}`)}`,
    });
    expect(start.statusCode).toBe(302);
    const back = await walkProvider(String(start.headers.location), `${publicUrl()}/api/auth/sso/oidc/callback`);
    const callback = await testApp.app.inject({
      method: 'GET',
      url: `${back.url.pathname}${back.url.search}`,
      headers: { cookie: cookieOf(start, 'tandem_sso') ?? '' },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).not.toContain('failure');
    const me = await meWith(cookieOf(callback, 'tandem_session'));
    expect(me.json().user).toMatchObject({
      email: `erin@${OIDC_DOMAIN}`,
      name: 'Erin Example',
      company: { id: membership?.companyId, role: 'viewer' },
    });
  });
});
