import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { unverifiedEmailMessage } from './access-control';

describe('access policies', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    const routes = testApp.app.withTypeProvider<ZodTypeProvider>();
    // Stands for the actions that need a confirmed address (publishing a job, applying).
    routes.post(
      '/api/test/publish',
      { config: { access: { permission: 'update:company:own', verifiedEmail: 'publish jobs' } } },
      async () => ({ published: true }),
    );
    routes.get('/api/test/undeclared', async () => ({ leaked: true }));
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('holds back actions that need a confirmed email, saying why', async () => {
    const unverified = await signedInAccount(testApp, { role: 'company', emailVerified: false });
    const refused = await unverified.request({ method: 'POST', url: '/api/test/publish' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(unverifiedEmailMessage(unverified.user.email, 'publish jobs'));
    expect(refused.json().error).toMatch(/^Confirm your email address to publish jobs\. /);

    const verified = await signedInAccount(testApp, { role: 'company' });
    expect((await verified.request({ method: 'POST', url: '/api/test/publish' })).json()).toEqual({ published: true });
  });

  it('refuses everyone on a route that declares no policy', async () => {
    const account = await signedInAccount(testApp, { role: 'admin' });
    const response = await account.request({ method: 'GET', url: '/api/test/undeclared' });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('leaked');
  });
});
