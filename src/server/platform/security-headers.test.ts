import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountContract } from '~/shared/contracts/account';
import { authContract } from '~/shared/contracts/auth';
import { jobsContract } from '~/shared/contracts/jobs';
import { platformContract } from '~/shared/contracts/platform';
import { signedInAccount } from '../testing/auth-helpers';
import { callContract, callUnchecked } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('security headers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  const inject = (options: InjectOptions) => testApp.app.inject(options);
  // A browser's violation report: posted as application/csp-report, a type no contract body is sent as, from
  // the browser's own address.
  const reportFrom = (remoteAddress: string | undefined, payload: string) =>
    callUnchecked(
      (options: InjectOptions) => testApp.app.inject({ ...options, ...(remoteAddress && { remoteAddress }) }),
      platformContract.reportCspViolation,
      { headers: { 'content-type': 'application/csp-report' }, body: payload },
    );

  it('let API responses load and frame nothing', async () => {
    const response = await callContract(inject, platformContract.health);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('let documents use only our own origin and forbid framing', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain('report-uri /api/csp-reports');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await callContract(inject, platformContract.health);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // The proxy's header, not the endpoint's.
    const secure = await callUnchecked(inject, platformContract.health, { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('compresses large API responses', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('accepts Content-Security-Policy violation reports from browsers', async () => {
    const response = await reportFrom(
      undefined,
      JSON.stringify({ 'csp-report': { 'blocked-uri': 'https://evil.example/x.js' } }),
    );
    expect(response.statusCode).toBe(204);
    const malformed = await reportFrom(undefined, 'not json');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.error?.code).toBe('validation');
  });

  it('limits how many violation reports one network may file', async () => {
    const report = () => reportFrom('198.51.100.61', JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } }));
    const statuses = [];
    for (let attempt = 0; attempt < 61; attempt++) statuses.push((await report()).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  // Counted before the body is read: malformed reports were answered 400 for ever, never limited.
  it('limits malformed violation reports as well', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 61; attempt++) {
      const response = await reportFrom('198.51.100.62', 'not json');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('lets no cache keep an API answer, which may carry personal data', async () => {
    const account = await signedInAccount(testApp);
    const answers = {
      [authContract.me.path]: await account.call(authContract.me),
      [accountContract.sessions.path]: await account.call(accountContract.sessions),
      [platformContract.health.path]: await account.call(platformContract.health),
      // A path no endpoint has: its 404 is an API answer too.
      '/api/no-such-endpoint': await account.request({ method: 'GET', url: '/api/no-such-endpoint' }),
    };
    for (const [url, response] of Object.entries(answers)) {
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await callContract(inject, jobsContract.list);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
