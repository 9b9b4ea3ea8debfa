import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountContract } from '~/shared/contracts/account';
import { authContract } from '~/shared/contracts/auth';
import { callerFrom, signedInAccount } from './auth-helpers';
import { callContract } from './contract-client';
import { createTestApp, type TestApp } from './test-app';

// The typed test client: the contract's path, params and body go out as declared, and the answer comes back
// parsed by the contract's schema for its status, or as the error of a refusal.
describe('callContract', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers the signed-in person as the contract declares it', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Typed' });
    const me = await account.call(authContract.me);
    expect(me.statusCode).toBe(200);
    expect(me.error).toBeUndefined();
    expect(me.body.user).toMatchObject({ email: account.user.email, name: 'Ada Typed', role: 'applicant' });
  });

  it('sends the body, and gives a refusal as its error with no body', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    const refused = await account.call(accountContract.updateTimeZone, { body: { time_zone: 'Not/A_Zone' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBeUndefined();
    expect(refused.error?.code).toBe('validation');

    const anonymous = await callContract((options) => testApp.app.inject(options), accountContract.timeZone);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.error?.error).toBe('Please sign in to continue.');
  });

  it('sends what the contract would not allow when a test of refusals asks, and reads the answer the same way', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    const refused = await account.callUnchecked(accountContract.updateTimeZone, { body: { time_zone: 42 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.error?.fields?.time_zone).toBeTruthy();

    const crossSite = await account.callUnchecked(accountContract.updateTimeZone, {
      body: { time_zone: 'Europe/Paris' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('calls as a visitor, and as whoever holds the session a sign-in set', async () => {
    const visitor = callerFrom(testApp);
    const account = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Visitor' });
    const signIn = await visitor.call(authContract.signIn, {
      body: { email: account.user.email, password: account.password ?? '' },
    });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((cookie) => cookie.name === 'tandem_session');
    expect(session?.value).toBeTruthy();

    const me = await callerFrom(testApp, { cookie: `tandem_session=${session?.value}` }).call(authContract.me);
    expect(me.body.user).toMatchObject({ name: 'Ada Visitor' });
    expect((await visitor.call(authContract.me)).body.user).toBeNull();
  });

  it('answers a 204 with no body, and the session it ended is gone', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    const signedOut = await account.call(authContract.signOut);
    expect(signedOut.statusCode).toBe(204);
    expect(signedOut.body).toBeUndefined();
    expect(signedOut.error).toBeUndefined();
    expect((await account.call(authContract.me)).body.user).toBeNull();
  });
});
