import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '~/shared/contract';
import { adminJobsContract } from '~/shared/contracts/admin-jobs';
import { jobEditTexts } from '~/shared/jobs';
import { auditLogs, companies } from '../db/schema';
import { buildAccount } from '../seed/factories';
import { buildApplication, buildJob } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Job Management: every company's jobs for administrators, searched, filtered and paged;
// Create Job for a chosen company, Edit and Archive through the company's own rules, each audited.
describe('admin jobs', () => {
  let testApp: TestApp;
  let admin: Account;
  let company: Account;
  let applicant: Account;
  let acmeId: string;
  let globexId: string;
  const unique = randomUUID().slice(0, 8);
  const acmeName = `Acme Freight ${unique}`;
  const globexName = `Globex Studio ${unique}`;
  const db = () => testApp.database.db;
  const list = async (query: QueryOf<typeof adminJobsContract.list>) => {
    const response = await admin.call(adminJobsContract.list, { query });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const auditRow = async (action: string, targetId: string) => {
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, targetId)));
    return row;
  };
  // A company of the test's own, so the jobs it adds stay out of the listing test's counts in any order.
  const ownCompany = async (name: string) =>
    companyIdOf(db(), (await buildAccount(db(), { role: 'company', companyName: name })).user.id);

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    company = await signedInAccount(testApp, { role: 'company' });
    applicant = await signedInAccount(testApp, { role: 'applicant' });
    const acme = await signedInAccount(testApp, { role: 'company' });
    const globex = await signedInAccount(testApp, { role: 'company' });
    acmeId = await companyIdOf(db(), acme.user.id);
    globexId = await companyIdOf(db(), globex.user.id);
    await db().update(companies).set({ name: acmeName }).where(eq(companies.id, acmeId));
    await db().update(companies).set({ name: globexName }).where(eq(companies.id, globexId));
    const day = 86_400_000;
    const now = Date.now();
    const dispatcher = await buildJob(db(), {
      companyId: acmeId,
      title: `Night Dispatcher ${unique}`,
      publishedAt: new Date(now - 3 * day),
    });
    await buildApplication(db(), { jobId: dispatcher.id });
    await buildApplication(db(), { jobId: dispatcher.id });
    await buildJob(db(), { companyId: acmeId, title: `Route Planner ${unique}`, status: 'draft', publishedAt: null });
    for (let index = 0; index < 3; index++) {
      await buildJob(db(), {
        companyId: globexId,
        title: `Motion Designer ${index} ${unique}`,
        publishedAt: new Date(now - (10 + index) * day),
      });
    }
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('lists every company’s jobs with company, status, applications and posted date, searched and paged', async () => {
    const byTitle = await list({ q: `Night Dispatcher ${unique}` });
    expect(byTitle.total).toBe(1);
    expect(byTitle.items[0]).toMatchObject({
      title: `Night Dispatcher ${unique}`,
      company_id: acmeId,
      company_name: acmeName,
      status: 'open',
      applications_count: 2,
    });

    // The company's name finds its jobs too.
    const byCompany = await list({ q: globexName, page_size: 2 });
    expect(byCompany.total).toBe(3);
    expect(byCompany.items.map((job) => job.title)).toEqual([
      `Motion Designer 0 ${unique}`,
      `Motion Designer 1 ${unique}`,
    ]);
    const secondPage = await list({ q: globexName, page_size: 2, page: 2 });
    expect(secondPage.items.map((job) => job.title)).toEqual([`Motion Designer 2 ${unique}`]);

    const drafts = await list({ q: unique, status: 'draft' });
    expect(drafts.items.map((job) => job.title)).toEqual([`Route Planner ${unique}`]);
    const ofAcme = await list({ q: unique, company_id: acmeId });
    expect(ofAcme.total).toBe(2);
    expect(ofAcme.items.every((job) => job.company_name === acmeName)).toBe(true);
  });

  it('offers the active companies for Create Job', async () => {
    const response = await admin.call(adminJobsContract.companyOptions, { query: { q: acmeName } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ items: [{ id: acmeId, name: acmeName, detail: null }] });
  });

  it('creates a job for a chosen company, with the admin as the audited actor', async () => {
    const initechName = `Initech ${unique}`;
    const initechId = await ownCompany(initechName);
    const response = await admin.call(adminJobsContract.create, {
      body: {
        company_id: initechId,
        status: 'open',
        title: `Brand Designer ${unique}`,
        description: 'Design our brand system with the marketing team.',
        engagement_type: 'hourly',
        budget_min: 30,
        budget_max: 45,
      },
    });
    expect(response.statusCode).toBe(201);
    const job = response.body;
    expect(job).toMatchObject({ title: `Brand Designer ${unique}`, status: 'open', company_name: initechName });
    const listed = await list({ q: `Brand Designer ${unique}` });
    expect(listed.items[0]).toMatchObject({ company_id: initechId, status: 'open', applications_count: 0 });
    const audit = await auditRow('job.created', job.id);
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'job' });
    expect(audit?.details).toMatchObject({ status: 'open', title: `Brand Designer ${unique}` });
  });

  it('refuses a job without a company, for an unknown company, or breaking the publishing rules', async () => {
    // No company_id, which the contract requires: sent as a broken form would.
    const noCompany = await admin.callUnchecked(adminJobsContract.create, { body: { title: 'Orphan' } });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.error?.fields?.company_id).toBe('Choose the company this job is for.');

    const unknown = await admin.call(adminJobsContract.create, {
      body: { company_id: randomUUID(), title: 'Ghost job' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error?.error).toBe('This company does not exist.');

    const noBudget = await admin.call(adminJobsContract.create, {
      body: { company_id: acmeId, status: 'open', title: 'Budgetless', description: 'No rates given.' },
    });
    expect(noBudget.statusCode).toBe(400);
    expect(noBudget.error?.error).toBe('Please specify both minimum and maximum hourly rates.');
  });

  it('edits a job with the company’s rules and archives it, each audited; an archived job is frozen', async () => {
    const job = await buildJob(db(), {
      companyId: await ownCompany(`Hooli ${unique}`),
      title: `Fleet Analyst ${unique}`,
    });
    const loaded = await admin.call(adminJobsContract.get, { params: { id: job.id } });
    expect(loaded.statusCode).toBe(200);
    const fields = loaded.body;
    // The job sent back as loaded: its answer types required_certs as plain strings, which the update's
    // types (the certifications' list) do not take, so it goes unchecked.
    const edited = await admin.callUnchecked(adminJobsContract.update, {
      params: { id: job.id },
      body: { ...fields, title: `Senior Fleet Analyst ${unique}`, test_ids: [] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.title).toBe(`Senior Fleet Analyst ${unique}`);
    expect(await auditRow('job.updated', job.id)).toMatchObject({ actorId: admin.user.id });
    expect((await auditRow('job.updated', job.id))?.details).toMatchObject({ fields: ['title'] });

    const tooLong = await admin.callUnchecked(adminJobsContract.update, {
      params: { id: job.id },
      body: { ...fields, title: 'x'.repeat(61) },
    });
    expect(tooLong.statusCode).toBe(400);

    const archived = await admin.call(adminJobsContract.archive, { params: { id: job.id } });
    expect(archived.statusCode).toBe(200);
    expect(archived.body.status).toBe('archived');
    expect((await auditRow('job.archived', job.id))?.details).toMatchObject({ from: 'open', to: 'archived' });

    const again = await admin.call(adminJobsContract.archive, { params: { id: job.id } });
    expect(again.statusCode).toBe(409);
    const frozen = await admin.callUnchecked(adminJobsContract.update, { params: { id: job.id }, body: fields });
    expect(frozen.statusCode).toBe(409);
  });

  it('answers 404 for an unknown job and 400 for a malformed id or filter', async () => {
    const missing = await admin.call(adminJobsContract.archive, { params: { id: randomUUID() } });
    expect(missing.statusCode).toBe(404);
    expect(missing.error?.error).toBe(jobEditTexts.notFound);
    expect((await admin.call(adminJobsContract.get, { params: { id: 'not-a-uuid' } })).statusCode).toBe(400);
    // A status no job has, as a hand-written link would send it.
    const badStatus = await admin.callUnchecked(adminJobsContract.list, { query: { status: 'sleeping' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.error?.fields?.status).toBe('Choose a status from the list.');
    expect((await admin.call(adminJobsContract.list, { query: { page_size: 1000 } })).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    for (const account of [company, applicant]) {
      expect((await account.call(adminJobsContract.list)).statusCode).toBe(403);
      const created = await account.call(adminJobsContract.create, { body: { company_id: acmeId, title: 'Sneaky' } });
      expect(created.statusCode).toBe(403);
    }
    const anonymous = await callerFrom(testApp).call(adminJobsContract.list);
    expect(anonymous.statusCode).toBe(401);
  });
});
