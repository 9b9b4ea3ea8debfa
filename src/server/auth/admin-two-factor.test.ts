import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '~/shared/auth';
import { auditLogs } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { sameOriginHeaders } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';

// Cookies a response set, as a Cookie header for the next request.
function cookiesFrom(response: { cookies: Array<{ name: string; value: string }> }, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  for (const cookie of response.cookies) {
    if (cookie.value) jar.set(cookie.name, cookie.value);
    else jar.delete(cookie.name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

// The code an authenticator shows in the next 30-second step.
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('administrator sign-in', () => {
  let testApp: TestApp;
  const post = (url: string, payload?: unknown, cookie = '') =>
    testApp.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...sameOriginHeaders, cookie } });

  beforeAll(async () => {
    testApp = await createTestApp({
      env: {
        ADMIN_EMAILS:
          'Root@Tandem.Example, second@tandem.example, third@tandem.example, solo@tandem.example, replay@tandem.example, demo@tandem.example, plain@tandem.example, guarded@tandem.example',
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });
  beforeEach(async () => {
    await testApp.setSettings({ admin_two_factor: true });
  });

  it('refuses an address that is not on the allow-list, however it signs in', async () => {
    const notListed = await buildAccount(testApp.database.db, { role: 'admin', email: 'sneaky@tandem.example' });
    for (const url of ['/api/auth/admin/sign-in', '/api/auth/sign-in']) {
      const response = await post(url, { email: notListed.user.email, password: notListed.password });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe(authMessages.adminNotAuthorized);
    }
    const company = await buildAccount(testApp.database.db, { role: 'company' });
    const asAdmin = await post('/api/auth/admin/sign-in', { email: company.user.email, password: company.password });
    expect(asAdmin.json().error).toBe(authMessages.adminNotAuthorized);
    const wrongPassword = await post('/api/auth/admin/sign-in', {
      email: 'root@tandem.example',
      password: 'whatever-else',
    });
    expect(wrongPassword.json().error).toBe(authMessages.invalidCredentials);
  });

  it('enrols an authenticator on first sign-in, then asks for its code every time', async () => {
    const admin = await buildAccount(testApp.database.db, { role: 'admin', email: 'root@tandem.example' });
    const first = await post('/api/auth/admin/sign-in', { email: 'ROOT@tandem.example', password: admin.password });
    expect(first.json()).toEqual({ status: 'two_factor_required', stage: 'enroll' });
    expect(first.cookies.find((cookie) => cookie.name === 'tandem_session')).toBeUndefined();
    let cookie = cookiesFrom(first);

    const pending = await testApp.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: { cookie } });
    expect(pending.json()).toEqual({ stage: 'enroll' });

    const enrollment = await post('/api/auth/two-factor/enrollment', undefined, cookie);
    const { secret, otpauth_url, qr_code_svg } = enrollment.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Tandem:root%40tandem\.example\?/);
    expect(qr_code_svg).toContain('<svg');

    const wrong = await post('/api/auth/two-factor/enrollment/confirm', { code: '000000' }, cookie);
    expect(wrong.statusCode).toBe(400);
    const confirmed = await post(
      '/api/auth/two-factor/enrollment/confirm',
      { code: await generate({ secret }) },
      cookie,
    );
    expect(confirmed.statusCode).toBe(200);
    const { result, recovery_codes } = confirmed.json();
    expect(result).toMatchObject({ status: 'signed_in', redirect_to: '/admin-dashboard', user: { role: 'admin' } });
    expect(recovery_codes).toHaveLength(10);
    cookie = cookiesFrom(confirmed, cookie);
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user.role,
    ).toBe('admin');

    const second = await post('/api/auth/admin/sign-in', { email: 'root@tandem.example', password: admin.password });
    expect(second.json()).toEqual({ status: 'two_factor_required', stage: 'verify' });
    const verifyCookie = cookiesFrom(second);
    // The enrolment's code has been used; the app's next code (its clock may run ahead) is accepted.
    const verified = await post('/api/auth/two-factor/verify', { code: await nextCode(secret) }, verifyCookie);
    expect(verified.json()).toMatchObject({ status: 'signed_in', redirect_to: '/admin-dashboard' });

    // A recovery code works once.
    const third = cookiesFrom(
      await post('/api/auth/admin/sign-in', { email: 'root@tandem.example', password: admin.password }),
    );
    expect((await post('/api/auth/two-factor/verify', { code: recovery_codes[0] }, third)).statusCode).toBe(200);
    const fourth = cookiesFrom(
      await post('/api/auth/admin/sign-in', { email: 'root@tandem.example', password: admin.password }),
    );
    expect((await post('/api/auth/two-factor/verify', { code: recovery_codes[0] }, fourth)).statusCode).toBe(400);

    const actions = await testApp.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.actorId, admin.user.id));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'auth.two_factor_enabled',
        'auth.recovery_code_used',
        'auth.two_factor_failed',
        'auth.signed_in',
      ]),
    );
  });

  it('needs the pending sign-in from the same browser for the second step', async () => {
    const secret = generateSecret();
    await buildAccount(testApp.database.db, { role: 'admin', email: 'second@tandem.example', totpSecret: secret });
    const response = await post('/api/auth/two-factor/verify', { code: await generate({ secret }) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('Your sign-in has expired. Please enter your email and password again.');
    const forged = await post(
      '/api/auth/two-factor/verify',
      { code: await generate({ secret }) },
      'tandem_2fa={"userId":"x","stage":"verify"}',
    );
    expect(forged.statusCode).toBe(401);
  });

  it('limits wrong codes per account', async () => {
    const secret = generateSecret();
    const admin = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'third@tandem.example',
      totpSecret: secret,
    });
    const cookie = cookiesFrom(
      await post('/api/auth/admin/sign-in', { email: admin.user.email, password: admin.password }),
    );
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await post('/api/auth/two-factor/verify', { code: `12345${attempt}` }, cookie)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[6]).toBe(429);
  });

  it('signs an administrator straight in when the 2FA setting is off', async () => {
    await testApp.setSettings({ admin_two_factor: false });
    const admin = await buildAccount(testApp.database.db, { role: 'admin', email: 'solo@tandem.example' });
    const response = await post('/api/auth/admin/sign-in', { email: admin.user.email, password: admin.password });
    expect(response.json()).toMatchObject({ status: 'signed_in', redirect_to: '/admin-dashboard' });
  });

  it('accepts a code once, even within its 30-second window', async () => {
    const secret = generateSecret();
    const admin = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'replay@tandem.example',
      totpSecret: secret,
    });
    const signIn = async () =>
      cookiesFrom(await post('/api/auth/admin/sign-in', { email: admin.user.email, password: admin.password }));
    const code = await generate({ secret });
    const first = await post('/api/auth/two-factor/verify', { code }, await signIn());
    expect(first.statusCode).toBe(200);
    // Someone who saw the code (over a shoulder, through a phishing page) tries it again at once.
    const replayed = await post('/api/auth/two-factor/verify', { code }, await signIn());
    expect(replayed.statusCode).toBe(400);
    expect(replayed.cookies.find((cookie) => cookie.name === 'tandem_session')).toBeUndefined();
    // The next code still works.
    expect(
      (await post('/api/auth/two-factor/verify', { code: await nextCode(secret) }, await signIn())).statusCode,
    ).toBe(200);
  });

  it('exempts only the demo administrator from the second factor, not everyone', async () => {
    const demo = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'demo@tandem.example',
      twoFactorExempt: true,
    });
    const plain = await buildAccount(testApp.database.db, { role: 'admin', email: 'plain@tandem.example' });
    const demoSignIn = await post('/api/auth/admin/sign-in', { email: demo.user.email, password: demo.password });
    expect(demoSignIn.json()).toMatchObject({ status: 'signed_in' });
    const plainSignIn = await post('/api/auth/admin/sign-in', { email: plain.user.email, password: plain.password });
    expect(plainSignIn.json()).toEqual({ status: 'two_factor_required', stage: 'enroll' });
  });

  it('asks for the second factor once the account is under attack, even when it would skip it', async () => {
    await testApp.setSettings({ admin_two_factor: false });
    const secret = generateSecret();
    const admin = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'guarded@tandem.example',
      totpSecret: secret,
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await post('/api/auth/admin/sign-in', {
        email: admin.user.email,
        password: `guess-${attempt}-xyz`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const stepped = await post('/api/auth/admin/sign-in', { email: admin.user.email, password: admin.password });
    expect(stepped.json()).toEqual({ status: 'two_factor_required', stage: 'verify' });
    const verified = await post(
      '/api/auth/two-factor/verify',
      { code: await generate({ secret }) },
      cookiesFrom(stepped),
    );
    expect(verified.json()).toMatchObject({ status: 'signed_in' });
  }, 20_000);
});
