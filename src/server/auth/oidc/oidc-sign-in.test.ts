import { and, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import { type OidcUserType, oidcMessages, oidcRefusals } from '~/shared/oidc';
import { auditLogs, emailOutbox, oauthAccounts, users } from '../../db/schema';
import { buildAccount } from '../../seed/factories';
import { callerFrom, sessionCookieFrom } from '../../testing/auth-helpers';
import { walkProvider } from '../../testing/browserless-oidc';
import { callContract } from '../../testing/contract-client';
import { type LocalOidcProvider, startLocalOidcProvider } from '../../testing/local-oidc-provider';
import { createTestApp, type TestApp } from '../../testing/test-app';

const PUBLIC_URL = 'http://tandem.test';

describe('sign-in with an identity provider (OIDC code flow with PKCE, against a local provider)', () => {
  let provider: LocalOidcProvider;
  let testApp: TestApp;

  beforeAll(async () => {
    provider = await startLocalOidcProvider({
      clients: [
        { clientId: 'tandem-google', clientSecret: 'google-secret', redirectUris: [`${PUBLIC_URL}/auth/callback`] },
        {
          clientId: 'tandem-linkedin',
          clientSecret: 'linkedin-secret',
          redirectUris: [`${PUBLIC_URL}/auth/callback`],
          authMethod: 'client_secret_post',
        },
        {
          clientId: 'tandem-apple',
          clientSecret: 'apple-secret',
          redirectUris: [`${PUBLIC_URL}/auth/apple/callback`],
          authMethod: 'client_secret_post',
        },
      ],
    });
    testApp = await createTestApp({
      env: {
        PUBLIC_URL,
        ADMIN_EMAILS: 'chief@tandem.example',
        GOOGLE_CLIENT_ID: 'tandem-google',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_ISSUER: provider.issuer,
        LINKEDIN_CLIENT_ID: 'tandem-linkedin',
        LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
        LINKEDIN_ISSUER: provider.issuer,
        APPLE_CLIENT_ID: 'tandem-apple',
        APPLE_CLIENT_SECRET: 'apple-secret',
        APPLE_ISSUER: provider.issuer,
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.failUserInfo(false);
  });

  const navigate = (options: InjectOptions) => testApp.app.inject(options);

  // Starts a sign-in at Tandem, lets the provider sign `account` in, and returns what comes back.
  async function signInAtProvider(
    providerId: string,
    userType: OidcUserType,
    account: Parameters<LocalOidcProvider['setNextAccount']>[0],
    redirect?: string,
    // The sign-in page's buttons carry the agreement to the terms shown beside them.
    acceptTerms = true,
  ) {
    provider.setNextAccount(account);
    // The browser navigates there: no same-origin header.
    const start = await callContract(navigate, authContract.startOidcSignIn, {
      params: { provider: providerId },
      query: { user_type: userType, accept_terms: acceptTerms ? 'true' : undefined, redirect },
    });
    expect(start.statusCode).toBe(302);
    const flowCookie = start.cookies.find((cookie) => cookie.name === 'tandem_oidc');
    expect(flowCookie).toMatchObject({ httpOnly: true });
    const answer = await walkProvider(String(start.headers.location), PUBLIC_URL);
    return { answer, cookie: `tandem_oidc=${flowCookie?.value}` };
  }

  const callback = (parameters: Record<string, string>, cookie: string) =>
    callerFrom(testApp, { cookie }).call(authContract.completeOidcSignIn, { body: parameters });

  it('lists every provider, with whether it is set up here and what turns it on', async () => {
    const response = await callContract(navigate, authContract.providers);
    expect(response.body.providers).toEqual([
      { id: 'google', name: 'Google', enabled: true, setting: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' },
      { id: 'apple', name: 'Apple', enabled: true, setting: expect.stringContaining('APPLE_CLIENT_ID') },
      { id: 'linkedin', name: 'LinkedIn', enabled: true, setting: 'LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET' },
    ]);
    const bare = await createTestApp();
    try {
      const bareInject = (options: InjectOptions) => bare.app.inject(options);
      const providers = (await callContract(bareInject, authContract.providers)).body.providers;
      expect(providers.map((entry) => [entry.id, entry.enabled])).toEqual([
        ['google', false],
        ['apple', false],
        ['linkedin', false],
      ]);
      // Not set up: starting a sign-in with it is refused with a sentence.
      const start = await callContract(bareInject, authContract.startOidcSignIn, { params: { provider: 'google' } });
      expect(start.statusCode).toBe(404);
      expect(start.error?.error).toBe('Sign-in with Google is not set up here.');
    } finally {
      await bare.close();
    }
  });

  it('sends the browser to the provider with PKCE, a nonce and a signed state carrying the user type', async () => {
    const start = await callContract(navigate, authContract.startOidcSignIn, {
      params: { provider: 'google' },
      query: { user_type: 'company' },
    });
    const location = new URL(String(start.headers.location));
    expect(location.origin).toBe(provider.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'tandem-google',
      redirect_uri: `${PUBLIC_URL}/auth/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const state = location.searchParams.get('state') ?? '';
    expect(JSON.parse(Buffer.from(state.split('.')[0] ?? '', 'base64url').toString()).t).toBe('company');
  });

  it('creates an account of the chosen type for a new person and signs them in', async () => {
    const { answer, cookie } = await signInAtProvider('google', 'applicant', {
      sub: 'google-new-1',
      email: 'New.Person@example.test',
      name: 'Nia Person',
    });
    const response = await callback(answer.parameters, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({
      status: 'signed_in',
      redirect_to: '/applicant-dashboard',
      user: { email: 'new.person@example.test', name: 'Nia Person', role: 'applicant', email_verified: true },
    });
    expect(response.cookies.find((candidate) => candidate.name === 'tandem_session')).toBeDefined();
    const [link] = await testApp.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.subject, 'google-new-1'));
    expect(link?.provider).toBe('google');
    const [created] = await testApp.database.db
      .select({ termsAcceptedAt: users.termsAcceptedAt })
      .from(users)
      .where(eq(users.email, 'new.person@example.test'));
    expect(created?.termsAcceptedAt).toBeInstanceOf(Date);

    // The same person again: the same account, not a new one.
    const again = await signInAtProvider('google', 'company', {
      sub: 'google-new-1',
      email: 'new.person@example.test',
    });
    const second = await callback(again.answer.parameters, again.cookie);
    expect(second.body).toMatchObject({ status: 'signed_in', user: { role: 'applicant' } });
    expect(
      await testApp.database.db.select().from(users).where(eq(users.email, 'new.person@example.test')),
    ).toHaveLength(1);
  });

  it('makes no account without the agreement to the terms, and signs an existing one in without it', async () => {
    const stranger = await signInAtProvider(
      'google',
      'company',
      { sub: 'google-no-terms', email: 'no.terms@example.test' },
      undefined,
      false,
    );
    const refused = await callback(stranger.answer.parameters, stranger.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.error).toBe(oidcRefusals.termsRequired('Google'));
    expect(await testApp.database.db.select().from(users).where(eq(users.email, 'no.terms@example.test'))).toEqual([]);

    const { user } = await buildAccount(testApp.database.db, { role: 'applicant', email: 'known@example.test' });
    const known = await signInAtProvider(
      'google',
      'applicant',
      { sub: 'google-known', email: 'known@example.test' },
      undefined,
      false,
    );
    const signedIn = await callback(known.answer.parameters, known.cookie);
    expect(signedIn.body).toMatchObject({ status: 'signed_in', user: { id: user.id } });
  });

  it('follows System Settings for a new account: none while registrations are closed, administrators told of each', async () => {
    const { user: admin } = await buildAccount(testApp.database.db, { role: 'admin', email: 'watch@tandem.example' });
    const mailsToAdmin = (subject: string) =>
      testApp.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, admin.email), eq(emailOutbox.subject, subject)));

    await testApp.setSettings({ allow_registrations: false });
    try {
      const closed = await signInAtProvider('google', 'company', {
        sub: 'google-closed-1',
        email: 'late@example.test',
      });
      const refused = await callback(closed.answer.parameters, closed.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.error?.error).toBe(authMessages.registrationsClosed);
      expect(await testApp.database.db.select().from(users).where(eq(users.email, 'late@example.test'))).toEqual([]);
    } finally {
      await testApp.setSettings({ allow_registrations: true });
    }

    const open = await signInAtProvider('linkedin', 'company', {
      sub: 'linkedin-new-1',
      email: 'founder@example.test',
      name: 'Femi Founder',
    });
    expect((await callback(open.answer.parameters, open.cookie)).statusCode).toBe(200);
    // Signed up through a provider, the company has its owner's name until they change it.
    const [mail] = await mailsToAdmin("New company registered: Femi Founder's company");
    expect(mail?.text).toContain(
      "Femi Founder (founder@example.test) registered Femi Founder's company, a new company account",
    );
    // Signing in again is not a new account.
    const again = await signInAtProvider('linkedin', 'company', {
      sub: 'linkedin-new-1',
      email: 'founder@example.test',
    });
    expect((await callback(again.answer.parameters, again.cookie)).statusCode).toBe(200);
    expect(await mailsToAdmin("New company registered: Femi Founder's company")).toHaveLength(1);
  });

  it('signs into the existing account with the same verified email and links it', async () => {
    const { user } = await buildAccount(testApp.database.db, { role: 'company', email: 'owner@harbor.example' });
    const { answer, cookie } = await signInAtProvider('linkedin', 'applicant', {
      sub: 'linkedin-7',
      email: 'owner@harbor.example',
    });
    const response = await callback(answer.parameters, cookie);
    expect(response.body).toMatchObject({
      status: 'signed_in',
      redirect_to: '/company-dashboard',
      user: { id: user.id },
    });
    const links = await testApp.database.db
      .select()
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.userId, user.id), eq(oauthAccounts.provider, 'linkedin')));
    expect(links).toHaveLength(1);
  });

  it('neither links nor creates an account for an email the provider has not verified', async () => {
    await buildAccount(testApp.database.db, { email: 'careful@example.test' });
    const linking = await signInAtProvider('google', 'applicant', {
      sub: 'google-unverified',
      email: 'careful@example.test',
      email_verified: false,
    });
    const refusedLink = await callback(linking.answer.parameters, linking.cookie);
    expect(refusedLink.statusCode).toBe(403);
    expect(refusedLink.error?.error).toBe(oidcRefusals.emailNotVerified('Google'));

    const signingUp = await signInAtProvider('linkedin', 'company', {
      sub: 'linkedin-unverified',
      email: 'unproven@example.test',
      email_verified: false,
    });
    const refusedSignUp = await callback(signingUp.answer.parameters, signingUp.cookie);
    expect(refusedSignUp.statusCode).toBe(403);
    expect(refusedSignUp.error?.error).toBe(oidcRefusals.emailNotVerified('LinkedIn'));
    expect(await testApp.database.db.select().from(users).where(eq(users.email, 'unproven@example.test'))).toHaveLength(
      0,
    );
    expect(
      await testApp.database.db
        .select()
        .from(oauthAccounts)
        .where(inArray(oauthAccounts.subject, ['google-unverified', 'linkedin-unverified'])),
    ).toHaveLength(0);
  });

  it('gives an account registered but never confirmed to the verified owner, ending the registrant’s password and sessions', async () => {
    // Someone registers the victim's address with a password of their own and never confirms it.
    await testApp.setSettings({ email_verification: true });
    const registered = await callerFrom(testApp).call(authContract.register, {
      body: {
        account_type: 'company',
        accept_terms: true,
        name: 'Not The Owner',
        email: 'victim@example.test',
        password: 'attacker-chosen-9917',
        company_name: 'Prepared Ltd',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.body).toMatchObject({ user: { email_verified: false } });
    const attackerCookie = sessionCookieFrom(registered);

    // The owner signs in with an identity provider that vouches for the address.
    const { answer, cookie } = await signInAtProvider('google', 'company', {
      sub: 'google-victim',
      email: 'victim@example.test',
    });
    const response = await callback(answer.parameters, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({
      status: 'signed_in',
      user: { email: 'victim@example.test', email_verified: true, has_password: false },
    });

    const attackerNow = await callerFrom(testApp, { cookie: attackerCookie }).call(authContract.me);
    expect(attackerNow.body.user).toBeNull();
    const attackerSignIn = await callerFrom(testApp).call(authContract.signIn, {
      body: { email: 'victim@example.test', password: 'attacker-chosen-9917' },
    });
    expect(attackerSignIn.statusCode).toBe(401);
    const [victim] = await testApp.database.db.select().from(users).where(eq(users.email, 'victim@example.test'));
    const audit = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'account.claimed_by_verified_owner'), eq(auditLogs.targetId, victim?.id ?? '')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ provider: 'google', password_removed: true, sessions_ended: 1 });
  });

  it('lets only allow-listed administrators with an account in, and asks them for the second factor', async () => {
    await testApp.setSettings({ admin_two_factor: true });
    const outsider = await signInAtProvider('google', 'admin', {
      sub: 'google-outsider',
      email: 'outsider@example.test',
    });
    const refused = await callback(outsider.answer.parameters, outsider.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.error?.error).toBe(authMessages.adminNotAuthorized);
    expect(await testApp.database.db.select().from(users).where(eq(users.email, 'outsider@example.test'))).toHaveLength(
      0,
    );

    // Allow-listed, but no administrator account exists: identity-provider sign-up never makes one.
    const newcomer = await signInAtProvider('google', 'admin', { sub: 'google-chief', email: 'chief@tandem.example' });
    const notCreated = await callback(newcomer.answer.parameters, newcomer.cookie);
    expect(notCreated.statusCode).toBe(403);
    expect(notCreated.error?.error).toBe(oidcRefusals.noAdministratorAccount);
    expect(await testApp.database.db.select().from(users).where(eq(users.email, 'chief@tandem.example'))).toHaveLength(
      0,
    );

    const { user: admin } = await buildAccount(testApp.database.db, { role: 'admin', email: 'chief@tandem.example' });
    const chief = await signInAtProvider('google', 'admin', { sub: 'google-chief', email: 'chief@tandem.example' });
    const response = await callback(chief.answer.parameters, chief.cookie);
    expect(response.body).toEqual({ status: 'two_factor_required', stage: 'enroll' });
    const links = await testApp.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, admin.id));
    expect(links).toHaveLength(1);
  });

  it('reports each failure with the spec’s text', async () => {
    const missing = await callback({ state: 'x' }, '');
    expect(missing.error).toMatchObject({ error: oidcMessages.missingParameters });

    const withoutCookie = await signInAtProvider('google', 'company', { sub: 'google-a', email: 'a@example.test' });
    expect((await callback(withoutCookie.answer.parameters, '')).error?.error).toBe(oidcMessages.generic);

    const tampered = await signInAtProvider('google', 'company', { sub: 'google-b', email: 'b@example.test' });
    const [payload, mac] = (tampered.answer.parameters.state ?? '').split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ t: 'admin', n: 'x' })).toString('base64url');
    expect(payload).toBeTruthy();
    const forged = await callback({ ...tampered.answer.parameters, state: `${forgedPayload}.${mac}` }, tampered.cookie);
    expect(forged.error?.error).toBe(oidcMessages.generic);

    const badCode = await signInAtProvider('google', 'company', { sub: 'google-c', email: 'c@example.test' });
    const exchange = await callback({ ...badCode.answer.parameters, code: 'not-a-real-code' }, badCode.cookie);
    expect(exchange.error?.error).toBe(oidcMessages.exchangeFailed);

    provider.failUserInfo(true);
    const brokenInfo = await signInAtProvider('google', 'company', { sub: 'google-d', email: 'd@example.test' });
    expect((await callback(brokenInfo.answer.parameters, brokenInfo.cookie)).error?.error).toBe(
      oidcMessages.userInfoFailed,
    );
  });

  it('finishes Apple’s form_post answer on the server and sends the browser on', async () => {
    const { answer, cookie } = await signInAtProvider('apple', 'company', {
      sub: 'apple-1',
      email: 'fruit@example.test',
      name: 'Fern Ruiz',
    });
    expect(answer.method).toBe('POST');
    expect(answer.url.pathname).toBe('/auth/apple/callback');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams(answer.parameters).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/company-dashboard');
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, 'fruit@example.test'));
    expect(user?.role).toBe('company');

    const failed = await testApp.app.inject({
      method: 'POST',
      url: '/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'error=user_cancelled_authorize',
    });
    expect(failed.headers.location).toBe('/auth/callback?error=user_cancelled_authorize');
  });

  it('carries a redirect on this site through the provider, and drops one that would leave it', async () => {
    const kept = await signInAtProvider(
      'google',
      'company',
      { sub: 'google-redirect', email: 'redirect@example.test' },
      '/company/jobs?status=open',
    );
    expect((await callback(kept.answer.parameters, kept.cookie)).body).toMatchObject({
      redirect_to: '/company/jobs?status=open',
    });
    for (const redirect of ['/\t/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example']) {
      const dropped = await signInAtProvider(
        'google',
        'company',
        { sub: 'google-redirect', email: 'redirect@example.test' },
        redirect,
      );
      expect((await callback(dropped.answer.parameters, dropped.cookie)).body, redirect).toMatchObject({
        redirect_to: '/company-dashboard',
      });
    }
  });
});
