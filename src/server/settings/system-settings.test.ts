import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPlatformSettings, maintenanceTexts } from '~/shared/settings';
import { auditLogs, companies, emailOutbox, jobs, sessions, users } from '../db/schema';
import { loadWebClient } from '../platform/web-client';
import { sameOriginHeaders, signedInAccount } from '../testing/auth-helpers';
import { writeFixtureBuild } from '../testing/fixture-client-build';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// System Settings: read, change, reset, each audit-logged; and each setting enforced.
describe('system settings', () => {
  let testApp: TestApp;
  let directory: string;
  let admin: Account;
  let company: Account;
  let applicant: Account;
  const db = () => testApp.database.db;

  const put = (payload: object, account = admin) =>
    account.request({ method: 'PUT', url: '/api/admin/settings', payload });
  const anonymous = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({ method, url, payload, headers: sameOriginHeaders });
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
      const response = await admin.request({ method: 'GET', url: '/api/admin/settings' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ settings: defaultPlatformSettings });
      for (const account of [company, applicant]) {
        expect((await account.request({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(403);
        expect((await put({ maintenance_mode: true }, account)).statusCode).toBe(403);
        const reset = await account.request({ method: 'POST', url: '/api/admin/settings/reset' });
        expect(reset.statusCode).toBe(403);
      }
      expect((await anonymous('GET', '/api/admin/settings')).statusCode).toBe(401);
    });

    it('changes some settings and records exactly those, with their values before and after', async () => {
      const response = await put({ session_timeout_minutes: 30, api_access: false, allow_registrations: true });
      expect(response.statusCode).toBe(200);
      expect(response.json().settings).toEqual({
        ...defaultPlatformSettings,
        session_timeout_minutes: 30,
        api_access: false,
      });
      const read = await admin.request({ method: 'GET', url: '/api/admin/settings' });
      expect(read.json().settings).toMatchObject({ session_timeout_minutes: 30, api_access: false });

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
      const response = await put({ session_timeout_minutes: 2, platform_fee_basis_points: 'ten', api_access: 'yes' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('validation');
      expect(body.fields).toEqual({
        session_timeout_minutes: 'Session timeout must be a whole number of minutes from 5 to 1440.',
        platform_fee_basis_points: 'The platform fee must be from 0% to 50%, in steps of 0.01%.',
        api_access: 'API access must be on or off.',
      });
      const unknown = await put({ dark_mode: true });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toContain('There is no setting called dark_mode.');
      const empty = await put({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toContain('Send at least one setting to change.');
      const read = await admin.request({ method: 'GET', url: '/api/admin/settings' });
      expect(read.json().settings).toEqual(defaultPlatformSettings);
    });

    it("resets every setting to the spec's defaults and records what changed", async () => {
      await put({ maintenance_mode: false, notify_new_job: false, platform_fee_basis_points: 1250 });
      const response = await admin.request({ method: 'POST', url: '/api/admin/settings/reset' });
      expect(response.statusCode).toBe(200);
      expect(response.json().settings).toEqual({
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
      expect((await anonymous('GET', '/')).statusCode).toBe(200);
      expect((await put({ maintenance_mode: true })).statusCode).toBe(200);

      for (const url of ['/', '/about-us', '/login', '/company-dashboard']) {
        const page = await anonymous('GET', url);
        expect(page.statusCode, url).toBe(503);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['retry-after']).toBe('300');
        expect(page.body).toContain(`<h1>${maintenanceTexts.title}</h1>`);
        expect(page.body).toContain(maintenanceTexts.body);
        // Its icon, as every page has: else the browser asks for /favicon.ico, which does not exist.
        expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
      }
      const signIn = await anonymous('POST', '/api/auth/sign-in', {
        email: applicant.user.email,
        password: applicant.password,
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toEqual({ error: maintenanceTexts.apiMessage, code: 'maintenance' });
      const register = await anonymous('POST', '/api/auth/register', {
        account_type: 'applicant',
        accept_terms: true,
        name: 'Late Comer',
        email: 'late.comer@example.test',
        password: 'orbit-lantern-92',
      });
      expect(register.statusCode).toBe(503);
      // Already signed in, not an administrator: every call refused with the sentence and its own code,
      // who am I included (their open tab shows the maintenance screen at once); signing out is not.
      for (const account of [applicant, company]) {
        const call = await account.request({ method: 'GET', url: '/api/account/sessions' });
        expect(call.statusCode).toBe(503);
        expect(call.json()).toEqual({ error: maintenanceTexts.apiMessage, code: 'maintenance' });
        expect((await account.request({ method: 'GET', url: '/' })).statusCode).toBe(503);
        const me = await account.request({ method: 'GET', url: '/api/auth/me' });
        expect(me.statusCode).toBe(503);
        expect(me.json().code).toBe('maintenance');
      }
      // A visitor (an administrator on the way in) may still ask who is signed in.
      expect((await anonymous('GET', '/api/auth/me')).json()).toEqual({ user: null });
      expect((await admin.request({ method: 'GET', url: '/api/auth/me' })).json().user.id).toBe(admin.user.id);

      // Administrators still get in: their sign-in page and API, their screens, the whole API.
      expect((await anonymous('GET', '/admin-login')).statusCode).toBe(200);
      const adminSignIn = await anonymous('POST', '/api/auth/admin/sign-in', {
        email: admin.user.email,
        password: 'not-the-password',
      });
      expect(adminSignIn.statusCode).not.toBe(503);
      expect((await admin.request({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(200);
      expect((await admin.request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(200);
      expect((await admin.request({ method: 'GET', url: '/' })).statusCode).toBe(200);
      // Probes and static files are never held back.
      expect((await anonymous('GET', '/api/health')).statusCode).toBe(200);
      expect((await anonymous('GET', '/assets/app-3f2a1b.js')).statusCode).toBe(200);

      expect((await put({ maintenance_mode: false })).statusCode).toBe(200);
      expect((await anonymous('GET', '/login')).statusCode).toBe(200);
      expect((await applicant.request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(200);
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
      const kept = await person.request({ method: 'GET', url: '/api/auth/me' });
      expect(kept.json().user?.id).toBe(person.user.id);

      const other = await signedInAccount(testApp, { role: 'applicant' });
      await db()
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(sessions.id, other.sessionId));
      // …and too long once the timeout is five minutes.
      expect((await put({ session_timeout_minutes: 5 })).statusCode).toBe(200);
      const ended = await other.request({ method: 'GET', url: '/api/auth/me' });
      expect(ended.json()).toEqual({ user: null });
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
        anonymous('POST', '/api/auth/register', {
          account_type: 'applicant',
          accept_terms: true,
          name: 'Noor Haddad',
          email,
          password: 'orbit-lantern-92',
        });
      expect((await register('noor.on@example.test')).statusCode).toBe(201);
      const [mail] = await mailTo(admin.user.email, 'New applicant registered: Noor Haddad');
      expect(mail?.text).toContain('Noor Haddad (noor.on@example.test) registered a new applicant account');
      expect(mail?.text).toContain('http://localhost:3000/admin/applicants');

      // A company's names the company.
      const company = await anonymous('POST', '/api/auth/register', {
        account_type: 'company',
        accept_terms: true,
        name: 'Maya Chen',
        company_name: 'Łódź Logistics',
        email: 'maya.on@example.test',
        password: 'orbit-lantern-92',
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
      const job = (title: string, status: 'open' | 'draft') => ({
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
      const created = await company.request({ method: 'POST', url: '/api/jobs', payload: job('Bookkeeper', 'open') });
      expect(created.statusCode).toBe(201);
      expect(await mailTo(admin.user.email, 'New job published: Bookkeeper')).toHaveLength(1);

      // A draft is not published: no email until it is.
      const draft = await company.request({ method: 'POST', url: '/api/jobs', payload: job('Controller', 'draft') });
      expect(await mailTo(admin.user.email, 'New job published: Controller')).toHaveLength(0);
      const published = await company.request({ method: 'POST', url: `/api/jobs/${draft.json().id}/publish` });
      expect(published.statusCode).toBe(200);
      expect(await mailTo(admin.user.email, 'New job published: Controller')).toHaveLength(1);

      // A job an administrator publishes for the company is news too.
      const companyId = await companyIdOf(testApp.database.db, company.user.id);
      const byAdmin = await admin.request({
        method: 'POST',
        url: '/api/admin/jobs',
        payload: { ...job('Payroll Clerk', 'open'), company_id: companyId },
      });
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      expect(await mailTo(admin.user.email, 'New job published: Payroll Clerk')).toHaveLength(1);

      await put({ notify_new_job: false });
      const quiet = await company.request({ method: 'POST', url: '/api/jobs', payload: job('Auditor', 'open') });
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
      const job = (title: string, status: 'open' | 'draft') => ({
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
        const created = await refuseNews(() =>
          company.request({ method: 'POST', url: '/api/jobs', payload: job('Treasurer', 'open') }),
        );
        expect(created.statusCode).toBe(500);
        expect(await jobsTitled('Treasurer')).toEqual([]);

        const companyId = await companyIdOf(testApp.database.db, company.user.id);
        const byAdmin = await refuseNews(() =>
          admin.request({
            method: 'POST',
            url: '/api/admin/jobs',
            payload: { ...job('Tax Clerk', 'open'), company_id: companyId },
          }),
        );
        expect(byAdmin.statusCode).toBe(500);
        expect(await jobsTitled('Tax Clerk')).toEqual([]);
        expect(await auditCount()).toBe(before);
      });

      it('leaves a draft unpublished, with no audit row, when its publication fails', async () => {
        const draft = await company.request({ method: 'POST', url: '/api/jobs', payload: job('Auditor II', 'draft') });
        expect(draft.statusCode).toBe(201);
        const id: string = draft.json().id;
        const published = await refuseNews(() => company.request({ method: 'POST', url: `/api/jobs/${id}/publish` }));
        expect(published.statusCode).toBe(500);
        const [kept] = await jobsTitled('Auditor II');
        expect(kept).toMatchObject({ status: 'draft', publishedAt: null });
        expect((await auditOf(id)).map((row) => row.action)).toEqual(['job.created']);
        // Once the outbox takes it, the same publication goes through with its email.
        expect((await company.request({ method: 'POST', url: `/api/jobs/${id}/publish` })).statusCode).toBe(200);
        expect(await mailTo(admin.user.email, 'New job published: Auditor II')).toHaveLength(1);
      });

      it('keeps no account, confirmation link or audit row of a registration', async () => {
        const before = await auditCount();
        const email = 'rolled.back@example.test';
        const registered = await refuseNews(() =>
          anonymous('POST', '/api/auth/register', {
            account_type: 'company',
            accept_terms: true,
            name: 'Rolled Back',
            email,
            password: 'orbit-lantern-92',
            company_name: 'Rollback Ltd',
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
