import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BodyOf } from '~/shared/contract';
import { accountContract } from '~/shared/contracts/account';
import { adminJobsContract } from '~/shared/contracts/admin-jobs';
import { authContract } from '~/shared/contracts/auth';
import { jobsContract } from '~/shared/contracts/jobs';
import { platformContract } from '~/shared/contracts/platform';
import { settingsContract } from '~/shared/contracts/settings';
import { defaultPlatformSettings, maintenanceTexts, type PlatformSettingsUpdate } from '~/shared/settings';
import { auditLogs, companies, emailOutbox, jobs, sessions, users } from '../db/schema';
import { loadWebClient } from '../platform/web-client';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { writeFixtureBuild } from '../testing/fixture-client-build';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;
type JobInput = BodyOf<typeof jobsContract.create>;

// System Settings: read, change, reset, each audit-logged; and each setting enforced.
describe('system settings', () => {
  let testApp: TestApp;
  let directory: string;
  let admin: Account;
  let company: Account;
  let applicant: Account;
  const db = () => testApp.database.db;

  const put = (body: PlatformSettingsUpdate, account = admin) => account.call(settingsContract.update, { body });
  // A visitor: no session, a browser on this site.
  const visitor = () => callerFrom(testApp);
  const page = (url: string, account: Pick<Account, 'request'> = visitor()) => account.request({ method: 'GET', url });
  const latestAudit = async (action: 'settings.updated' | 'settings.reset') => {
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, action))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(1);
    return row;
  };
  const auditCount = async () => (await db().select({ id: auditLogs.id }).from(auditLogs)).length;

  beforeAll(async () => {
    directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tandem-settings-'));
    await writeFixtureBuild(directory);
    testApp = await createTestApp({ webClient: await loadWebClient(directory, 'http://localhost:3000') });
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(directory, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await testApp.setSettings(defaultPlatformSettings);
  });

  describe('the API', () => {
    it('answers the settings in force to administrators only', async () => {
      const response = await admin.call(settingsContract.read);
      expect(response.statusCode).toBe(200);
      expect(response.body).toEqual({ settings: defaultPlatformSettings });
      for (const account of [company, applicant]) {
        expect((await account.call(settingsContract.read)).statusCode).toBe(403);
        expect((await put({ maintenance_mode: true }, account)).statusCode).toBe(403);
        const reset = await account.call(settingsContract.reset);
        expect(reset.statusCode).toBe(403);
      }
      expect((await visitor().call(settingsContract.read)).statusCode).toBe(401);
    });

    it('changes some settings and records exactly those, with their values before and after', async () => {
      const response = await put({ session_timeout_minutes: 30, api_access: false, allow_registrations: true });
      expect(response.statusCode).toBe(200);
      expect(response.body.settings).toEqual({
        ...defaultPlatformSettings,
        session_timeout_minutes: 30,
        api_access: false,
      });
      const read = await admin.call(settingsContract.read);
      expect(read.body.settings).toMatchObject({ session_timeout_minutes: 30, api_access: false });

      const row = await latestAudit('settings.updated');
      expect(row).toMatchObject({ actorId: admin.user.id, targetType: 'settings' });
      expect(row?.details).toEqual({
        changed: ['session_timeout_minutes', 'api_access'],
        before: { session_timeout_minutes: 60, api_access: true },
        after: { session_timeout_minutes: 30, api_access: false },
      });

      // Saving what is already stored changes nothing and records nothing.
      const before = await auditCount();
      expect((await put({ session_timeout_minutes: 30 })).statusCode).toBe(200);
      expect(await auditCount()).toBe(before);
    });

    it('refuses bad values with a sentence per field and keeps what was stored', async () => {
      // Values of the wrong type, and a setting that does not exist, sent as they are.
      const response = await admin.callUnchecked(settingsContract.update, {
        body: { session_timeout_minutes: 2, platform_fee_basis_points: 'ten', api_access: 'yes' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.error;
      expect(body?.code).toBe('validation');
      expect(body?.fields).toEqual({
        session_timeout_minutes: 'Session timeout must be a whole number of minutes from 5 to 1440.',
        platform_fee_basis_points: 'The platform fee must be from 0% to 50%, in steps of 0.01%.',
        api_access: 'API access must be on or off.',
      });
      const unknown = await admin.callUnchecked(settingsContract.update, { body: { dark_mode: true } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error?.error).toContain('There is no setting called dark_mode.');
      const empty = await put({});
      expect(empty.statusCode).toBe(400);
      expect(empty.error?.error).toContain('Send at least one setting to change.');
      const read = await admin.call(settingsContract.read);
      expect(read.body.settings).toEqual(defaultPlatformSettings);
    });

    it("resets every setting to the spec's defaults and records what changed", async () => {
      await put({ maintenance_mode: false, notify_new_job: false, platform_fee_basis_points: 1250 });
      const response = await admin.call(settingsContract.reset);
      expect(response.statusCode).toBe(200);
      expect(response.body.settings).toEqual({
        session_timeout_minutes: 60,
        allow_registrations: true,
        email_verification: true,
        admin_two_factor: true,
        maintenance_mode: false,
        notify_new_user: true,
        notify_new_job: true,
        notify_contact_message: true,
        api_access: true,
        platform_fee_basis_points: 1000,
        payouts_wait_for_payment: true,
        payout_security_days: 5,
        payout_minimum_cents: 2000,
        payouts_require_tax_form: true,
        job_validity_days: 60,
      });
      const row = await latestAudit('settings.reset');
      expect(row?.actorId).toBe(admin.user.id);
      expect(row?.details).toEqual({
        changed: ['notify_new_job', 'platform_fee_basis_points'],
        before: { notify_new_job: false, platform_fee_basis_points: 1250 },
        after: { notify_new_job: true, platform_fee_basis_points: 1000 },
      });
    });
  });

  describe('maintenance mode', () => {
    it('serves the maintenance page and refuses the API to everyone but administrators', async () => {
      expect((await page('/')).statusCode).toBe(200);
      expect((await put({ maintenance_mode: true })).statusCode).toBe(200);

      for (const url of ['/', '/about-us', '/login', '/company-dashboard']) {
        const held = await page(url);
        expect(held.statusCode, url).toBe(503);
        expect(held.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(held.headers['retry-after']).toBe('300');
        expect(held.body).toContain(`<h1>${maintenanceTexts.title}</h1>`);
        expect(held.body).toContain(maintenanceTexts.body);
        // Its icon, as every page has: else the browser asks for /favicon.ico, which does not exist.
        expect(held.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      }
      const signIn = await visitor().call(authContract.signIn, {
        body: { email: applicant.user.email, password: applicant.password ?? '' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.error).toEqual({ error: maintenanceTexts.apiMessage, code: 'maintenance' });
      const register = await visitor().call(authContract.register, {
        body: {
          account_type: 'applicant',
          accept_terms: true,
          name: 'Late Comer',
          email: 'late.comer@example.test',
          password: 'orbit-lantern-92',
        },
      });
      expect(register.statusCode).toBe(503);
      // Already signed in, not an administrator: every call refused with the sentence and its own code,
      // who am I included (their open tab shows the maintenance screen at once); signing out is not.
      for (const account of [applicant, company]) {
        const call = await account.call(accountContract.sessions);
        expect(call.statusCode).toBe(503);
        expect(call.error).toEqual({ error: maintenanceTexts.apiMessage, code: 'maintenance' });
        expect((await page('/', account)).statusCode).toBe(503);
        const me = await account.call(authContract.me);
        expect(me.statusCode).toBe(503);
        expect(me.error?.code).toBe('maintenance');
      }
      // A visitor (an administrator on the way in) may still ask who is signed in.
      expect((await visitor().call(authContract.me)).body).toEqual({ user: null });
      expect((await admin.call(authContract.me)).body.user?.id).toBe(admin.user.id);

      // Administrators still get in: their sign-in page and API, their screens, the whole API.
      expect((await page('/admin-login')).statusCode).toBe(200);
      const adminSignIn = await visitor().call(authContract.adminSignIn, {
        body: { email: admin.user.email, password: 'not-the-password' },
      });
      expect(adminSignIn.statusCode).not.toBe(503);
      expect((await admin.call(settingsContract.read)).statusCode).toBe(200);
      expect((await admin.call(accountContract.sessions)).statusCode).toBe(200);
      expect((await page('/', admin)).statusCode).toBe(200);
      // Probes and static files are never held back.
      expect((await visitor().call(platformContract.health)).statusCode).toBe(200);
      expect((await page('/assets/app-3f2a1b.js')).statusCode).toBe(200);

      expect((await put({ maintenance_mode: false })).statusCode).toBe(200);
      expect((await page('/login')).statusCode).toBe(200);
      expect((await applicant.call(accountContract.sessions)).statusCode).toBe(200);
    });
  });

  describe('session timeout', () => {
    it('ends a session idle longer than the timeout the administrator set', async () => {
      const person = await signedInAccount(testApp, { role: 'applicant' });
      await db()
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(sessions.id, person.sessionId));
      // Ten minutes idle is fine under the default hour…
      const kept = await person.call(authContract.me);
      expect(kept.body.user?.id).toBe(person.user.id);

      const other = await signedInAccount(testApp, { role: 'applicant' });
      await db()
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(sessions.id, other.sessionId));
      // …and too long once the timeout is five minutes.
      expect((await put({ session_timeout_minutes: 5 })).statusCode).toBe(200);
      const ended = await other.call(authContract.me);
      expect(ended.body).toEqual({ user: null });
      expect(await db().select().from(sessions).where(eq(sessions.id, other.sessionId))).toHaveLength(0);
    });
  });

  describe('administrator notifications', () => {
    const mailTo = (address: string, subject: string) =>
      db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, address), like(emailOutbox.subject, `${subject}%`)));

    it('emails administrators about a new user while the setting is on, and not when it is off', async () => {
      const register = (email: string) =>
        visitor().call(authContract.register, {
          body: {
            account_type: 'applicant',
            accept_terms: true,
            name: 'Noor Haddad',
            email,
            password: 'orbit-lantern-92',
          },
        });
      expect((await register('noor.on@example.test')).statusCode).toBe(201);
      const [mail] = await mailTo(admin.user.email, 'New applicant registered: Noor Haddad');
      expect(mail?.text).toContain('Noor Haddad (noor.on@example.test) registered a new applicant account');
      expect(mail?.text).toContain('http://localhost:3000/admin/applicants');

      // A company's names the company.
      const company = await visitor().call(authContract.register, {
        body: {
          account_type: 'company',
          accept_terms: true,
          name: 'Maya Chen',
          company_name: 'Łódź Logistics',
          email: 'maya.on@example.test',
          password: 'orbit-lantern-92',
        },
      });
      expect(company.statusCode).toBe(201);
      const [companyMail] = await mailTo(admin.user.email, 'New company registered: Łódź Logistics');
      expect(companyMail?.text).toContain(
        'Maya Chen (maya.on@example.test) registered Łódź Logistics, a new company account on Tandem.',
      );
      expect(companyMail?.text).toContain('http://localhost:3000/admin/companies');

      await put({ notify_new_user: false });
      expect((await register('noor.off@example.test')).statusCode).toBe(201);
      const mails = await mailTo(admin.user.email, 'New applicant registered');
      expect(mails).toHaveLength(1);
    });

    it('emails administrators about a job published while the setting is on, and not when it is off', async () => {
      const job = (title: string, status: 'open' | 'draft'): JobInput => ({
        title,
        description: 'Keep our books in order.',
        engagement_type: 'hourly',
        budget_min: 40,
        budget_max: 55,
        weekly_hours: 20,
        start_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        skill_tags: ['Bookkeeping'],
        visibility: 'public',
        status,
      });
      const created = await company.call(jobsContract.create, { body: job('Bookkeeper', 'open') });
      expect(created.statusCode).toBe(201);
      expect(await mailTo(admin.user.email, 'New job published: Bookkeeper')).toHaveLength(1);

      // A draft is not published: no email until it is.
      const draft = await company.call(jobsContract.create, { body: job('Controller', 'draft') });
      expect(await mailTo(admin.user.email, 'New job published: Controller')).toHaveLength(0);
      const published = await company.call(jobsContract.publish, { params: { id: draft.body.id } });
      expect(published.statusCode).toBe(200);
      expect(await mailTo(admin.user.email, 'New job published: Controller')).toHaveLength(1);

      // A job an administrator publishes for the company is news too.
      const companyId = await companyIdOf(testApp.database.db, company.user.id);
      const byAdmin = await admin.call(adminJobsContract.create, {
        body: { ...job('Payroll Clerk', 'open'), company_id: companyId },
      });
      expect(byAdmin.statusCode, byAdmin.error?.error).toBe(201);
      expect(await mailTo(admin.user.email, 'New job published: Payroll Clerk')).toHaveLength(1);

      await put({ notify_new_job: false });
      const quiet = await company.call(jobsContract.create, { body: job('Auditor', 'open') });
      expect(quiet.statusCode).toBe(201);
      expect(await mailTo(admin.user.email, 'New job published: Auditor')).toHaveLength(0);
    });

    // The user or job, its audit row and its emails are one transaction (decision 012).
    // Here the outbox refuses the administrators' email, as a crash at that moment would cut the
    // operation short: nothing it wrote before may remain.
    describe('when the email to the administrators cannot be written', () => {
      const refuseNews = async <T>(work: () => Promise<T>): Promise<T> => {
        await testApp.database.runSql(`
          create function refuse_administrators_news() returns trigger language plpgsql as $$
          begin
            if new.subject like 'New job published:%' or new.subject like 'New % registered:%' then
              raise exception 'the outbox refuses %', new.subject;
            end if;
            return new;
          end $$;
          create trigger refuse_administrators_news before insert on email_outbox
            for each row execute function refuse_administrators_news();`);
        try {
          return await work();
        } finally {
          await testApp.database.runSql(`
            drop trigger refuse_administrators_news on email_outbox;
            drop function refuse_administrators_news();`);
        }
      };
      const job = (title: string, status: 'open' | 'draft'): JobInput => ({
        title,
        description: 'Reconcile the ledgers every month.',
        engagement_type: 'hourly',
        budget_min: 40,
        budget_max: 55,
        weekly_hours: 20,
        start_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        skill_tags: ['Accounting'],
        visibility: 'public',
        status,
      });
      const jobsTitled = (title: string) => db().select().from(jobs).where(eq(jobs.title, title));
      const auditOf = (targetId: string) => db().select().from(auditLogs).where(eq(auditLogs.targetId, targetId));

      it('keeps no job, and no audit row, published at creation by a company or an administrator', async () => {
        const before = await auditCount();
        const created = await refuseNews(() => company.call(jobsContract.create, { body: job('Treasurer', 'open') }));
        expect(created.statusCode).toBe(500);
        expect(await jobsTitled('Treasurer')).toEqual([]);

        const companyId = await companyIdOf(testApp.database.db, company.user.id);
        const byAdmin = await refuseNews(() =>
          admin.call(adminJobsContract.create, { body: { ...job('Tax Clerk', 'open'), company_id: companyId } }),
        );
        expect(byAdmin.statusCode).toBe(500);
        expect(await jobsTitled('Tax Clerk')).toEqual([]);
        expect(await auditCount()).toBe(before);
      });

      it('leaves a draft unpublished, with no audit row, when its publication fails', async () => {
        const draft = await company.call(jobsContract.create, { body: job('Auditor II', 'draft') });
        expect(draft.statusCode).toBe(201);
        const id = draft.body.id;
        const published = await refuseNews(() => company.call(jobsContract.publish, { params: { id } }));
        expect(published.statusCode).toBe(500);
        const [kept] = await jobsTitled('Auditor II');
        expect(kept).toMatchObject({ status: 'draft', publishedAt: null });
        expect((await auditOf(id)).map((row) => row.action)).toEqual(['job.created']);
        // Once the outbox takes it, the same publication goes through with its email.
        expect((await company.call(jobsContract.publish, { params: { id } })).statusCode).toBe(200);
        expect(await mailTo(admin.user.email, 'New job published: Auditor II')).toHaveLength(1);
      });

      it('keeps no account, confirmation link or audit row of a registration', async () => {
        const before = await auditCount();
        const email = 'rolled.back@example.test';
        const registered = await refuseNews(() =>
          visitor().call(authContract.register, {
            body: {
              account_type: 'company',
              accept_terms: true,
              name: 'Rolled Back',
              email,
              password: 'orbit-lantern-92',
              company_name: 'Rollback Ltd',
            },
          }),
        );
        expect(registered.statusCode).toBe(500);
        expect(await db().select().from(users).where(eq(users.email, email))).toEqual([]);
        expect(await db().select().from(companies).where(eq(companies.name, 'Rollback Ltd'))).toEqual([]);
        expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toEqual([]);
        expect(await auditCount()).toBe(before);
      });
    });
  });
});
