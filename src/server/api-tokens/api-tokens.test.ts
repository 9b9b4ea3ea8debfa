import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX, apiTokenTexts, type CreateApiTokenInput } from '~/shared/api-tokens';
import type { CallArguments, EndpointDefinition } from '~/shared/contract';
import { accountContract } from '~/shared/contracts/account';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { authContract } from '~/shared/contracts/auth';
import { jobsContract } from '~/shared/contracts/jobs';
import { meetingsContract } from '~/shared/contracts/meetings';
import { platformContract } from '~/shared/contracts/platform';
import { privacyContract } from '~/shared/contracts/privacy';
import { settingsContract } from '~/shared/contracts/settings';
import { defaultPlatformSettings } from '~/shared/settings';
import { apiTokens, auditLogs, companies, companyMembers, users } from '../db/schema';
import { hashToken } from '../platform/secure-tokens';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
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

  const create = (account: Account, body: CreateApiTokenInput = { name: 'Reporting script' }) =>
    account.call(apiTokensContract.create, { body });
  // A program calling the API: no cookie, no browser headers, just the token.
  const bearer = (token: string) => (options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });

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
    const { token, secret } = response.body;
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(token).toMatchObject({ name: 'Nightly export', token_prefix: secret.slice(0, 12), last_used_at: null });
    const days = (Date.parse(String(token.expires_at)) - Date.parse(token.created_at)) / 86_400_000;
    expect(days).toBe(30);

    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.tokenHash).toBe(hashToken(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await owner.call(apiTokensContract.list);
    expect(list.statusCode).toBe(200);
    expect(list.body).toEqual({ tokens: [token], api_access: true });
    // The bytes sent, not the parsed body: a key the contract does not declare must not carry it either.
    expect(list.rawPayload.toString()).not.toContain(secret);
    // Each person sees only their own.
    const theirs = await other.call(apiTokensContract.list);
    expect(theirs.body.tokens).toEqual([]);

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
    expect(response.error?.fields).toEqual({ name: 'Give the token a name.' });
    const badExpiry = await company.callUnchecked(apiTokensContract.create, {
      body: { name: 'x', expires_in_days: 7 },
    });
    expect(badExpiry.statusCode).toBe(400);
    expect(badExpiry.error?.fields?.expires_in_days).toBe('Choose 30, 90 or 365 days.');
    // Every token expires: "never" is no longer a choice.
    const never = await company.callUnchecked(apiTokensContract.create, {
      body: { name: 'x', expires_in_days: null },
    });
    expect(never.statusCode).toBe(400);
    expect(never.error?.fields?.expires_in_days).toBe('Choose 30, 90 or 365 days.');
  });

  it('expires in 90 days when no expiry is chosen', async () => {
    const { token } = (await create(company, { name: 'No expiry chosen' })).body;
    const days = (Date.parse(String(token.expires_at)) - Date.parse(token.created_at)) / 86_400_000;
    expect(days).toBe(90);
  });

  it("acts as its owner with exactly the owner's permissions, without the cross-site check", async () => {
    const { secret } = (await create(company)).body;
    const me = await callContract(bearer(secret), authContract.me);
    expect(me.body.user).toMatchObject({ id: company.user.id, role: 'company', company: { name: 'Token Works' } });
    expect((await callContract(bearer(secret), jobsContract.list)).statusCode).toBe(200);
    // Not an administrator: the admin API stays closed to it.
    const admins = await callContract(bearer(secret), settingsContract.read);
    expect(admins.statusCode).toBe(403);
    // A write with no browser headers at all works: the token is not ambient, so CSRF does not apply.
    const written = await callContract(bearer(secret), accountContract.updateTimeZone, {
      body: { time_zone: 'Europe/Lisbon' },
    });
    expect(written.statusCode).toBe(200);
    expect(written.body).toEqual({ time_zone: 'Europe/Lisbon' });

    const [row] = await db()
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(secret)));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses, with a sentence, the account's security to a request made with a token", async () => {
    const { token, secret } = (await create(company)).body;
    const asScript = <E extends EndpointDefinition>(endpoint: E, ...callArguments: CallArguments<E>) => ({
      label: `${endpoint.method} ${endpoint.path}`,
      send: () => callContract(bearer(secret), endpoint, ...callArguments),
    });
    const password = company.password ?? '';
    const requests = [
      asScript(apiTokensContract.list),
      // A token minting tokens would outlive its own revocation.
      asScript(apiTokensContract.create, { body: { name: 'Made by a script' } }),
      asScript(apiTokensContract.revoke, { params: { id: token.id } }),
      asScript(accountContract.changePassword, { body: { current_password: password, new_password: 'x' } }),
      asScript(accountContract.changeEmail, { body: { new_email: 'elsewhere@example.test', current_password: '' } }),
      asScript(accountContract.sessions),
      asScript(accountContract.signOutOtherSessions),
      asScript(meetingsContract.createCalendarFeed),
      asScript(privacyContract.exportData),
      asScript(privacyContract.requestDeletion, { body: { password } }),
      asScript(privacyContract.cancelDeletion),
    ];
    for (const { label, send } of requests) {
      const response = await send();
      expect(response.statusCode, label).toBe(403);
      expect(response.error).toEqual({ error: apiTokenTexts.sessionRequired, code: 'forbidden' });
    }
    // The same person, signed in, may.
    expect((await company.call(apiTokensContract.list)).statusCode).toBe(200);
    const [row] = await db().select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.revokedAt).toBeNull();
  });

  it('gives administrators no tokens, and honours none an administrator still holds', async () => {
    const made = await create(admin);
    expect(made.statusCode).toBe(403);
    expect(made.error?.error).toBe('You do not have permission to do that.');
    expect((await admin.call(apiTokensContract.list)).statusCode).toBe(403);
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
    const response = await callContract(bearer(secret), settingsContract.read);
    expect(response.statusCode).toBe(403);
    expect(response.error?.error).toBe(apiTokenTexts.notForAdministrators);
  });

  it('refuses unknown, revoked and expired tokens with 401 and a sentence', async () => {
    const unknown = await callContract(bearer(`${API_TOKEN_PREFIX}not-a-real-token`), authContract.me);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.error).toEqual({ error: apiTokenTexts.unknown, code: 'unauthenticated' });

    const { token, secret } = (await create(applicant)).body;
    expect((await callContract(bearer(secret), authContract.me)).statusCode).toBe(200);
    const revoked = await applicant.call(apiTokensContract.revoke, { params: { id: token.id } });
    expect(revoked.statusCode).toBe(204);
    const after = await callContract(bearer(secret), authContract.me);
    expect(after.statusCode).toBe(401);
    expect(after.error?.error).toBe(apiTokenTexts.revoked);
    const list = await applicant.call(apiTokensContract.list);
    expect(list.body.tokens.map((listed) => listed.id)).not.toContain(token.id);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'api_token.revoked'), eq(auditLogs.targetId, token.id)));
    expect(audit).toMatchObject({ actorId: applicant.user.id, targetId: token.id });
    expect(audit?.details).toMatchObject({ before: { revoked_at: null } });

    const old = (await create(applicant, { name: 'Old', expires_in_days: 30 })).body;
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, old.token.id));
    const expired = await callContract(bearer(old.secret), authContract.me);
    expect(expired.statusCode).toBe(401);
    expect(expired.error?.error).toBe(apiTokenTexts.expired);
  });

  it("revokes only one's own tokens, once", async () => {
    const { token } = (await create(company)).body;
    const byOther = await applicant.call(apiTokensContract.revoke, { params: { id: token.id } });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.error?.error).toBe(apiTokenTexts.notFound);
    expect((await company.call(apiTokensContract.revoke, { params: { id: token.id } })).statusCode).toBe(204);
    expect((await company.call(apiTokensContract.revoke, { params: { id: token.id } })).statusCode).toBe(404);
  });

  it("refuses the token of a suspended owner or of a suspended company's member", async () => {
    const person = await signedInAccount(testApp, { role: 'applicant' });
    const { secret } = (await create(person)).body;
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, person.user.id));
    const response = await callContract(bearer(secret), authContract.me);
    expect(response.statusCode).toBe(403);
    expect(response.error?.error).toBe(apiTokenTexts.suspended);

    // A suspended company's people are refused too.
    const member = await signedInAccount(testApp, { role: 'company' });
    const memberToken = (await create(member)).body.secret;
    expect((await callContract(bearer(memberToken), jobsContract.list)).statusCode).toBe(200);
    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, member.user.id));
    await db()
      .update(companies)
      .set({ status: 'suspended' })
      .where(eq(companies.id, membership?.companyId ?? ''));
    expect((await callContract(bearer(memberToken), jobsContract.list)).statusCode).toBe(403);
  });

  it('refuses every bearer request while API access is off, and accepts them again when it is on', async () => {
    const { secret } = (await create(company)).body;
    const settingsChange = await admin.call(settingsContract.update, { body: { api_access: false } });
    expect(settingsChange.statusCode).toBe(200);
    for (const endpoint of [authContract.me, jobsContract.list, platformContract.health]) {
      const response = await callContract(bearer(secret), endpoint);
      expect(response.statusCode, endpoint.path).toBe(403);
      expect(response.error).toEqual({ error: apiTokenTexts.accessOff, code: 'forbidden' });
    }
    // Sessions are not API access: the person still uses the site.
    expect((await company.call(jobsContract.list)).statusCode).toBe(200);
    const list = await company.call(apiTokensContract.list);
    expect(list.body.api_access).toBe(false);
    // A token made now would only look usable.
    const made = await create(company, { name: 'While off' });
    expect(made.statusCode).toBe(403);
    expect(made.error).toEqual({ error: apiTokenTexts.accessOff, code: 'forbidden' });
    expect((await company.call(apiTokensContract.list)).body.tokens).toHaveLength(list.body.tokens.length);

    await admin.call(settingsContract.update, { body: { api_access: true } });
    expect((await callContract(bearer(secret), jobsContract.list)).statusCode).toBe(200);
  });
});
