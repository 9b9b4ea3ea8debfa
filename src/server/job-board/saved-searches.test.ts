import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsContract } from '~/shared/contracts/notifications';
import { privacyContract } from '~/shared/contracts/privacy';
import { savedSearchesContract } from '~/shared/contracts/saved-searches';
import { type CreateSavedSearchInput, SAVED_SEARCHES_MAX, savedSearchTexts } from '~/shared/saved-searches';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { emailOutbox, jobs, savedSearches, users } from '../db/schema';
import { anonymizeAccountRecords } from '../kernels/identity/anonymize-account';
import { createOutboxSender } from '../mail/mailer';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { callContract, callUnchecked } from '../testing/contract-client';
import { type Account, companyAccount, jobWith, uniqueWord } from '../testing/job-board-test-helpers';
import { listen, startSmtpServer } from '../testing/smtp-test-server';
import { createTestApp, type TestApp } from '../testing/test-app';
import { sendJobAlerts } from './send-job-alerts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

// Saved searches (/api/applicant/saved-searches), the send-job-alerts job and the alerts' unsubscribe
// link (/api/public/job-alerts/:token): each applicant's own, an alert only of jobs new since the last one,
// once across two runs at once, and stopped in one click without signing in.
describe('saved searches and job alerts', () => {
  let testApp: TestApp;
  // A second instance's connection on PostgreSQL (its own pool); the same handle on PGlite.
  let otherDatabase: DatabaseHandle;
  let company: Awaited<ReturnType<typeof companyAccount>>;
  const db = () => testApp.database.db;

  beforeAll(async () => {
    testApp = await createTestApp();
    const url = (testApp.database as DatabaseHandle & { url?: string }).url;
    otherDatabase = url ? await openDatabase({ url, poolSize: 2 }) : testApp.database;
    company = await companyAccount(testApp, 'Northwind Outfitters');
  });
  afterAll(async () => {
    if (otherDatabase !== testApp.database) await otherDatabase.close();
    await testApp.close();
  });

  const create = (account: Account, body: CreateSavedSearchInput) =>
    account.call(savedSearchesContract.create, { body });
  const list = async (account: Account, query: { page?: number; page_size?: number } = {}) => {
    const response = await account.call(savedSearchesContract.list, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const saved = async (account: Account, body: CreateSavedSearchInput) => {
    const response = await create(account, body);
    expect(response.statusCode, response.error?.error).toBe(201);
    return response.body;
  };
  // A request as a mail provider or a webmail sends it: no session, and none of a browser's same-origin headers.
  const bare: Parameters<typeof callContract>[0] = (options) => testApp.app.inject(options);
  const outboxOf = (email: string) =>
    db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(emailOutbox.createdAt);
  const alerts = (now: Date, database = db()) =>
    sendJobAlerts({ db: database, mailer: testApp.app.appContext.mailer, publicUrl: testApp.config.publicUrl, now });
  const tokenOf = async (id: string) => {
    const [row] = await db()
      .select({ token: savedSearches.unsubscribeToken })
      .from(savedSearches)
      .where(eq(savedSearches.id, id));
    return row?.token ?? '';
  };

  it('saves, lists a page at a time, renames, changes and deletes, each applicant their own', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const first = await saved(applicant, {
      name: '  React remote ',
      frequency: 'weekly',
      filters: {
        q: 'react',
        engagement_type: 'hourly',
        rate_min: 40,
        skills: ['React', 'react', 'AWS'],
        sort: 'best_match',
      },
    });
    expect(first).toMatchObject({
      name: 'React remote',
      frequency: 'weekly',
      filters: {
        q: 'react',
        engagement_type: 'hourly',
        rate_min: 40,
        rate_max: null,
        skills: ['React', 'AWS'],
        timezone: null,
        sort: 'best_match',
      },
      search_path: '/applicant/jobs?q=react&engagement_type=hourly&rate_min=40&skills=React%2CAWS&sort=best_match',
      last_alerted_at: null,
    });
    expect(Date.parse(first.next_alert_at ?? '') - Date.parse(first.created_at)).toBe(7 * DAY_MS);
    const second = await saved(applicant, { name: 'Anything', frequency: 'none', filters: {} });
    expect(second.next_alert_at).toBeNull();
    await saved(applicant, { name: 'Third', frequency: 'daily', filters: { timezone: 'UTC+01:00' } });

    const page = await list(applicant, { page_size: 2 });
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 2, remaining: SAVED_SEARCHES_MAX - 3 });
    expect(page.items.map((item) => item.name)).toEqual(['Third', 'Anything']);
    expect((await list(applicant, { page_size: 2, page: 2 })).items.map((item) => item.name)).toEqual(['React remote']);

    // A name is the applicant's own once, whatever its case.
    const taken = await create(applicant, { name: 'react REMOTE', frequency: 'daily', filters: {} });
    expect(taken.statusCode).toBe(409);
    expect(taken.error?.fields).toEqual({ name: savedSearchTexts.nameTaken('react REMOTE') });

    const renamed = await applicant.call(savedSearchesContract.update, {
      params: { id: first.id },
      body: { name: 'React, any rate', frequency: 'daily', filters: { q: 'react' } },
    });
    expect(renamed.statusCode, renamed.error?.error).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'React, any rate',
      frequency: 'daily',
      filters: { q: 'react', rate_min: null, skills: [], sort: 'newest' },
      search_path: '/applicant/jobs?q=react',
    });

    // Another applicant, a company and nobody at all cannot read or touch it.
    const other = await signedInAccount(testApp, { role: 'applicant' });
    expect((await list(other)).items).toEqual([]);
    for (const response of [
      await other.call(savedSearchesContract.update, { params: { id: first.id }, body: { name: 'Mine now' } }),
      await other.call(savedSearchesContract.remove, { params: { id: first.id } }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.error).toEqual({ error: savedSearchTexts.notFound, code: 'not_found' });
    }
    expect((await company.call(savedSearchesContract.list)).statusCode).toBe(403);
    // Refused for the role before the body is read: a body the contract would not allow, on purpose.
    expect((await company.callUnchecked(savedSearchesContract.create, { body: { name: 'x' } })).statusCode).toBe(403);
    expect((await callContract(bare, savedSearchesContract.list)).statusCode).toBe(401);

    const removed = await applicant.call(savedSearchesContract.remove, { params: { id: first.id } });
    expect(removed.statusCode).toBe(204);
    expect((await list(applicant)).items.map((item) => item.name)).toEqual(['Third', 'Anything']);
  });

  it('refuses bad input field by field, and more than the limit', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    // A frequency the contract's types would not allow, sent on purpose.
    const bad = await applicant.callUnchecked(savedSearchesContract.create, {
      body: { name: ' ', frequency: 'hourly', filters: { rate_min: 90, rate_max: 10, timezone: 'Mars' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error?.fields).toMatchObject({
      name: savedSearchTexts.nameRequired,
      frequency: savedSearchTexts.frequency,
      'filters.rate_max': 'The minimum cannot be higher than the maximum.',
    });
    expect(bad.error?.fields?.['filters.timezone']).toBeTruthy();

    await db()
      .insert(savedSearches)
      .values(
        Array.from({ length: SAVED_SEARCHES_MAX }, (_, index) => ({
          applicantId: applicant.user.id,
          name: `Search ${index}`,
          filters: { skills: [], sort: 'newest' as const },
          frequency: 'none' as const,
          unsubscribeToken: `limit-token-${applicant.user.id}-${index}`,
        })),
      );
    const tooMany = await create(applicant, { name: 'One more', frequency: 'daily', filters: {} });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.error).toEqual({ error: savedSearchTexts.tooMany, code: 'conflict' });
    expect(await list(applicant)).toMatchObject({ total: SAVED_SEARCHES_MAX, remaining: 0 });
  });

  it('emails only the open public jobs that match and are new since the last alert, then nothing when none is', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant', name: 'Ada Applicant' });
    const word = uniqueWord();
    const before = await jobWith(testApp, company.companyId, word, { title: 'Posted before saving' });
    const search = await saved(applicant, { name: `Weekly ${word}`, frequency: 'weekly', filters: { q: word } });
    const savedAt = new Date(search.created_at);
    const soon = later(savedAt, HOUR_MS);
    const matching = await jobWith(testApp, company.companyId, word, { title: 'Fresh match', createdAt: soon });
    await jobWith(testApp, company.companyId, uniqueWord(), { title: 'Other words', createdAt: soon });
    await jobWith(testApp, company.companyId, word, { title: 'Private match', createdAt: soon, visibility: 'private' });
    await jobWith(testApp, company.companyId, word, { title: 'Paused match', createdAt: soon, status: 'paused' });

    // Not due yet: nothing.
    await alerts(later(savedAt, 6 * DAY_MS));
    expect(await outboxOf(applicant.user.email)).toEqual([]);

    const firstRun = later(savedAt, 7 * DAY_MS + HOUR_MS);
    await alerts(firstRun);
    const [email, ...others] = await outboxOf(applicant.user.email);
    expect(others).toEqual([]);
    expect(email?.subject).toBe(`1 new job for “Weekly ${word}”`);
    expect(email?.text).toContain('Hi Ada Applicant,');
    expect(email?.text).toContain('Fresh match');
    expect(email?.text).toContain(`${testApp.config.publicUrl}/jobs/${matching.id}`);
    for (const absent of ['Posted before saving', 'Other words', 'Private match', 'Paused match']) {
      expect(email?.text).not.toContain(absent);
    }
    expect(email?.html).toContain('Fresh match');
    const token = await tokenOf(search.id);
    expect(email?.text).toContain(`${testApp.config.publicUrl}/job-alerts/${token}/unsubscribe`);
    expect(email?.listUnsubscribeUrl).toBe(`${testApp.config.publicUrl}/api/public/job-alerts/${token}/unsubscribe`);
    expect((await list(applicant)).items[0]).toMatchObject({
      last_alerted_at: firstRun.toISOString(),
      next_alert_at: later(firstRun, 7 * DAY_MS).toISOString(),
    });

    // The job that was already sent, and the one from before, never come again; a week with nothing new
    // sends nothing.
    await db().update(jobs).set({ title: 'Fresh match, edited' }).where(eq(jobs.id, before.id));
    await alerts(later(firstRun, 7 * DAY_MS + HOUR_MS));
    expect(await outboxOf(applicant.user.email)).toHaveLength(1);

    // A job posted the week after: the next alert lists it alone.
    const secondWeek = later(firstRun, 8 * DAY_MS);
    await jobWith(testApp, company.companyId, word, { title: 'Second week match', createdAt: secondWeek });
    await alerts(later(secondWeek, 7 * DAY_MS));
    const subjects = (await outboxOf(applicant.user.email)).map((row) => row.text);
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toContain('Second week match');
    expect(subjects[1]).not.toContain('Fresh match');
  });

  it('sends a due alert exactly once when two runs race, on two connections', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const word = uniqueWord();
    const search = await saved(applicant, { name: 'Daily', frequency: 'daily', filters: { q: word } });
    const savedAt = new Date(search.created_at);
    await jobWith(testApp, company.companyId, word, { title: 'Raced job', createdAt: later(savedAt, HOUR_MS) });
    const due = later(savedAt, DAY_MS + HOUR_MS);
    const results = await Promise.all([alerts(due), alerts(due, otherDatabase.db), alerts(due)]);
    expect(await outboxOf(applicant.user.email)).toHaveLength(1);
    expect(results.reduce((sum, result) => sum + result.emailed, 0)).toBeGreaterThanOrEqual(1);
    // A retry of the same tick finds it done.
    await alerts(due);
    expect(await outboxOf(applicant.user.email)).toHaveLength(1);
  });

  it('sends nothing to a person who turned job alerts off, or whose account is suspended or erased', async () => {
    const word = uniqueWord();
    const quiet = await signedInAccount(testApp, { role: 'applicant' });
    const quietPreferences = await quiet.call(notificationsContract.updatePreferences, {
      body: { preferences: [{ type: 'job_alert', email: false }] },
    });
    expect(quietPreferences.statusCode, quietPreferences.error?.error).toBe(200);
    const suspended = await signedInAccount(testApp, { role: 'applicant' });
    const erased = await signedInAccount(testApp, { role: 'applicant' });
    const searches = [];
    for (const account of [quiet, suspended, erased]) {
      searches.push(await saved(account, { name: 'Daily', frequency: 'daily', filters: { q: word } }));
    }
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    await db().transaction((tx) => anonymizeAccountRecords({ tx, userId: erased.user.id, actorId: null }));
    expect(await db().select().from(savedSearches).where(eq(savedSearches.applicantId, erased.user.id))).toEqual([]);

    const savedAt = new Date(searches[0]?.created_at ?? '');
    await jobWith(testApp, company.companyId, word, { title: 'Nobody hears', createdAt: later(savedAt, HOUR_MS) });
    await alerts(later(savedAt, DAY_MS + 2 * HOUR_MS));
    for (const account of [quiet, suspended]) expect(await outboxOf(account.user.email)).toEqual([]);
    const [erasedUser] = await db().select({ email: users.email }).from(users).where(eq(users.id, erased.user.id));
    expect(await outboxOf(erasedUser?.email ?? '')).toEqual([]);
  });

  it('stops one search’s alerts from its link: a page to read without signing in, and a one-click POST', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const kept = await saved(applicant, { name: 'Keep me', frequency: 'daily', filters: {} });
    const stopped = await saved(applicant, { name: 'Stop me', frequency: 'weekly', filters: {} });
    const token = await tokenOf(stopped.id);

    const read = await callerFrom(testApp).call(savedSearchesContract.alert, { params: { token } });
    expect(read.statusCode, read.error?.error).toBe(200);
    // As sent, before the contract's schema leaves out what it does not declare.
    expect(JSON.parse(read.rawPayload.toString())).toEqual({
      search_name: 'Stop me',
      frequency: 'weekly',
      manage_url: `${testApp.config.publicUrl}/applicant/saved-searches`,
    });
    // A mail provider's one-click POST (RFC 8058): a form body, no session, no Origin or Fetch Metadata.
    const oneClick = await callUnchecked(bare, savedSearchesContract.unsubscribe, {
      params: { token },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.error?.error).toBe(200);
    expect(oneClick.body).toMatchObject({ search_name: 'Stop me', frequency: 'none' });
    // Again, from a webmail's page on another site: the same answer.
    const again = await callUnchecked(bare, savedSearchesContract.unsubscribe, {
      params: { token },
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(again.statusCode, again.error?.error).toBe(200);

    const items = (await list(applicant)).items;
    expect(items.find((item) => item.id === stopped.id)).toMatchObject({ frequency: 'none', next_alert_at: null });
    expect(items.find((item) => item.id === kept.id)).toMatchObject({ frequency: 'daily' });

    const unknown = await callContract(bare, savedSearchesContract.unsubscribe, {
      params: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error).toEqual({ error: savedSearchTexts.unsubscribeNotFound, code: 'not_found' });
    // pathOf encodes it: /api/public/job-alerts/not%20a%20token.
    expect(
      (await callContract(bare, savedSearchesContract.alert, { params: { token: 'not a token' } })).statusCode,
    ).toBe(400);
  });

  it('sends the alert with List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058)', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const word = uniqueWord();
    const search = await saved(applicant, { name: 'Headers', frequency: 'daily', filters: { q: word } });
    const savedAt = new Date(search.created_at);
    await jobWith(testApp, company.companyId, word, { title: 'Header job', createdAt: later(savedAt, HOUR_MS) });
    await alerts(later(savedAt, DAY_MS + 2 * HOUR_MS));
    const [row] = await outboxOf(applicant.user.email);
    expect(row).toBeDefined();

    const smtp = startSmtpServer(0);
    const port = await listen(smtp.server);
    try {
      const quiet = { info: () => undefined, error: () => undefined };
      const sender = createOutboxSender({
        db: db(),
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Tandem <no-reply@test>',
        logger: quiet,
      });
      await sender({ outboxId: row?.id ?? '' });
    } finally {
      smtp.server.close();
    }
    const token = await tokenOf(search.id);
    // Header lines may be folded: read them unfolded.
    const headers =
      smtp.received
        .join('\r\n')
        .split('\r\n\r\n')[0]
        ?.replace(/\r\n[ \t]+/g, ' ') ?? '';
    expect(headers).toContain(
      `List-Unsubscribe: <${testApp.config.publicUrl}/api/public/job-alerts/${token}/unsubscribe>`,
    );
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('puts the saved searches in the data export, without their unsubscribe tokens', async () => {
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const search = await saved(applicant, { name: 'Exported search', frequency: 'weekly', filters: { q: 'design' } });
    const response = await applicant.call(privacyContract.exportData);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array));
    expect(data.saved_searches).toEqual([
      expect.objectContaining({
        name: 'Exported search',
        frequency: 'weekly',
        filters: { q: 'design', skills: [], sort: 'newest' },
      }),
    ]);
    expect(strFromU8(files['data.json'] as Uint8Array)).not.toContain(await tokenOf(search.id));
  });
});
