import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyTexts, COMPANY_API_KEY_PREFIX, type CreateApiKeyInput } from '~/shared/api-keys';
import { authContract } from '~/shared/contracts/auth';
import { companyApiKeysContract } from '~/shared/contracts/company-api-keys';
import { jobsContract } from '~/shared/contracts/jobs';
import { teamContract } from '~/shared/contracts/teams';
import { companyWebhooksContract } from '~/shared/contracts/webhooks';
import type { CreateJobInput } from '~/shared/jobs';
import { auditLogs, companyApiKeys, companyMembers, jobs } from '../db/schema';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

const RATE_LIMIT = 6;
const job = {
  title: 'Integration Engineer',
  description: 'Posted by the company’s ATS through the API.',
  engagement_type: 'hourly',
  budget_min: 50,
  budget_max: 70,
  weekly_hours: 20,
  skill_tags: ['TypeScript'],
  timezone: 'UTC+00:00',
  visibility: 'public',
  status: 'draft',
} satisfies CreateJobInput;

// Company API keys (issue 58): the company's credential, not a person's. Shown once, scoped per resource,
// rotated with an overlap, revoked, audited, rate limited per key with the standard headers.
describe('company API keys', () => {
  let testApp: TestApp;
  let owner: Account;
  const db = () => testApp.database.db;
  // A program calling the API: no cookie, no browser headers, just the key.
  const withKey = (key: string) => (options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${key}` } });
  const create = (account: Account, body: CreateApiKeyInput) => account.call(companyApiKeysContract.create, { body });

  beforeAll(async () => {
    testApp = await createTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
    owner = await signedInAccount(testApp, { role: 'company', companyName: 'Keyholders Inc' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('creates a key shown once, keeps only its hash, lists it and records who made it', async () => {
    const response = await create(owner, { name: 'Greenhouse sync', scopes: ['jobs:read', 'applications:write'] });
    expect(response.statusCode).toBe(201);
    const { key, secret } = response.body;
    expect(secret.startsWith(COMPANY_API_KEY_PREFIX)).toBe(true);
    expect(key).toMatchObject({
      name: 'Greenhouse sync',
      scopes: ['jobs:read', 'applications:write'],
      key_prefix: secret.slice(0, 12),
      created_by: owner.user.name,
      last_used_at: null,
    });
    const [row] = await db().select().from(companyApiKeys).where(eq(companyApiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await owner.call(companyApiKeysContract.list);
    expect(listed.body.keys.map((item) => item.id)).toContain(key.id);
    expect(listed.body.rate_limit_per_minute).toBe(RATE_LIMIT);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'api_key.created'), eq(auditLogs.targetId, key.id)));
    expect(audit?.actorId).toBe(owner.user.id);
    expect(JSON.stringify(audit?.details)).not.toContain(secret);
  });

  it('reaches only what its scopes name, and no person’s own routes', async () => {
    const { secret } = (await create(owner, { name: 'Read jobs', scopes: ['jobs:read'] })).body;
    const call = withKey(secret);
    expect((await callContract(call, jobsContract.list)).statusCode).toBe(200);
    const write = await callContract(call, jobsContract.create, { body: job });
    expect(write.statusCode).toBe(403);
    expect(write.error?.error).toBe(apiKeyTexts.outOfScope);
    const webhooks = await callContract(call, companyWebhooksContract.list);
    expect(webhooks.error?.error).toBe(apiKeyTexts.outOfScope);
    // A person's own: what any signed-in person may ask, and managing keys (a key cannot make another).
    const personal = await callContract(call, authContract.resendVerification);
    expect(personal.statusCode).toBe(403);
    expect(personal.error?.error).toBe(apiKeyTexts.personalOnly);
    expect((await callContract(call, companyApiKeysContract.list)).statusCode).toBe(403);
  });

  it('acts as its own integration, so its writes are audited as the key’s and outlive whoever made it', async () => {
    const admin = await signedInAccount(testApp, { role: 'company', companyName: 'Leavers Ltd', companyRole: 'owner' });
    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, admin.user.id));
    const colleague = await signedInAccount(testApp, {
      role: 'company',
      company: { id: membership?.companyId ?? '', role: 'admin' },
    });
    const { key, secret } = (await create(colleague, { name: 'ATS', scopes: ['jobs:write'] })).body;
    // The colleague who made it is removed from the team: the key is the company's and keeps working.
    const removed = await admin.call(teamContract.remove, { params: { id: colleague.user.id } });
    expect(removed.statusCode).toBe(204);
    const created = await callContract(withKey(secret), jobsContract.create, { body: job });
    expect(created.statusCode).toBe(201);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, created.body.id));
    expect(row?.companyId).toBe(membership?.companyId);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'job.created'), eq(auditLogs.targetId, created.body.id)));
    const [stored] = await db().select().from(companyApiKeys).where(eq(companyApiKeys.id, key.id));
    expect(audit?.actorId).toBe(stored?.integrationUserId);
    expect(audit?.actorId).not.toBe(colleague.user.id);
    expect(stored?.lastUsedAt).not.toBeNull();
  });

  it('rotates a key with a 24-hour overlap, and revoking ends both at once', async () => {
    const first = (await create(owner, { name: 'Rotating', scopes: ['jobs:read'] })).body;
    const rotated = await owner.call(companyApiKeysContract.rotate, { params: { id: first.key.id } });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.body.secret).not.toBe(first.secret);
    expect(Date.parse(rotated.body.key.previous_key_expires_at ?? '')).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await callContract(withKey(first.secret), jobsContract.list)).statusCode).toBe(200);
    expect((await callContract(withKey(rotated.body.secret), jobsContract.list)).statusCode).toBe(200);
    // Past the overlap the old key is unknown.
    await db()
      .update(companyApiKeys)
      .set({ previousKeyExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyApiKeys.id, first.key.id));
    const old = await callContract(withKey(first.secret), jobsContract.list);
    expect(old.statusCode).toBe(401);
    expect(old.error?.error).toBe(apiKeyTexts.unknown);

    expect((await owner.call(companyApiKeysContract.revoke, { params: { id: first.key.id } })).statusCode).toBe(204);
    const revoked = await callContract(withKey(rotated.body.secret), jobsContract.list);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.error?.error).toBe(apiKeyTexts.revoked);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.targetId, first.key.id))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit?.action).toBe('api_key.revoked');
  });

  it('refuses an expired key, and keeps keys to the company’s Owner and Admins', async () => {
    const { key, secret } = (await create(owner, { name: 'Short', scopes: ['jobs:read'], expires_in_days: 30 })).body;
    await db()
      .update(companyApiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyApiKeys.id, key.id));
    const expired = await callContract(withKey(secret), jobsContract.list);
    expect(expired.error?.error).toBe(apiKeyTexts.expired);

    const [membership] = await db().select().from(companyMembers).where(eq(companyMembers.userId, owner.user.id));
    const manager = await signedInAccount(testApp, {
      role: 'company',
      company: { id: membership?.companyId ?? '', role: 'hiring_manager' },
    });
    expect((await manager.call(companyApiKeysContract.list)).statusCode).toBe(403);
    expect((await create(manager, { name: 'Mine', scopes: ['jobs:read'] })).statusCode).toBe(403);
    const stranger = await signedInAccount(testApp, { role: 'company' });
    const revoke = await stranger.call(companyApiKeysContract.revoke, { params: { id: key.id } });
    expect(revoke.statusCode).toBe(404);
  });

  it('limits each key’s requests a minute, saying where it stands in RateLimit headers', async () => {
    const { secret } = (await create(owner, { name: 'Busy', scopes: ['jobs:read'] })).body;
    const other = (await create(owner, { name: 'Quiet', scopes: ['jobs:read'] })).body.secret;
    for (let request = 1; request <= RATE_LIMIT; request++) {
      const response = await withKey(secret)({ method: 'GET', url: jobsContract.list.path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
      expect(response.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - request));
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    const refused = await withKey(secret)({ method: 'GET', url: jobsContract.list.path });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^This API key made too many requests\. Please wait/);
    // Another key of the same company counts apart.
    expect((await withKey(other)({ method: 'GET', url: jobsContract.list.path })).statusCode).toBe(200);
  });
});
