import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX, apiTokenTexts } from '~/shared/api-tokens';
import { defaultPlatformSettings } from '~/shared/settings';
import { apiTokens, auditLogs, companies, companyMembers, users } from '../db/schema';
import { hashToken } from '../platform/secure-tokens';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Personal API tokens: created in settings and shown once, sent as a bearer token,
// acting with exactly the owner's permissions, revocable, and all refused while API access is off.
describe('personal API tokens', () => {
  let testApp: TestApp;
  let company: Account;
  let applicant: Account;
  let admin: Account;
  const db = () => testApp.database.db;

  const create = (account: Account, payload: object = { name: 'Reporting script' }) =>
    account.request({ method: 'POST', url: '/api/account/api-tokens', payload });
  // A program calling the API: no cookie, no browser headers, just the token.
  const withBearer = (token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    testApp = await createTestApp();
    company = await signedInAccount(testApp, { role: 'company', companyName: 'Token Works' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    admin = await signedInAccount(testApp, { role: 'admin' });
  });
  afterAll(async () => {
    await testApp.close();
  });
  beforeEach(async () => {
    await testApp.setSettings(defaultPlatformSettings);
  });

  it('creates a token shown once, keeps only its hash, lists it and records the creation', async () => {
    // People of its own: the list must hold this token alone, and the other person's none.
    const owner = await signedInAccount(testApp, { role: 'company' });
    const other = await signedInAccount(testApp, { role: 'applicant' });
    const response = await create(owner, { name: '  Nightly export ', expires_in_days: 30 });
    expect(response.statusCode).toBe(201);
    const { token, secret } = response.json();
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token).toMatchObject({ name: 'Nightly export', token_prefix: secret.slice(0, 12), last_used_at: null });
    const days = (Date.parse(token.expires_at) - Date.parse(token.created_at)) / 86_400_000;
    expect(days).toBe(30);

    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await owner.request({ method: 'GET', url: '/api/account/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ tokens: [token], api_access: true });
    expect(JSON.stringify(list.json())).not.toContain(secret);
    // Each person sees only their own.
    const theirs = await other.request({ method: 'GET', url: '/api/account/api-tokens' });
    expect(theirs.json().tokens).toEqual([]);

    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, token.id))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit).toMatchObject({ action: 'api_token.created', actorId: owner.user.id, targetType: 'api_token' });
    expect(audit?.details).toMatchObject({ name: 'Nightly export', token_prefix: token.token_prefix });
  });

  it('refuses a nameless token with a sentence', async () => {
    const response = await create(company, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Give the token a name.' });
    const badExpiry = await create(company, { name: 'x', expires_in_days: 7 });
    expect(badExpiry.statusCode).toBe(400);
    expect(badExpiry.json().fields.expires_in_days).toBe('Choose 30, 90 or 365 days.');
    // Every token expires: "never" is no longer a choice.
    const never = await create(company, { name: 'x', expires_in_days: null });
    expect(never.statusCode).toBe(400);
    expect(never.json().fields.expires_in_days).toBe('Choose 30, 90 or 365 days.');
  });

  it('expires in 90 days when no expiry is chosen', async () => {
    const { token } = (await create(company, { name: 'No expiry chosen' })).json();
    const days = (Date.parse(token.expires_at) - Date.parse(token.created_at)) / 86_400_000;
    expect(days).toBe(90);
  });

  it("acts as its owner with exactly the owner's permissions, without the cross-site check", async () => {
    const { secret } = (await create(company)).json();
    const me = await withBearer(secret, '/api/auth/me');
    expect(me.json().user).toMatchObject({ id: company.user.id, role: 'company', company: { name: 'Token Works' } });
    expect((await withBearer(secret, '/api/jobs')).statusCode).toBe(200);
    // Not an administrator: the admin API stays closed to it.
    const admins = await withBearer(secret, '/api/admin/settings');
    expect(admins.statusCode).toBe(403);
    // A write with no browser headers at all works: the token is not ambient, so CSRF does not apply.
    const written = await testApp.app.inject({
      method: 'PUT',
      url: '/api/account/time-zone',
      payload: { time_zone: 'Europe/Lisbon' },
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({ time_zone: 'Europe/Lisbon' });

    const [row] = await db()
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(secret)));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses, with a sentence, the account's security to a request made with a token", async () => {
    const { token, secret } = (await create(company)).json();
    const asScript = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      testApp.app.inject({ method, url, payload, headers: { authorization: `Bearer ${secret}` } });
    const requests: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object]> = [
      ['GET', '/api/account/api-tokens'],
      // A token minting tokens would outlive its own revocation.
      ['POST', '/api/account/api-tokens', { name: 'Made by a script' }],
      ['DELETE', `/api/account/api-tokens/${token.id}`],
      ['POST', '/api/account/password', { current_password: company.password, new_password: 'x' }],
      ['POST', '/api/account/email', { new_email: 'elsewhere@example.test', current_password: '' }],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/sign-out-others'],
      ['POST', '/api/calendar-feed'],
      ['POST', '/api/account/data-export'],
      ['POST', '/api/account/deletion-request', { password: company.password }],
      ['DELETE', '/api/account/deletion-request'],
    ];
    for (const [method, url, payload] of requests) {
      const response = await asScript(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({ error: apiTokenTexts.sessionRequired, code: 'forbidden' });
    }
    // The same person, signed in, may.
    expect((await company.request({ method: 'GET', url: '/api/account/api-tokens' })).statusCode).toBe(200);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.revokedAt).toBeNull();
  });

  it('gives administrators no tokens, and honours none an administrator still holds', async () => {
    const made = await create(admin);
    expect(made.statusCode).toBe(403);
    expect(made.json().error).toBe('You do not have permission to do that.');
    expect((await admin.request({ method: 'GET', url: '/api/account/api-tokens' })).statusCode).toBe(403);
    // A token made before administrators lost them.
    const secret = `${API_TOKEN_PREFIX}an-administrators-old-token`;
    await db()
      .insert(apiTokens)
      .values({
        userId: admin.user.id,
        name: 'Old admin script',
        tokenHash: hashToken(secret),
        tokenPrefix: 'tdm_an-admi',
      });
    const response = await withBearer(secret, '/api/admin/settings');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(apiTokenTexts.notForAdministrators);
  });

  it('refuses unknown, revoked and expired tokens with 401 and a sentence', async () => {
    const unknown = await withBearer(`${API_TOKEN_PREFIX}not-a-real-token`, '/api/auth/me');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: apiTokenTexts.unknown, code: 'unauthenticated' });

    const { token, secret } = (await create(applicant)).json();
    expect((await withBearer(secret, '/api/auth/me')).statusCode).toBe(200);
    const revoked = await applicant.request({ method: 'DELETE', url: `/api/account/api-tokens/${token.id}` });
    expect(revoked.statusCode).toBe(204);
    const after = await withBearer(secret, '/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(apiTokenTexts.revoked);
    const list = await applicant.request({ method: 'GET', url: '/api/account/api-tokens' });
    expect(list.json().tokens.map((listed: { id: string }) => listed.id)).not.toContain(token.id);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'api_token.revoked'), eq(auditLogs.targetId, token.id)));
    expect(audit).toMatchObject({ actorId: applicant.user.id, targetId: token.id });
    expect(audit?.details).toMatchObject({ before: { revoked_at: null } });

    const old = (await create(applicant, { name: 'Old', expires_in_days: 30 })).json();
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, old.token.id));
    const expired = await withBearer(old.secret, '/api/auth/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(apiTokenTexts.expired);
  });

  it("revokes only one's own tokens, once", async () => {
    const { token } = (await create(company)).json();
    const byOther = await applicant.request({ method: 'DELETE', url: `/api/account/api-tokens/${token.id}` });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error).toBe(apiTokenTexts.notFound);
    expect((await company.request({ method: 'DELETE', url: `/api/account/api-tokens/${token.id}` })).statusCode).toBe(
      204,
    );
    expect((await company.request({ method: 'DELETE', url: `/api/account/api-tokens/${token.id}` })).statusCode).toBe(
      404,
    );
  });

  it("refuses the token of a suspended owner or of a suspended company's member", async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const { secret } = (await create(person)).json();
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, person.user.id));
    const response = await withBearer(secret, '/api/auth/me');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe(apiTokenTexts.suspended);

    // A suspended company's people are refused too.
    const member = await signedInAccount(testApp, { role: 'company' });
    const memberToken = (await create(member)).json().secret;
    expect((await withBearer(memberToken, '/api/jobs')).statusCode).toBe(200);
    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, member.user.id));
    await db()
      .update(companies)
      .set({ status: 'suspended' })
      .where(eq(companies.id, membership?.companyId ?? ''));
    expect((await withBearer(memberToken, '/api/jobs')).statusCode).toBe(403);
  });

  it('refuses every bearer request while API access is off, and accepts them again when it is on', async () => {
    const { secret } = (await create(company)).json();
    const settingsChange = await admin.request({
      method: 'PUT',
      url: '/api/admin/settings',
      payload: { api_access: false },
    });
    expect(settingsChange.statusCode).toBe(200);
    for (const url of ['/api/auth/me', '/api/jobs', '/api/health']) {
      const response = await withBearer(secret, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ error: apiTokenTexts.accessOff, code: 'forbidden' });
    }
    // Sessions are not API access: the person still uses the site.
    expect((await company.request({ method: 'GET', url: '/api/jobs' })).statusCode).toBe(200);
    const list = await company.request({ method: 'GET', url: '/api/account/api-tokens' });
    expect(list.json().api_access).toBe(false);
    // A token made now would only look usable.
    const made = await create(company, { name: 'While off' });
    expect(made.statusCode).toBe(403);
    expect(made.json()).toEqual({ error: apiTokenTexts.accessOff, code: 'forbidden' });
    expect((await company.request({ method: 'GET', url: '/api/account/api-tokens' })).json().tokens).toHaveLength(
      list.json().tokens.length,
    );

    await admin.request({ method: 'PUT', url: '/api/admin/settings', payload: { api_access: true } });
    expect((await withBearer(secret, '/api/jobs')).statusCode).toBe(200);
  });
});
