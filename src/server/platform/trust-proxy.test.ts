import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { auditLogs } from '../db/schema';
import { sameOriginHeaders } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';

// Behind a proxy, the client's address is the one the nearest trusted proxy saw: the left-most
// X-Forwarded-For entry is whatever the client wrote, so counting it would let anyone dodge per-IP limits.
describe('client addresses behind a proxy', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const testApp of apps) await testApp.close();
  });

  async function appTrusting(trustProxy: string) {
    const testApp = await createTestApp({ env: { TRUST_PROXY: trustProxy } });
    apps.push(testApp);
    return testApp;
  }

  // A failed sign-in for an unknown address: counted per IP, audited with the IP.
  const failedSignIn = (testApp: TestApp, email: string, remoteAddress: string, forwardedFor: string) =>
    callContract(
      (options) =>
        testApp.app.inject({
          ...options,
          remoteAddress,
          headers: { ...sameOriginHeaders, 'x-forwarded-for': forwardedFor, ...options.headers },
        }),
      authContract.signIn,
      { body: { email, password: 'not-the-password' } },
    );

  it('counts the address the proxy saw, however the client fills in the left of the header', async () => {
    const testApp = await appTrusting('1');
    const statuses = [];
    for (let attempt = 0; attempt < 51; attempt++) {
      // A new made-up address each time, then the real one the proxy appended.
      const response = await failedSignIn(
        testApp,
        `nobody-${attempt}@example.test`,
        '10.0.0.5',
        `192.0.2.${attempt}, 198.51.100.9`,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(statuses[50]).toBe(429);

    const [audited] = await testApp.database.db
      .select({ ip: sql<string>`host(${auditLogs.ipAddress})` })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'auth.sign_in_failed'), sql`${auditLogs.details}->>'email' = 'nobody-0@example.test'`),
      );
    expect(audited?.ip).toBe('198.51.100.9');
  }, 60_000);

  it('walks back through the listed proxies to the first address that is not one of them', async () => {
    const testApp = await appTrusting('10.0.0.0/8, 172.16.0.1');
    await failedSignIn(testApp, 'listed@example.test', '10.0.0.5', '192.0.2.66, 198.51.100.23, 172.16.0.1, 10.1.2.3');
    const [audited] = await testApp.database.db
      .select({ ip: sql<string>`host(${auditLogs.ipAddress})` })
      .from(auditLogs)
      .where(sql`${auditLogs.details}->>'email' = 'listed@example.test'`);
    expect(audited?.ip).toBe('198.51.100.23');

    // A request that did not come through a listed proxy is counted by its own address.
    await failedSignIn(testApp, 'direct@example.test', '203.0.113.77', '192.0.2.1');
    const [direct] = await testApp.database.db
      .select({ ip: sql<string>`host(${auditLogs.ipAddress})` })
      .from(auditLogs)
      .where(sql`${auditLogs.details}->>'email' = 'direct@example.test'`);
    expect(direct?.ip).toBe('203.0.113.77');
    // It starts an app of its own, as the test above does: seconds of a busy machine.
  }, 60_000);
});
