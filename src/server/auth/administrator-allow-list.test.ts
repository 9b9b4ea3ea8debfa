import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX } from '~/shared/api-tokens';
import { authContract } from '~/shared/contracts/auth';
import { settingsContract } from '~/shared/contracts/settings';
import { apiTokens, sessions } from '../db/schema';
import { hashToken } from '../platform/secure-tokens';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { endUnlistedAdministratorsAccess } from './unlisted-administrators';

// ADMIN_EMAILS decides who is an administrator on every request, not only at sign-in.
describe('administrators removed from ADMIN_EMAILS', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const unlist = (email: string) => {
    testApp.config.adminEmails.splice(testApp.config.adminEmails.indexOf(email), 1);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lose their signed-in session at the next request', async () => {
    const admin = await signedInAccount(testApp, { role: 'admin' });
    expect((await admin.call(settingsContract.read)).statusCode).toBe(200);
    unlist(admin.user.email);
    const after = await admin.call(settingsContract.read);
    expect(after.statusCode).toBe(401);
    expect((await admin.call(authContract.me)).body.user).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, admin.user.id))).toEqual([]);
  });

  it('are signed out everywhere at start, and every administrator token is revoked', async () => {
    const kept = await signedInAccount(testApp, { role: 'admin' });
    const removed = await signedInAccount(testApp, { role: 'admin' });
    const company = await signedInAccount(testApp, { role: 'company' });
    // Tokens made before administrators lost them, and a company's token that stays.
    for (const [userId, name] of [
      [kept.user.id, 'kept'],
      [removed.user.id, 'removed'],
      [company.user.id, 'company'],
    ] as const) {
      const secret = `${API_TOKEN_PREFIX}${name}-${userId}`;
      await db()
        .insert(apiTokens)
        .values({ userId, name, tokenHash: hashToken(secret), tokenPrefix: secret.slice(0, 12) });
    }
    unlist(removed.user.email);

    const ended = await endUnlistedAdministratorsAccess({ db: db(), adminEmails: testApp.config.adminEmails });
    expect(ended.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(ended.tokensRevoked).toBeGreaterThanOrEqual(2);
    expect(await db().select().from(sessions).where(eq(sessions.userId, removed.user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, kept.user.id))).toHaveLength(1);
    const tokens = await db().select().from(apiTokens);
    const revokedOf = (userId: string) => tokens.find((token) => token.userId === userId)?.revokedAt;
    expect(revokedOf(kept.user.id)).toBeInstanceOf(Date);
    expect(revokedOf(removed.user.id)).toBeInstanceOf(Date);
    expect(revokedOf(company.user.id)).toBeNull();
    // Run again: nothing left to end.
    const again = await endUnlistedAdministratorsAccess({ db: db(), adminEmails: testApp.config.adminEmails });
    expect(again).toEqual({ sessionsEnded: 0, tokensRevoked: 0 });
  });
});
