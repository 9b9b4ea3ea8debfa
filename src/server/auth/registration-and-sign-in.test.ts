import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages, type RegisterInput } from '~/shared/auth';
import { accountContract } from '~/shared/contracts/account';
import { authContract } from '~/shared/contracts/auth';
import {
  applicantProfiles,
  auditLogs,
  companies,
  companyMembers,
  emailOutbox,
  platformSettings,
  sessions,
  users,
} from '../db/schema';
import { callerFrom, sessionCookieFrom, signedInAccount } from '../testing/auth-helpers';
import { callUnchecked } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('registration and sign-in', () => {
  let testApp: TestApp;
  const visitor = () => callerFrom(testApp);
  const register = (body: RegisterInput & { redirect?: string }) => visitor().call(authContract.register, { body });
  const signIn = (email: string, password: string | null, redirect?: string) =>
    visitor().call(authContract.signIn, { body: { email, password: password ?? '', redirect } });
  // A browser on this site from a network of its own, so the registration limit of the other tests' address
  // stays out of it.
  const fromNetwork = (remoteAddress: string) => callerFrom(testApp, { remoteAddress });

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });
  beforeEach(async () => {
    await testApp.database.db
      .update(platformSettings)
      .set({ value: true })
      .where(eq(platformSettings.key, 'allow_registrations'));
    await testApp.database.db
      .update(platformSettings)
      .set({ value: true })
      .where(eq(platformSettings.key, 'email_verification'));
  });

  it('registers a company with its owner, signs them in and emails a verification link', async () => {
    const response = await register({
      account_type: 'company',
      accept_terms: true,
      name: 'Priya Natarajan',
      email: '  Priya@Lumen.Example ',
      password: 'orbit-lantern-92',
      company_name: 'Lumen Analytics',
    });
    expect(response.statusCode).toBe(201);
    const body = response.body;
    expect(body).toMatchObject({
      status: 'signed_in',
      redirect_to: '/company-dashboard',
      user: {
        email: 'priya@lumen.example',
        role: 'company',
        email_verified: false,
        company: { name: 'Lumen Analytics' },
      },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'tandem_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const { db } = testApp.database;
    const [user] = await db.select().from(users).where(eq(users.email, 'priya@lumen.example'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [membership] = await db
      .select({ role: companyMembers.role, name: companies.name, contact: companies.contactEmail })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, user?.id ?? ''));
    expect(membership).toEqual({ role: 'owner', name: 'Lumen Analytics', contact: 'priya@lumen.example' });

    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'priya@lumen.example'));
    expect(mail?.subject).toBe('Confirm your email address for Tandem');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]+/);

    const me = await callerFrom(testApp, { cookie: sessionCookieFrom(response) }).call(authContract.me);
    expect(me.body.user).toMatchObject({ email: 'priya@lumen.example', role: 'company' });
  });

  it('registers an applicant with an empty profile', async () => {
    const response = await register({
      account_type: 'applicant',
      accept_terms: true,
      name: 'Tomás Ferreira',
      email: 'tomas@example.test',
      password: 'quiet-harbor-71',
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).toMatchObject({ redirect_to: '/applicant-dashboard' });
    const [user] = await testApp.database.db.select().from(users).where(eq(users.email, 'tomas@example.test'));
    const [profile] = await testApp.database.db
      .select()
      .from(applicantProfiles)
      .where(eq(applicantProfiles.userId, user?.id ?? ''));
    expect(profile).toMatchObject({ headline: null, skills: [] });
  });

  // A job seeker who registered from a job page comes back to it from the confirmation email too.
  it('leads the confirmation link back to where the person was going when they registered', async () => {
    const going = '/jobs/5b0b5d0e-8d1f-4d55-9d52-3c3c5c1b2a10?apply=1';
    const response = await register({
      account_type: 'applicant',
      accept_terms: true,
      name: 'Nadia Haddad',
      email: 'nadia@example.test',
      password: 'violet-ridge-29',
      redirect: going,
    });
    expect(response.statusCode).toBe(201);
    expect(response.body).toMatchObject({ redirect_to: going });
    const [mail] = await testApp.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'nadia@example.test'));
    const link = new URL(mail?.text.match(/http:\/\/localhost:3000\/verify-email\?\S+/)?.[0] ?? 'http://x');
    expect(link.searchParams.get('next')).toBe(going);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]+$/);
  });

  it('marks the address verified at once when email verification is switched off', async () => {
    await testApp.database.db
      .update(platformSettings)
      .set({ value: false })
      .where(eq(platformSettings.key, 'email_verification'));
    testApp.app.log.info('settings cache is per app; wait for it to expire is not needed: a new key is read fresh');
    const response = await register({
      account_type: 'applicant',
      accept_terms: true,
      name: 'Aiko Tanaka',
      email: 'aiko@example.test',
      password: 'paper-crane-448',
    });
    expect(response.statusCode).toBe(201);
  });

  it('makes no account without the agreement to the terms, and records when it was given', async () => {
    const network = fromNetwork('198.51.100.41');
    const registration = { account_type: 'applicant', name: 'Terry Terms', email: 'terry@example.test' } as const;
    for (const consent of [{}, { accept_terms: false }, { accept_terms: 'yes' }]) {
      const refused = await network.callUnchecked(authContract.register, {
        body: { ...registration, password: 'amber-kettle-55', ...consent },
      });
      expect(refused.statusCode, JSON.stringify(consent)).toBe(400);
      expect(refused.error).toMatchObject({
        error: `accept_terms: ${authMessages.termsRequired}`,
        code: 'validation',
        fields: { accept_terms: authMessages.termsRequired },
      });
    }
    const { db } = testApp.database;
    expect(await db.select().from(users).where(eq(users.email, 'terry@example.test'))).toEqual([]);

    const before = Date.now();
    const agreed = await network.call(authContract.register, {
      body: { ...registration, password: 'amber-kettle-55', accept_terms: true },
    });
    expect(agreed.statusCode, JSON.stringify(agreed.error)).toBe(201);
    const [user] = await db.select().from(users).where(eq(users.email, 'terry@example.test'));
    expect(user?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(user?.termsAcceptedAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('gives the spec’s texts for missing and malformed fields', async () => {
    const empty = await register({
      account_type: 'company',
      accept_terms: true,
      name: '',
      email: '',
      password: '',
      company_name: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.error?.fields).toEqual({
      name: authMessages.allFieldsRequired,
      email: authMessages.allFieldsRequired,
      password: authMessages.allFieldsRequired,
      company_name: authMessages.allFieldsRequired,
    });
    const malformed = await register({
      account_type: 'applicant',
      accept_terms: true,
      name: 'A',
      email: 'no-at-sign',
      password: '12345',
    });
    expect(malformed.error?.fields).toEqual({
      email: authMessages.invalidEmail,
      password: authMessages.passwordTooShort,
    });

    const emptySignIn = await signIn('', '');
    expect(emptySignIn.statusCode).toBe(400);
    expect(emptySignIn.error).toMatchObject({
      error: 'Please correct these fields: email, password.',
      fields: { email: authMessages.emailAndPasswordRequired, password: authMessages.emailAndPasswordRequired },
    });
    const badEmail = await signIn('nobody', 'longenough');
    expect(badEmail.error?.fields).toEqual({ email: authMessages.invalidEmail });
    const shortPassword = await signIn('a@b.co', '123');
    expect(shortPassword.error?.fields).toEqual({ password: authMessages.passwordTooShort });
  });

  it('refuses one of the 10,000 most common passwords', async () => {
    const response = await register({
      account_type: 'applicant',
      accept_terms: true,
      name: 'Sam',
      email: 'sam@example.test',
      password: 'Password1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.error).toMatchObject({
      error: authMessages.commonPassword,
      fields: { password: authMessages.commonPassword },
    });
  });

  it('refuses an email that already has an account, and registration when it is closed', async () => {
    await signedInAccount(testApp, { email: 'taken@example.test' });
    const taken = await register({
      account_type: 'applicant',
      accept_terms: true,
      name: 'X',
      email: 'TAKEN@example.test',
      password: 'violet-meadow-3',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.error?.error).toBe(authMessages.emailTaken);

    await testApp.database.db
      .update(platformSettings)
      .set({ value: false })
      .where(eq(platformSettings.key, 'allow_registrations'));
    const closedApp = await createTestApp();
    try {
      await closedApp.database.db
        .update(platformSettings)
        .set({ value: false })
        .where(eq(platformSettings.key, 'allow_registrations'));
      const closed = await callerFrom(closedApp).call(authContract.register, {
        body: {
          account_type: 'applicant',
          accept_terms: true,
          name: 'Y',
          email: 'y@example.test',
          password: 'violet-meadow-3',
        },
      });
      expect(closed.statusCode).toBe(403);
      expect(closed.error?.error).toBe(authMessages.registrationsClosed);
    } finally {
      await closedApp.close();
    }
  });

  it('signs in with the right password and says only "Invalid credentials" otherwise', async () => {
    const { user, password } = await signedInAccount(testApp, { role: 'company' });
    const ok = await signIn(user.email.toUpperCase(), password);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatchObject({ status: 'signed_in', redirect_to: '/company-dashboard' });

    const wrongPassword = await signIn(user.email, 'not-the-password');
    const unknownEmail = await signIn('nobody-here@example.test', 'not-the-password');
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.error).toEqual({ error: authMessages.invalidCredentials, code: 'unauthenticated' });
    }

    const failures = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'auth.sign_in_failed'))
      .orderBy(desc(auditLogs.createdAt));
    expect(failures.map((row) => (row.details as { email: string }).email)).toEqual(
      expect.arrayContaining([user.email, 'nobody-here@example.test']),
    );
    const [success] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.signed_in'), eq(auditLogs.actorId, user.id)));
    expect(success?.ipAddress).toBe('127.0.0.1');
  });

  it('follows a same-site redirect after sign-in and ignores any other', async () => {
    const { user, password } = await signedInAccount(testApp, { role: 'applicant' });
    const local = await signIn(user.email, password, '/applicant/jobs?q=react');
    expect(local.body).toMatchObject({ redirect_to: '/applicant/jobs?q=react' });
    for (const redirect of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      // Browsers drop tabs and newlines from URLs, so these would become //evil.example.
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
    ]) {
      const response = await signIn(user.email, password, redirect);
      expect(response.body, redirect).toMatchObject({ redirect_to: '/applicant-dashboard' });
    }
  });

  it('signs out by revoking the session on the server', async () => {
    const account = await signedInAccount(testApp);
    const out = await account.call(authContract.signOut);
    expect(out.statusCode).toBe(204);
    const rows = await testApp.database.db.select().from(sessions).where(eq(sessions.id, account.sessionId));
    expect(rows).toHaveLength(0);
    const me = await account.call(authContract.me);
    expect(me.body).toEqual({ user: null });
    const [audit] = await testApp.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'auth.signed_out'), eq(auditLogs.actorId, account.user.id)));
    expect(audit).toBeDefined();
  });

  it('ends a session that was idle longer than the session timeout', async () => {
    const account = await signedInAccount(testApp);
    await testApp.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(sessions.id, account.sessionId));
    const me = await account.call(authContract.me);
    expect(me.body).toEqual({ user: null });
    const rows = await testApp.database.db.select().from(sessions).where(eq(sessions.id, account.sessionId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a state-changing request another site made the browser send', async () => {
    const account = await signedInAccount(testApp);
    // Exactly the headers given, none of a browser on this site's.
    const sent = (headers: Record<string, string>) =>
      callUnchecked((options) => testApp.app.inject(options), accountContract.signOutOtherSessions, {
        headers: { cookie: account.cookie, ...headers },
      });
    const fromElsewhere = await sent({ 'sec-fetch-site': 'cross-site' });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.error?.error).toBe('This request came from another site and was refused.');
    const oldBrowser = await sent({ origin: 'https://evil.example' });
    expect(oldBrowser.statusCode).toBe(403);
    const noHeaders = await sent({});
    expect(noHeaders.statusCode).toBe(403);
    const sameSite = await sent({ origin: 'http://localhost:80' });
    expect(sameSite.statusCode).toBe(200);
  });

  it('answers two registrations of one address at once with one account and one 409, not a 500', async () => {
    const registration: RegisterInput = {
      account_type: 'applicant',
      accept_terms: true,
      name: 'Twin Request',
      email: 'twin@example.test',
      password: 'tandem-twin-8812',
    };
    const network = fromNetwork('198.51.100.40');
    const answers = await Promise.all([
      network.call(authContract.register, { body: registration }),
      network.call(authContract.register, { body: { ...registration, email: 'TWIN@example.test' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.error).toMatchObject({
      error: authMessages.emailTaken,
      fields: { email: authMessages.emailTaken },
    });
    expect(await testApp.database.db.select().from(users).where(eq(users.email, 'twin@example.test'))).toHaveLength(1);
  });
});
