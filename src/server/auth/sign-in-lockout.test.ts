import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContract } from '~/shared/contracts/auth';
import { buildAccount } from '../seed/factories';
import { sameOriginHeaders } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SIGN_IN_STEP_UP_DELAY_MS } from './auth-limits';
import { TRUSTED_DEVICE_COOKIE } from './trusted-devices';

// Per-account limits must slow guessing without letting a stranger lock the owner out.
describe('failed sign-ins against one account', () => {
  let testApp: TestApp;
  let network = 0;
  // Each call comes from another address, as a distributed guesser's would.
  const nextAddress = () => `203.0.113.${++network}`;

  async function signIn(
    email: string,
    password: string,
    { from = nextAddress(), deviceCookie }: { from?: string; deviceCookie?: string } = {},
  ) {
    const startedAt = performance.now();
    const response = await callContract(
      (options) =>
        testApp.app.inject({
          ...options,
          remoteAddress: from,
          headers: { ...sameOriginHeaders, ...(deviceCookie && { cookie: deviceCookie }), ...options.headers },
        }),
      authContract.signIn,
      { body: { email, password } },
    );
    return { response, elapsedMs: performance.now() - startedAt };
  }

  const deviceCookieFrom = (response: { cookies: Array<{ name: string; value: string }> }) => {
    const cookie = response.cookies.find((candidate) => candidate.name === TRUSTED_DEVICE_COOKIE);
    if (!cookie) throw new Error('The sign-in set no device cookie.');
    return `${TRUSTED_DEVICE_COOKIE}=${cookie.value}`;
  };

  const ownerAccount = async () => {
    const { user, password } = await buildAccount(testApp.database.db);
    return { user, password: password ?? '' };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('still lets the owner in with the right password after five wrong guesses, after a wait that right and wrong share', async () => {
    const { user, password } = await ownerAccount();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(user.email, `guess-${attempt}-abc`)).response.statusCode).toBe(401);
    }

    const wrong = await signIn(user.email, 'guess-5-abc');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.elapsedMs).toBeGreaterThanOrEqual(SIGN_IN_STEP_UP_DELAY_MS - 50);

    const owner = await signIn(user.email, password);
    expect(owner.response.statusCode).toBe(200);
    expect(owner.response.body).toMatchObject({ status: 'signed_in', user: { id: user.id } });
    expect(owner.elapsedMs).toBeGreaterThanOrEqual(SIGN_IN_STEP_UP_DELAY_MS - 50);

    // The browser the owner signed in from is known now: no wait there.
    const again = await signIn(user.email, password, { deviceCookie: deviceCookieFrom(owner.response) });
    expect(again.response.statusCode).toBe(200);
    expect(again.elapsedMs).toBeLessThan(SIGN_IN_STEP_UP_DELAY_MS);
  }, 20_000);

  it('stops guesses from new devices at a ceiling while the owner’s own browser gets in, with its own budget', async () => {
    const { user, password } = await ownerAccount();
    const ownBrowser = deviceCookieFrom((await signIn(user.email, password)).response);

    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) => signIn(user.email, `distributed-${attempt}-guess`)),
    );
    expect(guesses.map(({ response }) => response.statusCode)).toEqual(Array(30).fill(401));

    const stopped = await signIn(user.email, password);
    expect(stopped.response.statusCode).toBe(429);
    expect(Number(stopped.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.response.error).toMatchObject({
      code: 'rate_limited',
      error: expect.stringMatching(
        /^Too many failed sign-in attempts for this account from new devices\. Sign in from a device you have used before, or reset your password\. Please wait \d+ minutes and try again\.$/,
      ),
    });

    const owner = await signIn(user.email, password, { deviceCookie: ownBrowser });
    expect(owner.response.statusCode).toBe(200);

    // A known browser that keeps guessing wrong is limited on its own.
    const fromOwnBrowser = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      fromOwnBrowser.push((await signIn(user.email, `typo-${attempt}-xyz`, { deviceCookie: ownBrowser })).response);
    }
    expect(fromOwnBrowser.slice(0, 5).map((response) => response.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(fromOwnBrowser[5]?.statusCode).toBe(429);
    expect(fromOwnBrowser[5]?.error?.error).toMatch(/^Too many failed sign-in attempts for this account\. /);
  }, 30_000);

  it('does not trust a device cookie someone wrote by hand', async () => {
    const { user, password } = await ownerAccount();
    for (let attempt = 0; attempt < 5; attempt++) await signIn(user.email, `guess-${attempt}-def`);
    const forged = await signIn(user.email, password, { deviceCookie: `${TRUSTED_DEVICE_COOKIE}=anything.at.all` });
    expect(forged.response.statusCode).toBe(200);
    expect(forged.elapsedMs).toBeGreaterThanOrEqual(SIGN_IN_STEP_UP_DELAY_MS - 50);
  }, 20_000);
});
