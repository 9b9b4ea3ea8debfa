import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenTexts } from '~/shared/api-tokens';
import { accountContract } from '~/shared/contracts/account';
import { apiTokensContract } from '~/shared/contracts/api-tokens';
import { authContract } from '~/shared/contracts/auth';
import { meetingsContract } from '~/shared/contracts/meetings';
import { apiTokens, calendarFeeds, emailOutbox } from '../db/schema';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { callContract } from '../testing/contract-client';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// What works without signing in — API tokens and the calendar-feed URL — ends with the events that end
// sessions: a password reset, and a change of password, email or second factor.
describe('credentials that outlive recovery', () => {
  let testApp: TestApp;
  const db = () => testApp.database.db;
  const visitor = () => callerFrom(testApp);

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  // A token and a feed URL, as the person makes them in settings.
  async function standingCredentials(account: Account) {
    const token = await account.call(apiTokensContract.create, { body: { name: 'Script' } });
    expect(token.statusCode).toBe(201);
    const feed = await account.call(meetingsContract.createCalendarFeed);
    expect(feed.statusCode).toBe(201);
    return { secret: token.body.secret, feedUrl: new URL(feed.body.url).pathname };
  }

  async function expectRevoked(account: Account, { secret, feedUrl }: { secret: string; feedUrl: string }) {
    // A program with the token: no cookie, no browser headers.
    const withToken = await callContract(
      (options) =>
        testApp.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${secret}` } }),
      authContract.me,
    );
    expect(withToken.statusCode).toBe(401);
    expect(withToken.error?.error).toBe(apiTokenTexts.revoked);
    // The very address the server gave, as a calendar app fetches it.
    expect((await testApp.app.inject({ method: 'GET', url: feedUrl })).statusCode).toBe(404);
    const live = await db()
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, account.user.id), isNull(apiTokens.revokedAt)));
    expect(live).toEqual([]);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, account.user.id))).toEqual([]);
  }

  async function latestEmailTo(address: string) {
    await testApp.app.appContext.background.drain();
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, address))
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(1);
    return mail;
  }

  async function emailedLink(address: string, path: string) {
    const token = (await latestEmailTo(address))?.text.match(new RegExp(`${path}\\?token=([\\w-]+)`))?.[1];
    if (!token) throw new Error(`No ${path} link was emailed to ${address}.`);
    return decodeURIComponent(token);
  }

  it('revokes them on a password reset, and the reset email says so', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    const held = await standingCredentials(account);
    await visitor().call(authContract.forgotPassword, { body: { email: account.user.email } });
    const resetEmail = await latestEmailTo(account.user.email);
    expect(resetEmail?.text).toContain('revokes your API tokens and private calendar feed URL');
    const token = await emailedLink(account.user.email, '/reset-password');
    expect(
      (await visitor().call(authContract.resetPassword, { body: { token, password: 'amber-falcon-5521' } })).statusCode,
    ).toBe(200);

    await expectRevoked(account, held);
    const notice = await latestEmailTo(account.user.email);
    expect(notice?.subject).toBe('Your Tandem API tokens and calendar link were revoked');
    expect(notice?.text).toContain('The password of your Tandem account was reset.');
    expect(notice?.text).toContain('your API token was revoked and your private calendar feed URL stopped working');
  });

  it('revokes them on a password change', async () => {
    const account = await signedInAccount(testApp, { role: 'company' });
    const held = await standingCredentials(account);
    const changed = await account.call(accountContract.changePassword, {
      body: { current_password: account.password ?? '', new_password: 'copper-lantern-8812' },
    });
    expect(changed.statusCode).toBe(200);
    await expectRevoked(account, held);
    expect((await latestEmailTo(account.user.email))?.text).toContain(
      'The password of your Tandem account was changed.',
    );
    // The session that changed it goes on.
    expect((await account.call(authContract.me)).body.user?.id).toBe(account.user.id);
  });

  it('revokes them when a new sign-in email is confirmed', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    const held = await standingCredentials(account);
    const newEmail = `moved-${account.user.id.slice(0, 8)}@example.test`;
    const requested = await account.call(accountContract.changeEmail, {
      body: { new_email: newEmail, current_password: account.password ?? '' },
    });
    expect(requested.statusCode).toBe(202);
    // Asking is not changing: the credentials work until the new address confirms.
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, account.user.id))).toHaveLength(1);
    const token = await emailedLink(newEmail, '/verify-email');
    expect((await visitor().call(authContract.confirmEmail, { body: { token } })).statusCode).toBe(200);
    await expectRevoked(account, held);
    expect((await latestEmailTo(newEmail))?.text).toContain(
      'The sign-in email address of your Tandem account was changed.',
    );
  });

  it('sends no notice when there was nothing to revoke', async () => {
    const account = await signedInAccount(testApp, { role: 'applicant' });
    await account.call(accountContract.changePassword, {
      body: { current_password: account.password ?? '', new_password: 'quiet-harbour-7731' },
    });
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, account.user.email),
          eq(emailOutbox.subject, 'Your Tandem API tokens and calendar link were revoked'),
        ),
      );
    expect(notices).toEqual([]);
  });
});
