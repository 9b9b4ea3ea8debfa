import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authMessages } from '~/shared/auth';
import { authContract } from '~/shared/contracts/auth';
import { auditLogs } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { callerFrom } from '../testing/auth-helpers';
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
  // A browser on this site holding these cookies (none at first).
  const browser = (cookie = '') => callerFrom(testApp, { cookie });
  const adminSignIn = (email: string, password: string | null) =>
    browser().call(authContract.adminSignIn, { body: { email, password: password ?? '' } });
  const verify = (code: string, cookie = '') => browser(cookie).call(authContract.verifyTwoFactor, { body: { code } });

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
    for (const endpoint of [authContract.adminSignIn, authContract.signIn]) {
      const response = await browser().call(endpoint, {
        body: { email: notListed.user.email, password: notListed.password ?? '' },
      });
      expect(response.statusCode, endpoint.path).toBe(403);
      expect(response.error?.error).toBe(authMessages.adminNotAuthorized);
    }
    const company = await buildAccount(testApp.database.db, { role: 'company' });
    const asAdmin = await adminSignIn(company.user.email, company.password);
    expect(asAdmin.error?.error).toBe(authMessages.adminNotAuthorized);
    const wrongPassword = await adminSignIn('root@tandem.example', 'whatever-else');
    expect(wrongPassword.error?.error).toBe(authMessages.invalidCredentials);
  });

  it('enrols an authenticator on first sign-in, then asks for its code every time', async () => {
    const admin = await buildAccount(testApp.database.db, { role: 'admin', email: 'root@tandem.example' });
    const first = await adminSignIn('ROOT@tandem.example', admin.password);
    expect(first.body).toEqual({ status: 'two_factor_required', stage: 'enroll' });
    expect(first.cookies.find((cookie) => cookie.name === 'tandem_session')).toBeUndefined();
    let cookie = cookiesFrom(first);

    const pending = await browser(cookie).call(authContract.twoFactorStage);
    expect(pending.body).toEqual({ stage: 'enroll' });

    const enrollment = await browser(cookie).call(authContract.startTwoFactorEnrollment);
    const { secret, otpauth_url, qr_code_svg } = enrollment.body;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Tandem:root%40tandem\.example\?/);
    expect(qr_code_svg).toContain('<svg');

    const wrong = await browser(cookie).call(authContract.confirmTwoFactorEnrollment, { body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    const confirmed = await browser(cookie).call(authContract.confirmTwoFactorEnrollment, {
      body: { code: await generate({ secret }) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { result, recovery_codes } = confirmed.body;
    expect(result).toMatchObject({ status: 'signed_in', redirect_to: '/admin-dashboard', user: { role: 'admin' } });
    expect(recovery_codes).toHaveLength(10);
    cookie = cookiesFrom(confirmed, cookie);
    expect((await browser(cookie).call(authContract.me)).body.user?.role).toBe('admin');

    const second = await adminSignIn('root@tandem.example', admin.password);
    expect(second.body).toEqual({ status: 'two_factor_required', stage: 'verify' });
    const verifyCookie = cookiesFrom(second);
    // The enrolment's code has been used; the app's next code (its clock may run ahead) is accepted.
    const verified = await verify(await nextCode(secret), verifyCookie);
    expect(verified.body).toMatchObject({ status: 'signed_in', redirect_to: '/admin-dashboard' });

    // A recovery code works once.
    const recoveryCode = String(recovery_codes[0]);
    const third = cookiesFrom(await adminSignIn('root@tandem.example', admin.password));
    expect((await verify(recoveryCode, third)).statusCode).toBe(200);
    const fourth = cookiesFrom(await adminSignIn('root@tandem.example', admin.password));
    expect((await verify(recoveryCode, fourth)).statusCode).toBe(400);

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
    const response = await verify(await generate({ secret }));
    expect(response.statusCode).toBe(401);
    expect(response.error?.error).toBe('Your sign-in has expired. Please enter your email and password again.');
    const forged = await verify(await generate({ secret }), 'tandem_2fa={"userId":"x","stage":"verify"}');
    expect(forged.statusCode).toBe(401);
  });

  it('limits wrong codes per account', async () => {
    const secret = generateSecret();
    const admin = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'third@tandem.example',
      totpSecret: secret,
    });
    const cookie = cookiesFrom(await adminSignIn(admin.user.email, admin.password));
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push((await verify(`12345${attempt}`, cookie)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[6]).toBe(429);
  });

  it('signs an administrator straight in when the 2FA setting is off', async () => {
    await testApp.setSettings({ admin_two_factor: false });
    const admin = await buildAccount(testApp.database.db, { role: 'admin', email: 'solo@tandem.example' });
    const response = await adminSignIn(admin.user.email, admin.password);
    expect(response.body).toMatchObject({ status: 'signed_in', redirect_to: '/admin-dashboard' });
  });

  it('accepts a code once, even within its 30-second window', async () => {
    const secret = generateSecret();
    const admin = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'replay@tandem.example',
      totpSecret: secret,
    });
    const signIn = async () => cookiesFrom(await adminSignIn(admin.user.email, admin.password));
    const code = await generate({ secret });
    const first = await verify(code, await signIn());
    expect(first.statusCode).toBe(200);
    // Someone who saw the code (over a shoulder, through a phishing page) tries it again at once.
    const replayed = await verify(code, await signIn());
    expect(replayed.statusCode).toBe(400);
    expect(replayed.cookies.find((cookie) => cookie.name === 'tandem_session')).toBeUndefined();
    // The next code still works.
    expect((await verify(await nextCode(secret), await signIn())).statusCode).toBe(200);
  });

  it('exempts only the demo administrator from the second factor, not everyone', async () => {
    const demo = await buildAccount(testApp.database.db, {
      role: 'admin',
      email: 'demo@tandem.example',
      twoFactorExempt: true,
    });
    const plain = await buildAccount(testApp.database.db, { role: 'admin', email: 'plain@tandem.example' });
    const demoSignIn = await adminSignIn(demo.user.email, demo.password);
    expect(demoSignIn.body).toMatchObject({ status: 'signed_in' });
    const plainSignIn = await adminSignIn(plain.user.email, plain.password);
    expect(plainSignIn.body).toEqual({ status: 'two_factor_required', stage: 'enroll' });
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
      const wrong = await adminSignIn(admin.user.email, `guess-${attempt}-xyz`);
      expect(wrong.statusCode).toBe(401);
    }
    const stepped = await adminSignIn(admin.user.email, admin.password);
    expect(stepped.body).toEqual({ status: 'two_factor_required', stage: 'verify' });
    const verified = await verify(await generate({ secret }), cookiesFrom(stepped));
    expect(verified.body).toMatchObject({ status: 'signed_in' });
  }, 20_000);
});
