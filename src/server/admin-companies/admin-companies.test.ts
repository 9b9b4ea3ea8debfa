import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCompany, AdminCompanyDetail, CompanyDeletePreview } from '~/shared/admin-companies';
import { adminCompanyTexts } from '~/shared/admin-companies';
import { signedOutTexts } from '~/shared/auth';
import type { BodyOf, QueryOf } from '~/shared/contract';
import { adminCompaniesContract } from '~/shared/contracts/admin-companies';
import { authContract } from '~/shared/contracts/auth';
import { companiesContract } from '~/shared/contracts/companies';
import { jobBoardContract } from '~/shared/contracts/job-board';
import { auditLogs, companies, invoices, jobs } from '../db/schema';
import { revenueMonthOf } from '../kernels/money/monthly-revenue';
import { buildAccount } from '../seed/factories';
import { buildJob } from '../seed/job-factories';
import { callerFrom, signedInAccount } from '../testing/auth-helpers';
import { companyIdOf, insertTestInvoice } from '../testing/payment-test-invoices';
import { createTestApp, type TestApp } from '../testing/test-app';
import { buildAssignment } from '../testing/work-factories';

type Account = Awaited<ReturnType<typeof signedInAccount>>;

// Company Management: the list and its figures, the account manager dropdown, and bulk
// Suspend, Activate and Delete with their audit rows, for administrators only.
describe('admin companies', () => {
  let testApp: TestApp;
  let admin: Account;
  let manager: Awaited<ReturnType<typeof buildAccount>>;
  const unique = randomUUID().slice(0, 8);
  const db = () => testApp.database.db;

  const bulk = (body: BodyOf<typeof adminCompaniesContract.bulk>, account = admin) =>
    account.call(adminCompaniesContract.bulk, { body });
  const list = async (query: QueryOf<typeof adminCompaniesContract.list> = {}) => {
    const response = await admin.call(adminCompaniesContract.list, { query });
    expect(response.statusCode, response.error?.error).toBe(200);
    return response.body;
  };
  const detailOf = (id: string, account = admin) => account.call(adminCompaniesContract.get, { params: { id } });
  const auditRows = (action: string, companyId: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, action), eq(auditLogs.targetId, companyId)));

  // A company (and its owner, signed in) named for this run. A test that searches the list by a term gives its
  // companies a term of its own, so the companies other tests add stay out of it.
  async function seedCompany(name: string, term = unique) {
    const owner = await signedInAccount(testApp, { role: 'company', companyName: `${name} ${term}` });
    return { owner, id: await companyIdOf(db(), owner.user.id) };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    admin = await signedInAccount(testApp, { role: 'admin' });
    manager = await buildAccount(db(), { role: 'account_manager', name: `Morgan Manager ${unique}` });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists companies newest first with workers, active jobs and this month’s invoiced revenue', async () => {
    const term = randomUUID().slice(0, 8);
    const older = await seedCompany('Harbor Logistics', term);
    const newer = await seedCompany('Beacon Analytics', term);
    const talent = await buildAccount(db(), { role: 'applicant' });
    const today = new Date().toISOString().slice(0, 10);
    await buildAssignment(db(), { companyId: newer.id, applicantId: talent.user.id, startDate: today });
    await buildAssignment(db(), {
      companyId: newer.id,
      applicantId: talent.user.id,
      startDate: today,
      status: 'ended',
    });
    await buildJob(db(), { companyId: newer.id, status: 'open' });
    await buildJob(db(), { companyId: newer.id, status: 'open' });
    await buildJob(db(), { companyId: newer.id, status: 'draft' });
    const invoice = await insertTestInvoice(db(), { companyId: newer.id, status: 'paid' });
    await db()
      .update(invoices)
      .set({ issueDate: revenueMonthOf(new Date()).start })
      .where(eq(invoices.id, invoice.id));

    const found = await list({ q: term });
    expect(found.total).toBe(2);
    expect(found.items.map((company) => company.id)).toEqual([newer.id, older.id]);
    const [row] = found.items;
    expect(row).toMatchObject<Partial<AdminCompany>>({
      name: `Beacon Analytics ${term}`,
      status: 'active',
      account_manager_id: null,
      workers: 1,
      active_jobs: 2,
      // Monthly Revenue (decision 023): work and fee, before tax.
      monthly_revenue_cents: invoice.subtotalCents + invoice.feeCents,
    });
    expect(found.items[1]).toMatchObject({ workers: 0, active_jobs: 0, monthly_revenue_cents: 0 });

    // Case-insensitive search on the contact email too; paging on the server.
    const [company] = await db().select().from(companies).where(eq(companies.id, older.id));
    const byEmail = await list({ q: company?.contactEmail.toUpperCase() ?? '' });
    expect(byEmail.items.map((item) => item.id)).toEqual([older.id]);
    const secondPage = await list({ q: term, page: 2, page_size: 1 });
    expect(secondPage).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(secondPage.items.map((item) => item.id)).toEqual([older.id]);

    // Without a status filter the active and the suspended are merged, still newest first.
    await db().update(companies).set({ status: 'suspended' }).where(eq(companies.id, newer.id));
    expect((await list({ q: term })).items.map((item) => item.id)).toEqual([newer.id, older.id]);
    const mergedSecond = await list({ q: term, page: 2, page_size: 1 });
    expect(mergedSecond.items.map((item) => item.id)).toEqual([older.id]);
    await db().update(companies).set({ status: 'active' }).where(eq(companies.id, newer.id));

    const detail = await detailOf(newer.id);
    expect(detail.statusCode, detail.error?.error).toBe(200);
    expect(detail.body).toMatchObject<Partial<AdminCompanyDetail>>({
      contact_email: newer.owner.user.email,
      jobs: 3,
      members: 1,
      workers: 1,
      // Monthly Revenue (decision 023): work and fee, before tax.
      monthly_revenue_cents: invoice.subtotalCents + invoice.feeCents,
      outstanding_invoices: 0,
    });
  });

  // "Members 1" was all the drawer said: it lists the team, each member with their role, owner first.
  it("lists a company's members with their roles in its drawer", async () => {
    const { owner, id } = await seedCompany('Team Co');
    const hiring = await buildAccount(db(), {
      role: 'company',
      name: `Hana Hiring ${unique}`,
      company: { id, role: 'hiring_manager' },
    });
    const billing = await buildAccount(db(), {
      role: 'company',
      name: `Bo Billing ${unique}`,
      company: { id, role: 'billing' },
    });

    const detail = await detailOf(id);
    expect(detail.statusCode, detail.error?.error).toBe(200);
    const body = detail.body;
    expect(body.members).toBe(3);
    expect(body.team.map(({ id: memberId, name, email, role }) => ({ id: memberId, name, email, role }))).toEqual([
      { id: owner.user.id, name: owner.user.name, email: owner.user.email, role: 'owner' },
      { id: hiring.user.id, name: hiring.user.name, email: hiring.user.email, role: 'hiring_manager' },
      { id: billing.user.id, name: billing.user.name, email: billing.user.email, role: 'billing' },
    ]);
    // The owner signed in (their session is fresh); the others never did.
    expect(body.team[0]?.last_active_at).toEqual(expect.any(String));
    expect(body.team[1]?.last_active_at).toBeNull();
  });

  it('assigns an account manager from the list, writes the audit row, and refuses anyone else', async () => {
    const { id } = await seedCompany('Northwind Traders');
    const options = await admin.call(adminCompaniesContract.accountManagerOptions);
    expect(options.statusCode, options.error?.error).toBe(200);
    expect(options.body.items).toContainEqual({
      id: manager.user.id,
      name: manager.user.name,
      email: manager.user.email,
    });

    const assign = (accountManagerId: string | null) =>
      admin.call(adminCompaniesContract.assignAccountManager, { params: { id }, body: { accountManagerId } });
    const assigned = await assign(manager.user.id);
    expect(assigned.statusCode, assigned.error?.error).toBe(200);
    expect(assigned.body.company).toMatchObject({
      account_manager_id: manager.user.id,
      account_manager_name: manager.user.name,
    });
    const [row] = await auditRows('company.account_manager_assigned', id);
    expect(row?.actorId).toBe(admin.user.id);
    expect(row?.details).toEqual({
      before: { account_manager_id: null },
      after: { account_manager_id: manager.user.id },
    });

    const notManager = await assign(admin.user.id);
    expect(notManager.statusCode).toBe(400);
    expect(notManager.error?.error).toBe(adminCompanyTexts.notAccountManager);
    const cleared = await assign(null);
    expect(cleared.body.company.account_manager_id).toBeNull();
    expect(await auditRows('company.account_manager_assigned', id)).toHaveLength(2);
    const missing = await admin.call(adminCompaniesContract.assignAccountManager, {
      params: { id: randomUUID() },
      body: { accountManagerId: null },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('suspends a company: its members are signed out and cannot sign in, its jobs leave the board', async () => {
    const { owner, id } = await seedCompany('Cobalt Studio');
    const job = await buildJob(db(), { companyId: id, status: 'open', title: `Cobalt role ${unique}` });
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    const board = async () =>
      (await applicant.call(jobBoardContract.findJobs, { query: { q: `Cobalt role ${unique}` } })).body;
    const companyOf = (account: Account) => account.call(companiesContract.profile);
    expect((await board()).items.map((item) => item.id)).toContain(job.id);
    expect((await companyOf(owner)).statusCode).toBe(200);

    const suspended = await bulk({ action: 'suspend', ids: [id] });
    expect(suspended.statusCode, suspended.error?.error).toBe(200);
    expect(suspended.body).toEqual({ changed: 1, jobs_closed: 0, members_signed_out: 1 });
    const afterSuspension = await companyOf(owner);
    expect(afterSuspension.statusCode).toBe(401);
    // The tab still open is told why, as often as it asks, not just to sign in.
    expect(afterSuspension.error).toEqual({
      error: signedOutTexts.company_suspended,
      code: 'account_suspended',
    });
    expect((await companyOf(owner)).error?.code).toBe('account_suspended');
    expect((await owner.call(authContract.me)).body).toEqual({
      user: null,
      signed_out_reason: 'company_suspended',
    });
    const signIn = await callerFrom(testApp).call(authContract.signIn, {
      body: { email: owner.user.email, password: owner.password ?? '' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.error?.error).toBe(adminCompanyTexts.suspendedCompany);
    expect((await board()).items.map((item) => item.id)).not.toContain(job.id);
    expect((await list({ q: `Cobalt Studio ${unique}`, status: 'suspended' })).total).toBe(1);
    expect((await list({ q: `Cobalt Studio ${unique}`, status: 'active' })).total).toBe(0);
    const [audit] = await auditRows('company.suspended', id);
    expect(audit?.details).toMatchObject({
      before: { status: 'active' },
      after: { status: 'suspended' },
      members_signed_out: 1,
    });

    // Suspending again changes nothing; Activate restores.
    expect((await bulk({ action: 'suspend', ids: [id] })).body.changed).toBe(0);
    const activated = await bulk({ action: 'activate', ids: [id] });
    expect(activated.body.changed).toBe(1);
    expect((await auditRows('company.activated', id))[0]?.details).toMatchObject({
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    expect((await board()).items.map((item) => item.id)).toContain(job.id);
    const again = await callerFrom(testApp).call(authContract.signIn, {
      body: { email: owner.user.email, password: owner.password ?? '' },
    });
    expect(again.statusCode, again.error?.error).toBe(200);
    // Activating did not bring the old session back: it ended with the suspension.
    const oldSession = await companyOf(owner);
    expect(oldSession.statusCode).toBe(401);
    expect(oldSession.error?.code).toBe('unauthenticated');
  });

  it('refuses to delete a company with unpaid invoices, naming them', async () => {
    const { id } = await seedCompany('Ledger Owing');
    const invoice = await insertTestInvoice(db(), { companyId: id, status: 'overdue' });
    const preview = await admin.call(adminCompaniesContract.deletePreview, { body: { ids: [id] } });
    expect(preview.body).toMatchObject<Partial<CompanyDeletePreview>>({
      blocked_by_unpaid: [{ name: `Ledger Owing ${unique}`, invoices: 1 }],
    });
    const refused = await bulk({ action: 'delete', ids: [id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.error?.error).toBe(
      adminCompanyTexts.unpaidInvoices([`Ledger Owing ${unique} (${invoice.invoiceNumber})`]),
    );
    const [company] = await db().select().from(companies).where(eq(companies.id, id));
    expect(company).toMatchObject({ status: 'active', deletedAt: null });
    expect(await auditRows('company.deleted', id)).toHaveLength(0);
  });

  it('deletes a company softly: jobs closed, members signed out, invoices kept, gone from the list', async () => {
    const { owner, id } = await seedCompany('Sunset Retail');
    await buildJob(db(), { companyId: id, status: 'open' });
    await buildJob(db(), { companyId: id, status: 'paused' });
    await buildJob(db(), { companyId: id, status: 'draft' });
    const paid = await insertTestInvoice(db(), { companyId: id, status: 'paid' });

    const preview = await admin.call(adminCompaniesContract.deletePreview, { body: { ids: [id] } });
    expect(preview.statusCode, preview.error?.error).toBe(200);
    expect(preview.body).toEqual({
      companies: 1,
      jobs_to_close: 2,
      members_to_sign_out: 1,
      invoices_kept: 1,
      blocked_by_unpaid: [],
    });

    const deleted = await bulk({ action: 'delete', ids: [id] });
    expect(deleted.statusCode, deleted.error?.error).toBe(200);
    expect(deleted.body).toEqual({ changed: 1, jobs_closed: 2, members_signed_out: 1 });
    expect((await owner.call(companiesContract.profile)).statusCode).toBe(401);
    const [company] = await db().select().from(companies).where(eq(companies.id, id));
    expect(company?.status).toBe('suspended');
    expect(company?.deletedAt).toBeInstanceOf(Date);
    const statuses = (await db().select({ status: jobs.status }).from(jobs).where(eq(jobs.companyId, id)))
      .map((job) => job.status)
      .sort();
    expect(statuses).toEqual(['closed', 'closed', 'draft']);
    expect((await list({ q: `Sunset Retail ${unique}` })).total).toBe(0);
    expect((await detailOf(id)).statusCode).toBe(404);
    expect(await db().select().from(invoices).where(eq(invoices.id, paid.id))).toHaveLength(1);
    const [audit] = await auditRows('company.deleted', id);
    expect(audit?.details).toMatchObject({
      before: { status: 'active', deleted_at: null },
      after: { status: 'suspended' },
      jobs_closed: 2,
      members_signed_out: 1,
    });
    // A deleted company is no longer there to act on.
    expect((await bulk({ action: 'activate', ids: [id] })).statusCode).toBe(404);
  });

  it('totals each status as a direct count does, through suspensions and deletions', async () => {
    const direct = async (status?: 'active' | 'suspended') =>
      (
        await db()
          .select({ id: companies.id })
          .from(companies)
          .where(and(isNull(companies.deletedAt), status ? eq(companies.status, status) : undefined))
      ).length;
    const expectTotalsToMatch = async () => {
      expect((await list()).total).toBe(await direct());
      expect((await list({ status: 'active' })).total).toBe(await direct('active'));
      expect((await list({ status: 'suspended' })).total).toBe(await direct('suspended'));
    };
    const first = await seedCompany('Tally One');
    const second = await seedCompany('Tally Two');
    await expectTotalsToMatch();
    expect((await bulk({ action: 'suspend', ids: [first.id, second.id] })).statusCode).toBe(200);
    await expectTotalsToMatch();
    expect((await bulk({ action: 'activate', ids: [second.id] })).statusCode).toBe(200);
    expect((await bulk({ action: 'delete', ids: [second.id] })).statusCode).toBe(200);
    await expectTotalsToMatch();
    expect((await list({ q: `Tally One ${unique}`, status: 'suspended' })).total).toBe(1);
  });

  it('is for administrators only, and answers bad input with a sentence', async () => {
    const { owner, id } = await seedCompany('Gatekeeper');
    const applicant = await signedInAccount(testApp, { role: 'applicant' });
    for (const account of [owner, applicant]) {
      expect((await account.call(adminCompaniesContract.list)).statusCode).toBe(403);
      expect((await detailOf(id, account)).statusCode).toBe(403);
      expect((await bulk({ action: 'suspend', ids: [id] }, account)).statusCode).toBe(403);
      const assign = await account.call(adminCompaniesContract.assignAccountManager, {
        params: { id },
        body: { accountManagerId: null },
      });
      expect(assign.statusCode).toBe(403);
    }
    // A status not in the list is one the contract's types would not send.
    const badStatus = await admin.callUnchecked(adminCompaniesContract.list, { query: { status: 'closed' } });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.error?.error).toEqual(expect.any(String));
    expect((await admin.call(adminCompaniesContract.list, { query: { page: 0 } })).statusCode).toBe(400);
    expect((await detailOf('not-an-id')).statusCode).toBe(400);
    const badAction = await admin.callUnchecked(adminCompaniesContract.bulk, {
      body: { action: 'archive', ids: [id] },
    });
    expect(badAction.statusCode).toBe(400);
    const noIds = await bulk({ action: 'suspend', ids: [] });
    expect(noIds.statusCode).toBe(400);
    expect(JSON.stringify(noIds.error)).toContain('Select at least one company.');
    expect((await bulk({ action: 'suspend', ids: [randomUUID()] })).statusCode).toBe(404);
  });
});
